/**
 * Single-use, expiring proofs of a mailbox (`auth_tokens`): e-mail verification (24 h) and password
 * reset (1 h). Each is mailed twice over, as a link token and as a 6-digit code; using either uses
 * both. Only hashes are stored. A new one replaces the account's earlier one of the same purpose.
 */
import type { Db } from '../../../db/database.ts';
import { hashCode, hashToken, randomCode, randomToken, sameHash } from './tokens.ts';

export type OneTimePurpose = 'VERIFY' | 'RESET';

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  VERIFY: 24 * 60 * 60_000,
  RESET: 60 * 60_000,
};

/** Wrong codes a token survives: after that it is burnt and a new one must be asked for. */
export const MAX_CODE_ATTEMPTS = 5;

export interface IssuedOneTimeToken {
  token: string;
  code: string;
  expiresAt: Date;
}

export async function issueOneTimeToken(
  db: Db,
  { userId, purpose, secret, now, ttlMs = ONE_TIME_TTL_MS[purpose] }: { userId: string; purpose: OneTimePurpose; secret: string; now: Date; ttlMs?: number },
): Promise<IssuedOneTimeToken> {
  const at = now.toISOString();
  await db.updateTable('authTokens').set({ usedAt: at }).where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
  const token = randomToken();
  const code = randomCode();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db
    .insertInto('authTokens')
    .values({
      id: crypto.randomUUID(),
      userId,
      purpose,
      tokenHash: hashToken(token),
      codeHash: hashCode({ code, userId, purpose, secret }),
      attempts: 0,
      expiresAt: expiresAt.toISOString(),
      usedAt: null,
      createdAt: at,
    })
    .execute();
  return { token, code, expiresAt };
}

/** Whether the account was sent a token of this purpose that is still usable and younger than `withinMs`. */
export async function hasRecentOneTimeToken(
  db: Db,
  { userId, purpose, now, withinMs }: { userId: string; purpose: OneTimePurpose; now: Date; withinMs: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('authTokens')
    .select('id')
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .where('createdAt', '>', new Date(now.getTime() - withinMs).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** 'wrong': a code that does not match (counted); 'expired': nothing usable (expired, used, burnt, unknown). */
export type ConsumeResult = { ok: true; userId: string } | { ok: false; reason: 'wrong' | 'expired' };

/** Marks a row used, only if nobody did first: of two concurrent uses, one wins. */
async function markUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('authTokens')
    .set({ usedAt: now.toISOString() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses the token of a mailed link. */
export async function consumeLinkToken(db: Db, { token, purpose, now }: { token: string; purpose: OneTimePurpose; now: Date }): Promise<ConsumeResult> {
  const row = await db
    .selectFrom('authTokens')
    .select(['id', 'userId'])
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || !(await markUsed(db, row.id, now))) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId };
}

/**
 * Uses a typed code against the account's current token. A wrong code counts an attempt; the last
 * allowed wrong attempt burns the token. Call it outside any transaction that a failure rolls back,
 * or the count would be rolled back with it.
 */
export async function consumeCode(
  db: Db,
  { userId, code, purpose, secret, now }: { userId: string; code: string; purpose: OneTimePurpose; secret: string; now: Date },
): Promise<ConsumeResult> {
  const row = await db
    .selectFrom('authTokens')
    .select(['id', 'codeHash'])
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'expired' };
  if (!sameHash(row.codeHash, hashCode({ code, userId, purpose, secret }))) {
    // Counted in the database, not from the row read above: parallel guesses each count.
    await db
      .updateTable('authTokens')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    const burnt = await db
      .updateTable('authTokens')
      .set({ usedAt: now.toISOString() })
      .where('id', '=', row.id)
      .where('attempts', '>=', MAX_CODE_ATTEMPTS)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return { ok: false, reason: Number(burnt.numUpdatedRows) === 1 ? 'expired' : 'wrong' };
  }
  if (!(await markUsed(db, row.id, now))) return { ok: false, reason: 'expired' };
  return { ok: true, userId };
}

/** Burns every unused token of an account (a password change makes a pending reset pointless). */
export async function burnOneTimeTokens(db: Db, { userId, purpose, now }: { userId: string; purpose?: OneTimePurpose; now: Date }): Promise<void> {
  let query = db.updateTable('authTokens').set({ usedAt: now.toISOString() }).where('userId', '=', userId).where('usedAt', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  await query.execute();
}
