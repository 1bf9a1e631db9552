/**
 * Accounts as rows: look-ups by e-mail, the identity a token carries, and the traveller every account
 * books as ("the traveler is looked up by email; if none exists, one is created", spec §4 Session).
 */
import { isOneOf, STAFF_GROUPS } from '#shared/enums.ts';
import { buildTravelerFromProfile } from '#shared/rules/session.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type { AuthContext } from '../../../auth-context.ts';
import type { Db } from '../../../db/database.ts';
import type { UserRow } from '../../../db/tables.ts';

/** E-mails are stored lower-cased (the schemas lower-case input), so equality finds the one account. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createUser(
  db: Db,
  { email, passwordHash, verifiedAt, now }: { email: string; passwordHash: string | null; verifiedAt: string | null; now: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email: email.trim().toLowerCase(),
      passwordHash,
      emailVerifiedAt: verifiedAt,
      travelerId: null,
      disabledAt: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

/**
 * What an access token says about an account, read fresh from the database at every issue, so a change
 * of groups reaches the next token. Null for an account that is gone or disabled.
 */
export async function loadIdentity(db: Db, userId: string): Promise<AuthContext | null> {
  const user = await db.selectFrom('users').select(['id', 'email', 'travelerId', 'disabledAt']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.disabledAt !== null) return null;
  const groups = await db.selectFrom('userGroups').select('groupName').where('userId', '=', userId).orderBy('groupName').execute();
  return {
    userId: user.id,
    email: user.email,
    travelerId: user.travelerId,
    groups: groups.map((g) => g.groupName).filter((g) => isOneOf(STAFF_GROUPS, g)),
  };
}

/**
 * Links the account to its traveller: the one already linked, else the traveller with the account's
 * e-mail (preferring one created for this account), else a new one built as the spec says (name from
 * the profile or the part before the @, empty surname, dni, birthdate, sex and phone, the account id
 * as cognitoID). Runs after every sign-in, so an account that lost its traveller gets one back.
 */
export async function ensureTraveler(db: Db, { userId, profileName = null, now }: { userId: string; profileName?: string | null; now: Date }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['email', 'travelerId']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.travelerId) {
      const linked = await trx.selectFrom('travelers').select('id').where('id', '=', user.travelerId).executeTakeFirst();
      if (linked) return linked.id;
    }
    const at = now.toISOString();
    const found = await trx
      .selectFrom('travelers')
      .select(['id', 'cognitoId'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', user.email))
      .orderBy((eb) => eb.case().when('cognitoId', '=', userId).then(0).else(1).end())
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirst();
    let travelerId: string;
    if (found) {
      travelerId = found.id;
      // A traveller first created by a booking without an account now belongs to this account.
      if (found.cognitoId === null || found.cognitoId === '') {
        await trx.updateTable('travelers').set({ cognitoId: userId, updatedAt: at }).where('id', '=', found.id).execute();
      }
    } else {
      travelerId = crypto.randomUUID();
      const profile = buildTravelerFromProfile({ email: user.email, name: profileName, accountId: userId });
      await trx
        .insertInto('travelers')
        .values({ id: travelerId, ...profile, createdAt: at, updatedAt: at })
        .execute();
    }
    await trx.updateTable('users').set({ travelerId, updatedAt: at }).where('id', '=', userId).execute();
    return travelerId;
  });
}

/** The account as the island shows it; the traveller's name comes from its row, not the token. */
export async function sessionUser(db: Db, identity: AuthContext): Promise<SessionUser> {
  const traveler = identity.travelerId
    ? await db.selectFrom('travelers').select(['name', 'surname']).where('id', '=', identity.travelerId).executeTakeFirst()
    : undefined;
  return {
    id: identity.userId,
    email: identity.email,
    groups: identity.groups,
    travelerId: identity.travelerId,
    traveler: traveler ? { name: traveler.name, surname: traveler.surname } : null,
  };
}
