import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '#shared/schemas/errors.ts';

/** Each error code's HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<ApiErrorCode, ContentfulStatusCode>;

export type ErrorCode = ApiErrorCode;

/** An error a person can act on: a Spanish message and, for forms, one message per field. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    // An expected answer, not a fault: nobody reads its stack, and capturing one cost a twentieth of a
    // 404's time (issue 15's profile).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.fields = fields;
  }
}

type ErrorBody = ApiErrorBody;

export const CHECK_FIELDS_MESSAGE = 'Revisa los datos marcados.';

/** 422: the request names things that cannot be, one Spanish message per field (paths as the request names them). */
export const invalidFields = (fields: Record<string, string>, message: string = CHECK_FIELDS_MESSAGE) => new AppError('VALIDATION', message, fields);

/** 404 with what was not found, said so a person knows what to do; the same answer whether it never existed or is not theirs. */
export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export const STORAGE_FAULT_MESSAGE = 'Ahora mismo no podemos guardar datos. No se ha guardado nada: inténtalo de nuevo en unos minutos.';

/**
 * The disk refused a write: full (ENOSPC, SQLITE_FULL) or read-only (EROFS, SQLITE_READONLY). Followed
 * through `cause`, as Kysely and our services wrap errors.
 */
export function isStorageFault(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (['ENOSPC', 'EROFS', 'EDQUOT'].includes(code) || code.startsWith('SQLITE_FULL') || code.startsWith('SQLITE_READONLY')))
      return true;
  }
  return false;
}

/** Turns any thrown value into DESIGN.md's error shape; internals are logged, never sent. */
export function errorResponse(err: unknown, c: Context) {
  const requestId = c.get('requestId' as never) as string | undefined;
  // A refused body was never read: closing is the honest answer, or the client sends its next request on a
  // connection the server is about to drop.
  const tooLarge = (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') || (err instanceof HTTPException && err.status === 413);
  if (tooLarge) c.header('Connection', 'close');
  if (err instanceof AppError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), requestId } };
    return c.json(body, ERROR_STATUS[err.code]);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode = err.status === 404 ? 'NOT_FOUND' : err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    const message = code === 'PAYLOAD_TOO_LARGE' ? 'La petición es demasiado grande.' : 'La petición no es válida.';
    return c.json({ error: { code, message, requestId } } satisfies ErrorBody, err.status as ContentfulStatusCode);
  }
  console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: err instanceof Error ? err.stack : String(err) }));
  if (isStorageFault(err)) {
    // Nothing was saved (SQLite and the outbox are all-or-nothing): the client may try again once there is room.
    c.header('Retry-After', '60');
    return c.json({ error: { code: 'UNAVAILABLE', message: STORAGE_FAULT_MESSAGE, requestId } } satisfies ErrorBody, 503);
  }
  return c.json(
    { error: { code: 'INTERNAL', message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.', requestId } } satisfies ErrorBody,
    500,
  );
}
