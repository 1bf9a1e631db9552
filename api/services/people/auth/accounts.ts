/**
 * The account flows behind `/api/auth/*`: sign-up, verification, the password check of a sign-in,
 * forgotten and changed passwords, the staff-forced reset and the account of a social sign-in. Cookies
 * and HTTP stay in the route module; sessions in `sessions.ts`.
 *
 * Nothing here tells a caller whether an e-mail has an account: sign-up and "forgot" answer the same
 * either way (the mailbox's owner learns the difference), and a wrong password costs the same argon2
 * work as an unknown e-mail.
 */
import { AUTH_LINK_PARAMS, AUTH_MESSAGES } from '#shared/schemas/auth.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { UserRow } from '../../../db/tables.ts';
import { AppError, invalidFields, notFound } from '../../../errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import { isCommonPassword } from './common-passwords.ts';
import {
  burnOneTimeTokens,
  type ConsumeResult,
  consumeCode,
  consumeLinkToken,
  hasRecentOneTimeToken,
  issueOneTimeToken,
  ONE_TIME_TTL_MS,
  type OneTimePurpose,
} from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { recordStaffAction } from '../../kit/apply-once.ts';
import { revokeUserSessions } from './sessions.ts';
import { emailTag, randomToken } from './tokens.ts';
import { createUser, findUserByEmail, findUserById } from './users.ts';

export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'authSecret' | 'publicUrl'>;
}

/** A code asked for again within this time is not re-sent: the one in the mailbox still works. */
const RESEND_PAUSE_MS = 60_000;

/** The policy's part the schema cannot check without the list: refuse common passwords. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw invalidFields({ [field]: AUTH_MESSAGES.passwordCommon });
}

const loginLink = (config: AccountDeps['config'], param?: string, token?: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}/login${param && token ? `?${param}=${encodeURIComponent(token)}` : ''}`;

async function sendVerification(trx: Db, { config }: AccountDeps, user: { id: string; email: string }, now: Date): Promise<void> {
  const { token, code } = await issueOneTimeToken(trx, { userId: user.id, purpose: 'VERIFY', secret: config.authSecret, now });
  await queueMail(trx, {
    type: 'ACCOUNT_VERIFICATION',
    to: user.email,
    data: { code, link: loginLink(config, AUTH_LINK_PARAMS.verify, token), hours: ONE_TIME_TTL_MS.VERIFY / 3_600_000 },
    now,
  });
}

async function sendReset(
  trx: Db,
  { config }: AccountDeps,
  user: { id: string; email: string },
  now: Date,
  { forced = false, invited = false } = {},
): Promise<void> {
  // A reset staff asked for, or a first password, waits in a mailbox longer than one the person just asked for.
  const ttlMs = forced || invited ? ONE_TIME_TTL_MS.VERIFY : ONE_TIME_TTL_MS.RESET;
  const { token, code } = await issueOneTimeToken(trx, { userId: user.id, purpose: 'RESET', secret: config.authSecret, now, ttlMs });
  await queueMail(trx, {
    type: 'PASSWORD_RESET',
    to: user.email,
    data: { code, link: loginLink(config, AUTH_LINK_PARAMS.reset, token), minutes: ttlMs / 60_000, forced, ...(invited ? { invited } : {}) },
    now,
  });
}

/**
 * A real shop's administrator (`npm run admin:create -- email`): the account is created, or an existing one
 * joins `drAdmin`, and its owner is mailed a link to choose the password (24 hours), which also proves the
 * mailbox. Nobody types or sees a password on the command line. Recorded as a staff action of the command
 * line. Returns whether the account is new.
 */
export async function inviteAdministrator(deps: AccountDeps, { email, now }: { email: string; now: Date }): Promise<{ created: boolean }> {
  const address = email.trim().toLowerCase();
  return deps.db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, address);
    const id = existing?.id ?? (await createUser(trx, { email: address, passwordHash: null, verifiedAt: null, now }));
    const groups = await trx.selectFrom('userGroups').select('groupName').where('userId', '=', id).execute();
    if (!groups.some((g) => g.groupName === 'drAdmin')) await trx.insertInto('userGroups').values({ userId: id, groupName: 'drAdmin' }).execute();
    if (existing?.disabledAt) await trx.updateTable('users').set({ disabledAt: null, updatedAt: now.toISOString() }).where('id', '=', id).execute();
    await sendReset(trx, deps, { id, email: address }, now, { invited: true });
    await recordStaffAction(
      trx,
      {
        entityType: 'user',
        entityId: id,
        action: 'admin-create',
        actor: { userId: '', email: 'línea de comandos' },
        requestId: null,
        before: existing ? { groups: groups.map((g) => g.groupName), disabled: existing.disabledAt !== null } : null,
        after: { email: address, groups: [...new Set([...groups.map((g) => g.groupName), 'drAdmin'])].sort() },
      },
      now,
    );
    return { created: !existing };
  });
}

