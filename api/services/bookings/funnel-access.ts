/**
 * Who may continue a booking in progress (issue 16). The funnel works without an account, so the browser
 * that made a booking carries a signed, httpOnly cookie naming the bookings it made (newest first, at most
 * FUNNEL_COOKIE_MAX_BOOKINGS); its traveller's account and staff see it too. A fresh browser gets in only
 * through the budget mail's link, whose signed token names one booking and is exchanged for this cookie.
 * Both are jose HS256 tokens with their own keys derived from AUTH_SECRET, so every instance of the shop
 * reads what another one signed.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { deriveKey } from '../auth/tokens.ts';

export const FUNNEL_COOKIE = 'dr_funnel';
/** A visitor pricing trips for a family and for friends keeps both; older ones fall off the list. */
export const FUNNEL_COOKIE_MAX_BOOKINGS = 20;
/** As long as a saved budget is worth continuing: a season ahead. */
export const FUNNEL_ACCESS_DAYS = 90;
const SECONDS = FUNNEL_ACCESS_DAYS * 24 * 60 * 60;

const ISSUER = 'different-shop';
const ALGORITHM = 'HS256';
const COOKIE_AUDIENCE = 'funnel-cookie';
const LINK_AUDIENCE = 'budget-link';

async function sign(claims: Record<string, unknown>, audience: typeof COOKIE_AUDIENCE | typeof LINK_AUDIENCE, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SECONDS)
    .sign(deriveKey(secret, audience));
}

type Verified = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid' };

async function verify(token: string, audience: typeof COOKIE_AUDIENCE | typeof LINK_AUDIENCE, secret: string, now: Date): Promise<Verified> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, audience), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience,
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

/** The bookings this browser made or was let into; none for a missing, forged or expired cookie. */
export async function funnelBookingsOf(c: Context, { authSecret }: Pick<Config, 'authSecret'>, now = new Date()): Promise<string[]> {
  const token = getCookie(c, FUNNEL_COOKIE);
  if (!token) return [];
  const verified = await verify(token, COOKIE_AUDIENCE, authSecret, now);
  if (!verified.ok) return [];
  const ids = verified.claims['b'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds a booking to this browser's cookie (first in the list) and signs it again for another 90 days. */
export async function grantFunnelBooking(c: Context, config: Pick<Config, 'authSecret' | 'env'>, bookingId: string, now = new Date()): Promise<void> {
  const kept = (await funnelBookingsOf(c, config, now)).filter((id) => id !== bookingId);
  const ids = [bookingId, ...kept].slice(0, FUNNEL_COOKIE_MAX_BOOKINGS);
  setCookie(c, FUNNEL_COOKIE, await sign({ b: ids }, COOKIE_AUDIENCE, config.authSecret, now), {
    // Every funnel call (bookings and payments) is under /api; pages never need it.
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.env === 'production',
    maxAge: SECONDS,
  });
}

/** The token of a budget mail's link to one booking. */
export const signBudgetLinkToken = (bookingId: string, { authSecret }: Pick<Config, 'authSecret'>, now: Date) =>
  sign({ b: bookingId }, LINK_AUDIENCE, authSecret, now);

/** Whether `token` is a budget link to `bookingId`, or why not ('expired' can be told to a person). */
export async function checkBudgetLinkToken(
  token: string,
  bookingId: string,
  { authSecret }: Pick<Config, 'authSecret'>,
  now = new Date(),
): Promise<'ok' | 'expired' | 'invalid'> {
  const verified = await verify(token, LINK_AUDIENCE, authSecret, now);
  if (!verified.ok) return verified.reason;
  return verified.claims['b'] === bookingId ? 'ok' : 'invalid';
}
