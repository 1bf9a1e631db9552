/**
 * Sessions: a family of refresh tokens per sign-in, one `sessions` row per token, stored hashed. Every
 * refresh rotates: the presented row is marked rotated and a new one joins the family. Presenting a
 * rotated token again means it was copied, so the whole family is revoked (reuse detection) — except
 * within a few seconds of its rotation, where it is two tabs refreshing at once, not a thief.
 */
import type { AuthContext } from '../../../auth-context.ts';
import { isOneOf, STAFF_GROUPS } from '#shared/enums.ts';
import type { Db } from '../../../db/database.ts';
import { cachedReads } from '../../../db/table-versions.ts';
import { type AccessToken, hashToken, issueAccessToken, randomToken, REFRESH_TOKEN_SECONDS } from './tokens.ts';
import { loadIdentity } from './users.ts';

/** How long a just-rotated token still earns an access token (but no new refresh token). */
export const ROTATION_GRACE_MS = 10_000;

export interface IssuedSession {
  identity: AuthContext;
  familyId: string;
  access: AccessToken;
  /** Absent when only the access token was renewed (a refresh inside the rotation grace). */
  refresh: { token: string; expiresAt: Date } | null;
}

interface SessionContext {
  secret: string;
  now: Date;
  userAgent?: string | null;
}

async function insertRefreshToken(db: Db, { userId, familyId, now, userAgent }: { userId: string; familyId: string; now: Date; userAgent: string | null }) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000);
  await db
    .insertInto('sessions')
    .values({
      id: crypto.randomUUID(),
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: expiresAt.toISOString(),
      rotatedAt: null,
      revokedAt: null,
      userAgent: userAgent?.slice(0, 255) ?? null,
      createdAt: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** Signs an account in: a new family with its first refresh token, and an access token. Null if the account is disabled or gone. */
export async function startSession(db: Db, { userId, secret, now, userAgent = null }: SessionContext & { userId: string }): Promise<IssuedSession | null> {
  const identity = await loadIdentity(db, userId);
  if (!identity) return null;
  const familyId = crypto.randomUUID();
  const refresh = await insertRefreshToken(db, { userId, familyId, now, userAgent });
  const access = await issueAccessToken({ identity, familyId, secret, now });
  return { identity, familyId, access, refresh };
}

export type RefreshResult = { ok: true; session: IssuedSession } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled' };

/** Revokes every live token of a family (sign-out, reuse). */
export async function revokeFamily(db: Db, { familyId, now }: { familyId: string; now: Date }): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: now.toISOString() }).where('familyId', '=', familyId).where('revokedAt', 'is', null).execute();
}

/** Revokes all of an account's sessions, or all but one family (the one changing the password). */
export async function revokeUserSessions(
  db: Db,
  { userId, now, exceptFamilyId }: { userId: string; now: Date; exceptFamilyId?: string | null },
): Promise<void> {
  let query = db.updateTable('sessions').set({ revokedAt: now.toISOString() }).where('userId', '=', userId).where('revokedAt', 'is', null);
  if (exceptFamilyId) query = query.where('familyId', '!=', exceptFamilyId);
  await query.execute();
}

/**
 * Whether a sign-in still stands, and with which groups: its family has a token not revoked, its account
 * is not disabled. Every request with an access token asks, so a copied cookie stops working the moment
 * its session is signed out, reset or revoked, not when the token expires (issue 16). Kept until one of
 * these tables is written by this process, and at most a second for another's writes.
 */
const standingSessions = cachedReads<{ groups: AuthContext['groups'] } | null>({ tables: ['sessions', 'users', 'user_groups'] });

/**
 * The caller of an access token as the database has them now: null when the session was ended, the
 * account's current groups otherwise (a staff member who lost a group loses it on their next request).
 */
