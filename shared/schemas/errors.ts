/**
 * How the API answers any error (DESIGN.md, Errors): `{"error":{"code","message","fields"}}`, a closed set
 * of codes, a Spanish message a person can act on and, for forms, one message per field.
 */

/** The closed set of error codes, each answered with one HTTP status (api/errors.ts). */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /** Field path (`travellers.0.birthdate`) → message. */
    fields?: Record<string, string>;
    /** The id the server logged the failure under, for support. */
    requestId?: string;
  };
}

/** Whether an answer body is the API's error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    (API_ERROR_CODES as readonly string[]).includes(code) &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null))
  );
}

/**
 * Schema issues as the API's `fields`: the first message per path, the path joined with dots
 * (`travellers.0.birthdate`), under `prefix` when the schema checked one part of a larger form. Forms check
 * with the API's own schemas and show the messages where the API would put them. `depth` keeps that many
 * segments of each path, for a form whose fields are the schema's top level (a list's message goes under
 * the list). The one way a schema's issues become field messages, on the server and in every form.
 */
export function issuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
  { depth }: { depth?: number } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[prefix + issue.path.slice(0, depth).map(String).join('.')] ??= issue.message;
  return fields;
}
