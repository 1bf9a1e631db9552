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

/** The shop's API, mounted at /api on the same origin. */
export const api = hc<ApiType>('/api');

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

/**
 * One call of the typed client, its answer read once: the route's JSON on success, the error otherwise.
 *
 * @example const me = await callApi(() => api.auth.me.$get()); // me.data: the route's own answer type
 */
export async function callApi<R extends ClientResponse<unknown, number, ResponseFormat>>(send: () => Promise<R>): Promise<ApiResult<ApiAnswer<R>>> {
  let response: R;
  try {
    response = await send();
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
