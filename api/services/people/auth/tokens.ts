/**
 * The cryptography of accounts: the signed access token, random refresh and link tokens, 6-digit codes
 * and the hashes they are stored as. No database here; `sessions.ts` and `one-time-tokens.ts` store.
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isOneOf, STAFF_GROUPS } from '#shared/enums.ts';
import type { AuthContext } from '../../../auth-context.ts';

/** Access tokens live 15 minutes: revocation (sign-out, reset, groups) reaches a stolen one that fast. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh token lives 30 days from its issue; each use replaces it, so an active visitor stays in. */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

const ISSUER = 'different-shop';
const AUDIENCE = 'different-shop-api';
const ALGORITHM = 'HS256';

type KeyPurpose = 'access-token' | 'oauth-state' | 'one-time-code' | 'feedback-link' | 'funnel-cookie' | 'budget-link';
const keyCache = new Map<string, Uint8Array>();

/**
 * One key per purpose, derived from AUTH_SECRET (HKDF-SHA256), so a token signed for one use can never
 * be accepted for another and the code hashes do not share the signing key.
 */
export function deriveKey(secret: string, purpose: KeyPurpose): Uint8Array {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'different-shop', purpose, 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

/** Signs the caller's identity: sub (account id), email, tid (traveller id), groups, sid (session family). */
export async function issueAccessToken({
  identity,
  familyId,
  secret,
  now,
}: {
  identity: AuthContext;
  familyId: string;
  secret: string;
  now: Date;
}): Promise<AccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({ email: identity.email, tid: identity.travelerId, groups: identity.groups, sid: familyId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(deriveKey(secret, 'access-token'));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

export interface VerifiedAccess {
  auth: AuthContext;
  familyId: string;
  expiresAt: Date;
}

/**
 * The identity in a valid, unexpired access token; null for anything else (expired, tampered, signed
 * with another key or algorithm, malformed). Expiry is exact: a session is valid only while its token is.
 */
export async function verifyAccessToken(token: string, { secret, now = new Date() }: { secret: string; now?: Date }): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, 'access-token'), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, email, tid, groups, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
    if (tid !== null && typeof tid !== 'string') return null;
    if (!Array.isArray(groups) || typeof exp !== 'number') return null;
    return {
      auth: { userId: sub, email, travelerId: tid, groups: groups.filter((g) => isOneOf(STAFF_GROUPS, g)) },
      familyId: sid,
      expiresAt: new Date(exp * 1000),
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** Purposes of signed data handed to browsers and mails; each has its own key and audience. */
type DataPurpose = 'feedback-link' | 'funnel-cookie' | 'budget-link';

/**
 * Claims signed for one purpose (a mailed link, a browser's cookie), valid for `seconds` from `now`.
 * `verifyPurposeToken` with the same purpose reads them back.
 */
export async function signPurposeToken(
  claims: Record<string, unknown>,
  { purpose, secret, now, seconds }: { purpose: DataPurpose; secret: string; now: Date; seconds: number },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience(purpose)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(deriveKey(secret, purpose));
}

/**
 * The claims of a token `signPurposeToken` signed for `purpose`, or why it cannot be used: 'expired' (a
 * person can be told so), 'invalid' for anything else (tampered, another purpose or key, malformed).
 */
export async function verifyPurposeToken(
  token: string,
  { purpose, secret, now = new Date() }: { purpose: DataPurpose; secret: string; now?: Date },
): Promise<{ ok: true; claims: Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, purpose), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: purpose,
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JOSEError) return { ok: false, reason: 'invalid' };
    throw error;
  }
}

/** Short-lived signed data carried by the browser (the OAuth state, verifier and nonce). */
export async function signState(
  data: Record<string, string | null>,
  { secret, now, seconds }: { secret: string; now: Date; seconds: number },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(data)
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience('oauth-state')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(deriveKey(secret, 'oauth-state'));
}

/** The data of a valid, unexpired `signState` token, or null. */
export async function verifyState(token: string, { secret, now = new Date() }: { secret: string; now?: Date }): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, 'oauth-state'), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: 'oauth-state',
      currentDate: now,
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** 256 random bits, URL-safe: refresh tokens and the tokens of mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How random tokens are stored. Unkeyed SHA-256 suffices: 256 random bits cannot be guessed from it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code, uniformly drawn, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * How codes are stored: keyed (HMAC), because a million codes are quickly tried against a plain hash
 * from a leaked table; bound to the account and purpose so one row's code fits no other.
 */
export function hashCode({ code, userId, purpose, secret }: { code: string; userId: string; purpose: string; secret: string }): string {
  return createHmac('sha256', deriveKey(secret, 'one-time-code')).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A stable, non-reversible tag for logs: which e-mail failed, without writing it down. */
export function emailTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
