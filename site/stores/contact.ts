/**
 * The contact form's state and its one action. Fields are validated with the same schema the API uses
 * (`ContactRequestSchema`), so the messages under the fields are the server's; what the server still
 * refuses (422) comes back per field the same way. What was typed is kept whatever happens.
 */
import { hc } from 'hono/client';
import { atom, map } from 'nanostores';
import type { ApiType } from '#api/app.ts';
import { ContactRequestSchema } from '#shared/schemas/contact.ts';

export const CONTACT_FIELDS = ['name', 'surname', 'email', 'phone', 'question'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

export const CONTACT_SUCCESS_MESSAGE = 'Gracias, te responderemos muy pronto.';
const NETWORK_ERROR = 'No hemos podido enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo.';
const CHECK_FIELDS = 'Revisa los campos marcados.';

export const $contactValues = map<Record<ContactField, string>>({ name: '', surname: '', email: '', phone: '', question: '' });
export const $contactErrors = map<Partial<Record<ContactField, string>>>({});
export const $contactStatus = atom<ContactStatus>('idle');
/** A message for the whole form: the server's, or a connection problem. */
export const $contactMessage = atom<string | null>(null);

export function setContactField(field: ContactField, value: string): void {
  $contactValues.setKey(field, value);
  // The field's message goes once the visitor edits it; the others stay until the next send.
  if ($contactErrors.get()[field]) $contactErrors.setKey(field, undefined);
}

function pickFieldErrors(fields: Record<string, string> | undefined): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const message = fields?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}

const api = hc<ApiType>('/api');

/** Validates, then posts to `POST /api/contact`. Resolves to the new status. */
export async function submitContact(): Promise<ContactStatus> {
  if ($contactStatus.get() === 'sending') return 'sending';
  const values = $contactValues.get();
  const parsed = ContactRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    $contactErrors.set(pickFieldErrors(fields));
    $contactMessage.set(CHECK_FIELDS);
    $contactStatus.set('failed');
    return 'failed';
  }
  $contactErrors.set({});
  $contactMessage.set(null);
  $contactStatus.set('sending');
  try {
    const response = await api.contact.$post({ json: values });
    if (response.status === 201) {
      $contactStatus.set('sent');
      $contactMessage.set(CONTACT_SUCCESS_MESSAGE);
      return 'sent';
    }
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    $contactErrors.set(pickFieldErrors(body?.error?.fields));
    $contactMessage.set(body?.error?.message ?? NETWORK_ERROR);
  } catch {
    $contactMessage.set(NETWORK_ERROR);
  }
  $contactStatus.set('failed');
  return 'failed';
}
