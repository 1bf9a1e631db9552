/**
 * Who may continue a booking in progress (issue 16). The funnel works without an account, so the browser
 * that made a booking carries a signed, httpOnly cookie naming the bookings it made (newest first, at most
 * FUNNEL_COOKIE_MAX_BOOKINGS); its traveller's account and staff see it too. A fresh browser gets in only
 * through the budget mail's link, whose signed token names one booking and is exchanged for this cookie.
 * Both are tokens signed for their own purpose (`signPurposeToken`: its own key derived from AUTH_SECRET),
 * so every instance of the shop reads what another one signed.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config.ts';
import { signPurposeToken, verifyPurposeToken } from '../people/auth/tokens.ts';

export const FUNNEL_COOKIE = 'dr_funnel';
/** A visitor pricing trips for a family and for friends keeps both; older ones fall off the list. */
export const FUNNEL_COOKIE_MAX_BOOKINGS = 20;
/** As long as a saved budget is worth continuing: a season ahead. */
export const FUNNEL_ACCESS_DAYS = 90;
const SECONDS = FUNNEL_ACCESS_DAYS * 24 * 60 * 60;

/** The bookings this browser made or was let into; none for a missing, forged or expired cookie. */
export async function funnelBookingsOf(c: Context, { authSecret }: Pick<Config, 'authSecret'>, now = new Date()): Promise<string[]> {
  const token = getCookie(c, FUNNEL_COOKIE);
  if (!token) return [];
  const verified = await verifyPurposeToken(token, { purpose: 'funnel-cookie', secret: authSecret, now });
  if (!verified.ok) return [];
  const ids = verified.claims['b'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Adds a booking to this browser's cookie (first in the list) and signs it again for another 90 days. */
export async function grantFunnelBooking(c: Context, config: Pick<Config, 'authSecret' | 'env'>, bookingId: string, now = new Date()): Promise<void> {
  const kept = (await funnelBookingsOf(c, config, now)).filter((id) => id !== bookingId);
  const ids = [bookingId, ...kept].slice(0, FUNNEL_COOKIE_MAX_BOOKINGS);
  const token = await signPurposeToken({ b: ids }, { purpose: 'funnel-cookie', secret: config.authSecret, now, seconds: SECONDS });
  setCookie(c, FUNNEL_COOKIE, token, {
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
  signPurposeToken({ b: bookingId }, { purpose: 'budget-link', secret: authSecret, now, seconds: SECONDS });

/** Whether `token` is a budget link to `bookingId`, or why not ('expired' can be told to a person). */
export async function checkBudgetLinkToken(
  token: string,
  bookingId: string,
  { authSecret }: Pick<Config, 'authSecret'>,
  now = new Date(),
): Promise<'ok' | 'expired' | 'invalid'> {
  const verified = await verifyPurposeToken(token, { purpose: 'budget-link', secret: authSecret, now });
  if (!verified.ok) return verified.reason;
  return verified.claims['b'] === bookingId ? 'ok' : 'invalid';
}
