/**
 * The one way islands talk to the API: Hono's typed client over the API's route types, and one reader of
 * its answers. The success body's type is inferred from the route itself (what its handler returns), so
 * a changed answer breaks the build of every screen that reads it, not the visitor's page.
 *
 * Every error comes back in one shape (shared/schemas/errors.ts); a network failure is status 0 with a
 * Spanish message. This module stays small: the tour page's departure picker loads it.
 */
import { type ClientResponse, hc } from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiType } from '#api/app.ts';
import { type ApiErrorCode, isApiErrorBody } from '#shared/schemas/errors.ts';

/** A read a page started before its scripts arrived (site/components/EarlyReads.astro), by its full address. */
type EarlyRead = { response: Promise<Response>; sentAt: number };
const earlyReads = globalThis as { __earlyReads?: Record<string, EarlyRead | undefined> };
/** When the early reads whose answers were handed out were sent (`performance.now()`). */
const earlySentAt = new WeakMap<Response, number>();

/** When the page sent its early read of `path`, if one is still waiting for its call. */
export function earlyReadSentAt(path: string): number | undefined {
  return earlyReads.__earlyReads?.[new URL(path, location.href).href]?.sentAt;
}

/** `fetch`, but the first GET of an address the page read early gets that read's answer. */
const fetchOrEarly: typeof fetch = (input, init) => {
  const reads = earlyReads.__earlyReads;
  if (!reads || typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return fetch(input, init);
  const address = new URL(input, location.href).href;
  const early = reads[address];
  if (!early) return fetch(input, init);
  delete reads[address];
  return early.response.then((response) => {
    earlySentAt.set(response, early.sentAt);
    return response;
  });
};

/** The shop's API, mounted at /api on the same origin. */
export const api = hc<ApiType>('/api', { fetch: fetchOrEarly });

export const NETWORK_MESSAGE = 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.';
export const UNEXPECTED_MESSAGE = 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.';

/** What a failed call tells a person: a Spanish message and, for forms, one message per field. */
export interface ApiFailure {
  ok: false;
  /** The HTTP status; 0 when the API could not be reached. */
  status: number;
  code: ApiErrorCode | 'NETWORK';
  message: string;
  fields: Record<string, string>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** The body a route answers with on success, as its handler declares it (null for a 204). */
export type ApiAnswer<R> = R extends ClientResponse<infer T, infer S, ResponseFormat> ? (S extends SuccessStatusCode ? T : never) : never;

/** Reads an error answer of the API (or anything else a proxy may have put in its place). */
export async function readApiError(response: Response): Promise<ApiFailure> {
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return { ok: false, status: response.status, code, message, fields: fields ?? {} };
  }
  return { ok: false, status: response.status, code: 'INTERNAL', message: UNEXPECTED_MESSAGE, fields: {} };
}

type RenewAnswer = ApiResult<ApiAnswer<Awaited<ReturnType<typeof api.auth.refresh.$post>>>>;
let renewing: Promise<RenewAnswer> | null = null;
/** When the last renewal succeeded (`performance.now()`): a call sent before it had the old access token. */
let renewedAt = Number.NEGATIVE_INFINITY;

/**
 * Renews the session's access token (`POST /api/auth/refresh`) for a call sent at `sentAt` that got a 401,
 * once for every call that waits on it: the refresh token is used up by a renewal, so a second one with it
 * would end the session. A screen drawn while the session is still being read calls the API beside it,
 * and both may find the access token expired; a call that went out before another's renewal ended is only
 * sent again (`answer` null).
 */
export async function renewSession(sentAt: number): Promise<{ renewed: boolean; answer: RenewAnswer | null }> {
  if (renewedAt > sentAt) return { renewed: true, answer: null };
  renewing ??= callApi(() => api.auth.refresh.$post(), { renew: false })
    .then((answer) => {
      if (answer.ok) renewedAt = performance.now();
      return answer;
    })
    .finally(() => {
      renewing = null;
    });
  const answer = await renewing;
  return { renewed: answer.ok, answer };
}

/**
 * One call of the typed client, its answer read once: the route's JSON on success, the error otherwise.
 * A 401 renews the session (`renewSession`) and sends the call once more: the access token lives 15
 * minutes and a desk stays open all day. `renew: false` for the calls whose 401 is their answer (sign-in).
 *
 * @example const me = await callApi(() => api.auth.me.$get()); // me.data: the route's own answer type
 */
export async function callApi<R extends ClientResponse<unknown, number, ResponseFormat>>(
  send: () => Promise<R>,
  { renew = true }: { renew?: boolean } = {},
): Promise<ApiResult<ApiAnswer<R>>> {
  let response: R;
  try {
    const calledAt = performance.now();
    response = await send();
    // An early read went out before this call: a renewal that ended in between did not reach it.
    const sentAt = earlySentAt.get(response as unknown as Response) ?? calledAt;
    if (response.status === 401 && renew && (await renewSession(sentAt)).renewed) response = await send();
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: NETWORK_MESSAGE, fields: {} };
  }
  if (!response.ok) return readApiError(response as unknown as Response);
  try {
    const data = response.status === 204 ? null : await response.json();
    return { ok: true, status: response.status, data: data as ApiAnswer<R> };
  } catch {
    return { ok: false, status: response.status, code: 'INTERNAL', message: UNEXPECTED_MESSAGE, fields: {} };
  }
}