/**
 * Creates an unverified account and mails its code, or mails "you already have an account" when the
 * e-mail has a verified one. A sign-up never changes an existing account: signing up again before
 * verifying only mails a code again (not within a minute of the last one), and the answer is the same
 * either way. The password that counts is the one typed with the code (`verifyEmail`): someone who signed
 * up with another's e-mail never learns a code, so their password never becomes the account's.
 */
export async function signUp(deps: AccountDeps, { email, password, now }: { email: string; password: string; now: Date }): Promise<void> {
  assertPasswordAllowed(password);
  // Hashed whether or not the account exists, so the answer takes as long either way.
  const passwordHash = await hashPassword(password);
  const attempt = () =>
    deps.db.transaction().execute(async (trx) => {
      const user = await findUserByEmail(trx, email);
      if (!user) {
        const id = await createUser(trx, { email, passwordHash, verifiedAt: null, now });
        await sendVerification(trx, deps, { id, email }, now);
      } else if (user.emailVerifiedAt === null && user.disabledAt === null) {
        if (!(await hasRecentOneTimeToken(trx, { userId: user.id, purpose: 'VERIFY', now, withinMs: RESEND_PAUSE_MS }))) {
          await sendVerification(trx, deps, user, now);
        }
      } else {
        await queueMail(trx, {
          type: 'ACCOUNT_EXISTS',
          to: user.email,
          data: { signInLink: loginLink(deps.config), forgotLink: loginLink(deps.config, AUTH_LINK_PARAMS.forgot, '1') },
          now,
        });
      }
    });
  try {
    await attempt();
  } catch (error) {
    // Two sign-ups of one e-mail at once: the loser's insert hits the unique index; it is now an existing account.
    if (!(await findUserByEmail(deps.db, email))) throw error;
    await attempt();
  }
}

/** Mails a new verification code to an unverified account; silent otherwise (and for a code sent a moment ago). */
export async function resendVerification(deps: AccountDeps, { email, now }: { email: string; now: Date }): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt !== null || user.disabledAt !== null) return;
  if (await hasRecentOneTimeToken(deps.db, { userId: user.id, purpose: 'VERIFY', now, withinMs: RESEND_PAUSE_MS })) return;
  await deps.db.transaction().execute((trx) => sendVerification(trx, deps, user, now));
}

export interface CodeOrToken {
  email?: string | undefined;
  code?: string | undefined;
  token?: string | undefined;
}

/** Uses a link token or an e-mail and code; the Spanish 422 for the field that failed. */
async function consumeProof(deps: AccountDeps, input: CodeOrToken, purpose: OneTimePurpose, now: Date): Promise<string> {
  let result: ConsumeResult;
  if (input.token !== undefined) {
    result = await consumeLinkToken(deps.db, { token: input.token, purpose, now });
    if (!result.ok) throw invalidFields({ token: AUTH_MESSAGES.linkExpired });
    return result.userId;
  }
  const user = input.email ? await findUserByEmail(deps.db, input.email) : undefined;
  result = user
    ? await consumeCode(deps.db, { userId: user.id, code: input.code ?? '', purpose, secret: deps.config.authSecret, now })
    : { ok: false, reason: 'expired' };
  if (!result.ok) throw invalidFields({ code: result.reason === 'wrong' ? AUTH_MESSAGES.codeWrong : AUTH_MESSAGES.codeExpired });
  return result.userId;
}

/**
 * Confirms the mailbox with its code or link, and the account's password with it: the one typed here
 * becomes the account's. Only the mailbox's owner has a code, so whatever password a sign-up with their
 * e-mail set before (theirs, or someone else's) counts for nothing until its owner confirms one. Returns
 * the account to sign in.
 */
