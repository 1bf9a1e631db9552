import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '#shared/rules/storable-text.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { type AppError, CHECK_FIELDS_MESSAGE, invalidFields } from './errors.ts';

// Zod's Spanish messages for every issue a schema gives no message of its own: whatever the API
// validates, a person reads Spanish. Set once for the server process (the islands use their schemas'
// own messages).
z.config(z.locales.es());

/** The first message per field, keyed by its path (`passengers.0.name`); unknown fields are named too. */
export function fieldErrors(error: z.core.$ZodError): { fields: Record<string, string>; root: string | null } {
  const unknown = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => ({ path: [...issue.path, key], message: 'Este campo no se admite.' })) : [],
  );
  const named = error.issues.filter((issue) => issue.code !== 'unrecognized_keys' && issue.path.length > 0);
  const root = error.issues.find((issue) => issue.code !== 'unrecognized_keys' && issue.path.length === 0)?.message ?? null;
  return { fields: issuesToFields([...unknown, ...named]), root };
}

/** Every text of the input that cannot be stored (`#shared/rules/storable-text.ts`), as field messages. */
function unstorableFields(value: unknown): Record<string, string> {
  return Object.fromEntries(unstorableTextPaths(value).map((path) => [path || 'body', UNSTORABLE_TEXT_MESSAGE]));
}

/**
 * zod validation of one part of the request (`json`, `param`, `query`…). Bad input throws the API's
 * VALIDATION error (422) with one Spanish message per field, before the handler runs, so nothing is
 * written; a text with control characters or half a surrogate pair is bad input in every field.
 * `invalid` replaces that error where bad input means something else (an impossible slug is simply not
 * found).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  { invalid }: { invalid?: () => AppError } = {},
) {
  return zValidator(target, schema, (result) => {
    const unstorable = unstorableFields(result.data);
    if (result.success && Object.keys(unstorable).length === 0) return;
    if (invalid) throw invalid();
    const { fields, root } = result.success ? { fields: {}, root: null } : fieldErrors(result.error);
    throw invalidFields({ ...fields, ...unstorable }, root ? `La petición no es válida: ${root}` : CHECK_FIELDS_MESSAGE);
  });
}

/**
 * The same check for input a route reads itself (the text fields of a form that also carries a file):
 * the schema's output, or the API's VALIDATION error.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  const unstorable = unstorableFields(value);
  if (parsed.success && Object.keys(unstorable).length === 0) return parsed.data;
  const fields = parsed.success ? {} : fieldErrors(parsed.error).fields;
  throw invalidFields({ ...fields, ...unstorable }, CHECK_FIELDS_MESSAGE);
}

/** The `:id` of a staff route: any key up to 100 characters (the services answer 404 for one that is not there). */
export const IdParam = z.object({ id: z.string().min(1).max(100) });