export async function confirmSession(db: Db, { auth, familyId }: { auth: AuthContext; familyId: string }): Promise<AuthContext | null> {
  const standing = await standingSessions(db, `${auth.userId} ${familyId}`, async () => {
    const live = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select('sessions.id')
      .where('sessions.familyId', '=', familyId)
      .where('sessions.userId', '=', auth.userId)
      .where('sessions.revokedAt', 'is', null)
      .where('users.disabledAt', 'is', null)
      .executeTakeFirst();
    if (!live) return null;
    const groups = await db.selectFrom('userGroups').select('groupName').where('userId', '=', auth.userId).orderBy('groupName').execute();
    return { groups: groups.map((g) => g.groupName).filter((g) => isOneOf(STAFF_GROUPS, g)) };
  });
  return standing && { ...auth, groups: standing.groups };
}

/** The family a refresh token belongs to, if it is one of ours. */
export async function familyOfRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('familyId').where('tokenHash', '=', hashToken(refreshToken)).executeTakeFirst();
  return row?.familyId ?? null;
}

/**
 * Exchanges a refresh token for a new refresh token and a new access token, reading the account's
 * groups and traveller afresh. Refuses unknown, expired and revoked tokens; revokes the family of a
 * reused one.
 */
export async function refreshSession(
  db: Db,
  { refreshToken, secret, now, userAgent = null }: SessionContext & { refreshToken: string },
): Promise<RefreshResult> {
  const row = await db.selectFrom('sessions').selectAll().where('tokenHash', '=', hashToken(refreshToken)).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt !== null) return { ok: false, reason: 'revoked' };
  const renewAccessOnly = async (): Promise<RefreshResult> => {
    const live = await db
      .selectFrom('sessions')
      .select('id')
      .where('familyId', '=', row.familyId)
      .where('revokedAt', 'is', null)
      .where('rotatedAt', 'is', null)
      .where('expiresAt', '>', now.toISOString())
      .executeTakeFirst();
    if (!live) return { ok: false, reason: 'revoked' };
    const identity = await loadIdentity(db, row.userId);
    if (!identity) return { ok: false, reason: 'disabled' };
    const access = await issueAccessToken({ identity, familyId: row.familyId, secret, now });
    return { ok: true, session: { identity, familyId: row.familyId, access, refresh: null } };
  };
  const reused = async (): Promise<RefreshResult> => {
    await revokeFamily(db, { familyId: row.familyId, now });
    console.warn(JSON.stringify({ level: 'warn', event: 'auth.refresh_reused', userId: row.userId, familyId: row.familyId }));
    return { ok: false, reason: 'reused' };
  };

  if (row.rotatedAt !== null) {
    return now.getTime() - Date.parse(row.rotatedAt) <= ROTATION_GRACE_MS ? renewAccessOnly() : reused();
  }
  if (Date.parse(row.expiresAt) <= now.getTime()) return { ok: false, reason: 'expired' };
  const identity = await loadIdentity(db, row.userId);
  if (!identity) {
    await revokeFamily(db, { familyId: row.familyId, now });
    return { ok: false, reason: 'disabled' };
  }

  const rotated = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('sessions')
      .set({ rotatedAt: now.toISOString() })
      .where('id', '=', row.id)
      .where('rotatedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    return insertRefreshToken(trx, { userId: row.userId, familyId: row.familyId, now, userAgent: userAgent ?? row.userAgent });
  });
  // Another request rotated the same token a moment ago: the same race as the grace period covers.
  if (!rotated) return renewAccessOnly();
  const access = await issueAccessToken({ identity, familyId: row.familyId, secret, now });
  return { ok: true, session: { identity, familyId: row.familyId, access, refresh: rotated } };
}

/** Rotated and revoked rows are kept until they expire (a replayed old token must still be recognised); after that they only take space. */
export const PRUNE_AFTER_MS = 24 * 60 * 60_000;

/** Deletes refresh tokens and single-use tokens that expired more than a day ago. */
export async function pruneExpiredTokens(db: Db, { now }: { now: Date }): Promise<void> {
  const before = new Date(now.getTime() - PRUNE_AFTER_MS).toISOString();
  await db.deleteFrom('sessions').where('expiresAt', '<', before).execute();
  await db.deleteFrom('authTokens').where('expiresAt', '<', before).execute();
}