export async function verifyEmail(deps: AccountDeps, { input, password, now }: { input: CodeOrToken; password: string; now: Date }): Promise<string> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const userId = await consumeProof(deps, input, 'VERIFY', now);
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, emailVerifiedAt: at, updatedAt: at })
      .where('id', '=', userId)
      .where('emailVerifiedAt', 'is', null)
      .execute();
    // Nothing signed in before the mailbox was proven (an unverified account gets no session): nothing to end.
    await burnOneTimeTokens(trx, { userId, purpose: 'VERIFY', now });
  });
  return userId;
}

let dummyHash: Promise<string> | undefined;

/** A failed sign-in, as one JSON line for the logs: the e-mail only as a tag, never the password. */
function logFailedSignIn(email: string, reason: string, requestId: string | undefined): void {
  console.warn(JSON.stringify({ level: 'warn', event: 'auth.sign_in_failed', reason, emailTag: emailTag(email), requestId, at: new Date().toISOString() }));
}

/** An account whose password is right and that is not disabled; 401 or 403 otherwise, at the same argon2 cost for every e-mail. */
async function passwordAccount(
  deps: AccountDeps,
  { email, password, requestId }: { email: string; password: string; requestId: string | undefined },
): Promise<UserRow & { passwordHash: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    // Same argon2 work as a real check, so timing does not tell which e-mails have accounts.
    dummyHash ??= hashPassword(randomToken());
    await verifyPassword(await dummyHash, password);
    logFailedSignIn(email, user ? 'no-password' : 'unknown-email', requestId);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.wrongCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    logFailedSignIn(email, 'wrong-password', requestId);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.wrongCredentials);
  }
  if (user.disabledAt !== null) {
    logFailedSignIn(email, 'disabled', requestId);
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.disabled);
  }
  return { ...user, passwordHash: user.passwordHash };
}

/** An unconfirmed mailbox: a fresh code is mailed (unless one just was) and the sign-in refused, naming the code field. */
async function refuseUnverified(deps: AccountDeps, user: UserRow, { now, requestId }: { now: Date; requestId: string | undefined }): Promise<never> {
  if (!(await hasRecentOneTimeToken(deps.db, { userId: user.id, purpose: 'VERIFY', now, withinMs: RESEND_PAUSE_MS }))) {
    await deps.db.transaction().execute((trx) => sendVerification(trx, deps, user, now));
  }
  logFailedSignIn(user.email, 'unverified', requestId);
  throw new AppError('FORBIDDEN', AUTH_MESSAGES.unverified, { code: AUTH_MESSAGES.code });
}

/**
 * The password check of a sign-in. Wrong credentials: 401. A disabled account: 403. An unverified
 * one: 403 naming the `code` field, after mailing a fresh code. One whose password staff asked to
 * change: 403 naming the `newPassword` field, and no session until `changeRequiredPassword` sets one.
 * Returns the account to sign in.
 */
export async function checkCredentials(
  deps: AccountDeps,
  { email, password, now, requestId }: { email: string; password: string; now: Date; requestId?: string },
): Promise<string> {
  const user = await passwordAccount(deps, { email, password, requestId });
  if (user.emailVerifiedAt === null) return refuseUnverified(deps, user, { now, requestId });
  if (user.passwordChangeRequiredAt !== null) {
    logFailedSignIn(email, 'password-change-required', requestId);
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.passwordChangeRequired, { newPassword: AUTH_MESSAGES.newPasswordRequired });
  }
  return user.id;
}

/**
 * The sign-in of an account whose password staff asked to change: the current password proves who it
 * is, and a different new one (the same policy as everywhere) replaces it. Every session of the account
 * ends and pending reset codes are burnt; the caller then signs this browser in. Returns the account.
 */
export async function changeRequiredPassword(
  deps: AccountDeps,
  { email, password, newPassword, now, requestId }: { email: string; password: string; newPassword: string; now: Date; requestId?: string },
): Promise<string> {
  const user = await passwordAccount(deps, { email, password, requestId });
  if (user.emailVerifiedAt === null) return refuseUnverified(deps, user, { now, requestId });
  if (user.passwordChangeRequiredAt === null) throw new AppError('CONFLICT', AUTH_MESSAGES.noPasswordChangePending);
  assertPasswordAllowed(newPassword, 'newPassword');
  if (await verifyPassword(user.passwordHash, newPassword)) throw invalidFields({ newPassword: AUTH_MESSAGES.passwordUnchanged });
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    // Two presses at once: the first sets the password; the second finds nothing left to change.
    const changed = await trx
      .updateTable('users')
      .set({ passwordHash, passwordChangeRequiredAt: null, updatedAt: now.toISOString() })
      .where('id', '=', user.id)
      .where('passwordChangeRequiredAt', 'is not', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows !== 1n) throw new AppError('CONFLICT', AUTH_MESSAGES.noPasswordChangePending);
    await burnOneTimeTokens(trx, { userId: user.id, purpose: 'RESET', now });
    await revokeUserSessions(trx, { userId: user.id, now });
  });
  return user.id;
}

