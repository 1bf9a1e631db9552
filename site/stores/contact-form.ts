/**
 * The contact forms (/contacto and the tour page's question, a ContactTour): values, Spanish field errors
 * and the sending state, one store per form. Validated with the same schema as `POST /api/contact`, which
 * answers 201 or 422 with field messages; what was typed is kept whatever happens, and only a 201 clears it.
 */
import { map, type MapStore } from 'nanostores';
import { api, callApi } from '../lib/api-client.ts';
import { sendWithChallenge } from '../lib/challenge.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';

export const CONTACT_FIELDS = ['name', 'surname', 'email', 'phone', 'question'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_SENT_MESSAGE = 'Gracias, te responderemos muy pronto.';
export const CHECK_FIELDS_MESSAGE = 'Revisa los campos marcados.';
const SEND_FAILED_MESSAGE = 'No hemos podido enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo en unos minutos.';

export interface ContactFormState {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField, string>>;
  status: 'idle' | 'sending' | 'sent';
  /** A message for the whole form: check the fields, or the server could not be reached. */
  message: string | null;
}

export interface ContactForm {
  $form: MapStore<ContactFormState>;
  setField(field: ContactField, value: string): void;
  /**
   * Takes into the store what was typed before the island hydrated (the server-rendered inputs work from
   * the first paint; a slow phone may get whole fields typed before React takes over).
   */
  adoptTyped(form: HTMLFormElement | null): void;
  /** Validates and sends, with the tour it is about when asked from a tour page. */
  submit(about?: { tourName: string; tourId: string; periodId?: string | null }): Promise<'sent' | 'failed'>;
}

const EMPTY: Record<ContactField, string> = { name: '', surname: '', email: '', phone: '', question: '' };
const isField = (key: string): key is ContactField => (CONTACT_FIELDS as readonly string[]).includes(key);

function fieldErrors(entries: Iterable<[string, string]>): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const [key, message] of entries) if (isField(key)) errors[key] ??= message;
  return errors;
}

export function createContactForm(): ContactForm {
  const $form = map<ContactFormState>({ values: EMPTY, errors: {}, status: 'idle', message: null });
  // One id per question: a send whose answer was lost goes again with it, and the office gets one question.
  let requestId = crypto.randomUUID();
  const fail = (errors: ContactFormState['errors'], message: string | null) => {
    $form.set({ ...$form.get(), status: 'idle', errors, message: message ?? (Object.keys(errors).length > 0 ? CHECK_FIELDS_MESSAGE : SEND_FAILED_MESSAGE) });
    return 'failed' as const;
  };

  return {
    $form,
    setField(field, value) {
      const { values, errors } = $form.get();
      // A corrected field loses its message; the others keep theirs until the next send.
      const { [field]: _cleared, ...rest } = errors;
      $form.set({ ...$form.get(), values: { ...values, [field]: value }, errors: rest });
    },
    adoptTyped(form) {
      for (const field of CONTACT_FIELDS) {
        const typed = form?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`)?.value;
        if (typed && typed !== $form.get().values[field]) this.setField(field, typed);
      }
    },
    async submit(about) {
      if ($form.get().status === 'sending') return 'failed';
      $form.setKey('status', 'sending');
      // The schema (and zod with it) loads on the first send, not with the page: most visitors never write.
      const schema = await import('#shared/schemas/contact.ts').catch(() => null);
      if (!schema) return fail({}, SEND_FAILED_MESSAGE);
      const body = { ...$form.get().values, ...about, periodId: about?.periodId ?? undefined, requestId };
      const parsed = schema.ContactRequestSchema.safeParse(body);
      if (!parsed.success) return fail(fieldErrors(Object.entries(issuesToFields(parsed.error.issues))), null);
      $form.set({ ...$form.get(), errors: {}, message: null });
      const sent = await sendWithChallenge((altcha) => callApi(() => api.contact.$post({ json: { ...body, ...(altcha ? { altcha } : {}) } })));
      if (sent.ok) {
        requestId = crypto.randomUUID();
        $form.set({ values: EMPTY, errors: {}, status: 'sent', message: CONTACT_SENT_MESSAGE });
        return 'sent';
      }
      if (sent.code === 'NETWORK') return fail({}, SEND_FAILED_MESSAGE);
      requestId = crypto.randomUUID();
      const errors = fieldErrors(Object.entries(sent.fields));
      return fail(errors, Object.keys(errors).length > 0 ? CHECK_FIELDS_MESSAGE : sent.message);
    },
  };
}

/** /contacto's form. */
export const contactForm = createContactForm();
/** The tour page's '¿Tienes alguna pregunta?'. */
export const questionForm = createContactForm();