/** Mails a reset code and link when the e-mail has an account; silent otherwise. */
export async function requestPasswordReset(deps: AccountDeps, { email, now }: { email: string; now: Date }): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabledAt !== null) return;
  if (await hasRecentOneTimeToken(deps.db, { userId: user.id, purpose: 'RESET', now, withinMs: RESEND_PAUSE_MS })) return;
  await deps.db.transaction().execute((trx) => sendReset(trx, deps, user, now));
}

/**
 * Sets a new password with a reset code or link. The mailbox is proven, so the account counts as
 * verified; every session of the account is revoked. Returns the account to sign in.
 */
export async function resetPassword(deps: AccountDeps, { input, password, now }: { input: CodeOrToken; password: string; now: Date }): Promise<string> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const userId = await consumeProof(deps, input, 'RESET', now);
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    await trx
      .updateTable('users')
      .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? at, passwordChangeRequiredAt: null, updatedAt: at })
      .where('id', '=', userId)
      .execute();
    await burnOneTimeTokens(trx, { userId, now });
    await revokeUserSessions(trx, { userId, now });
  });
  return userId;
}

/** A signed-in account's new password; the other sessions of the account are revoked, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  {
    userId,
    currentPassword,
    newPassword,
    keepFamilyId,
    now,
  }: { userId: string; currentPassword: string; newPassword: string; keepFamilyId: string | null; now: Date },
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw invalidFields({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
  }
  assertPasswordAllowed(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ passwordHash, passwordChangeRequiredAt: null, updatedAt: now.toISOString() }).where('id', '=', userId).execute();
    await burnOneTimeTokens(trx, { userId, purpose: 'RESET', now });
    await revokeUserSessions(trx, { userId, now, exceptFamilyId: keepFamilyId });
  });
}

/**
 * For the back office: staff force a password change. Every session of the account is revoked (access
 * tokens already issued lapse within their 15 minutes), and from now on the current password signs in
 * only to the form that chooses a new one (`changeRequiredPassword`). With `mail`, the account's owner
 * is also mailed a code and link to choose it at once. Run it inside the caller's transaction, with the
 * record of who asked.
 *
 * @example await db.transaction().execute((trx) => forcePasswordReset(trx, userId, { config, now, mail: true }));
 */
export async function forcePasswordReset(
  db: Db,
  userId: string,
  { config, now = new Date(), mail = true }: { config: AccountDeps['config']; now?: Date; mail?: boolean },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('No existe esa cuenta.');
  await db.updateTable('users').set({ passwordChangeRequiredAt: now.toISOString(), updatedAt: now.toISOString() }).where('id', '=', userId).execute();
  await revokeUserSessions(db, { userId, now });
  if (mail) await sendReset(db, { db, config }, user, now, { forced: true });
}

/**
 * The account of a social sign-in, by the provider's verified e-mail: found, or created verified and
 * without a password. An unverified account with that e-mail is taken over by the mailbox's proven
 * owner, and its password dropped: whoever set it never proved the mailbox (account pre-hijacking).
 */
export async function socialAccount(
  deps: AccountDeps,
  { email, now }: { email: string; now: Date },
): Promise<{ ok: true; userId: string } | { ok: false; reason: 'disabled' }> {
  const attempt = () =>
    deps.db.transaction().execute(async (trx) => {
      const user = await findUserByEmail(trx, email);
      const at = now.toISOString();
      if (!user) return { ok: true as const, userId: await createUser(trx, { email, passwordHash: null, verifiedAt: at, now }) };
      if (user.disabledAt !== null) return { ok: false as const, reason: 'disabled' as const };
      if (user.emailVerifiedAt === null) {
        await trx.updateTable('users').set({ emailVerifiedAt: at, passwordHash: null, updatedAt: at }).where('id', '=', user.id).execute();
        await burnOneTimeTokens(trx, { userId: user.id, now });
        await revokeUserSessions(trx, { userId: user.id, now });
      }
      return { ok: true as const, userId: user.id };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!(await findUserByEmail(deps.db, email))) throw error;
    return attempt();
  }
}
