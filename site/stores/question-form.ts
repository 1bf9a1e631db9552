/**
 * The tour page's question form (a ContactTour): values, Spanish field errors and the sending state.
 * Validated with the same schema as `POST /api/contact`, which answers 201 or 422 with field messages.
 */
import { hc } from 'hono/client';
import { map } from 'nanostores';
import type { ApiType } from '#api/app.ts';

export const QUESTION_FIELDS = ['name', 'surname', 'email', 'phone', 'question'] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];

export const QUESTION_SENT_MESSAGE = 'Gracias, te responderemos muy pronto.';
const SEND_FAILED_MESSAGE = 'No hemos podido enviar tu pregunta. Inténtalo de nuevo en unos minutos o llámanos.';

export interface QuestionFormState {
  values: Record<QuestionField, string>;
  errors: Partial<Record<QuestionField, string>>;
  status: 'idle' | 'sending' | 'sent';
  /** A message for the whole form (the server could not be reached, an unexpected answer). */
  formError: string | null;
}

const api = hc<ApiType>('/api');

const EMPTY = { name: '', surname: '', email: '', phone: '', question: '' };
export const $questionForm = map<QuestionFormState>({ values: EMPTY, errors: {}, status: 'idle', formError: null });

const isField = (key: string): key is QuestionField => (QUESTION_FIELDS as readonly string[]).includes(key);

export function setQuestionField(field: QuestionField, value: string): void {
  const { values, errors } = $questionForm.get();
  // A corrected field loses its message; the others keep theirs until the next send.
  const { [field]: _cleared, ...rest } = errors;
  $questionForm.set({ ...$questionForm.get(), values: { ...values, [field]: value }, errors: rest });
}

/** Validates, sends, and keeps what was typed whatever happens; only a 201 clears the form. */
export async function submitQuestion({ tourName, tourId }: { tourName: string; tourId: string }): Promise<void> {
  if ($questionForm.get().status === 'sending') return;
  $questionForm.setKey('status', 'sending');
  // The schema (and zod with it) loads on the first send, not with the page: most visitors never ask.
  const schema = await import('#shared/schemas/contact.ts').catch(() => null);
  if (!schema) {
    $questionForm.set({ ...$questionForm.get(), status: 'idle', formError: SEND_FAILED_MESSAGE });
    return;
  }
  const { ContactRequestSchema } = schema;
  const state = { ...$questionForm.get(), status: 'idle' as const };
  const body = { ...state.values, tourName, tourId };
  const parsed = ContactRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Partial<Record<QuestionField, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (isField(key)) errors[key] ??= issue.message;
    }
    $questionForm.set({ ...state, errors, formError: Object.keys(errors).length === 0 ? SEND_FAILED_MESSAGE : null });
    return;
  }
  $questionForm.set({ ...state, status: 'sending', errors: {}, formError: null });
  try {
    const response = await api.contact.$post({ json: body });
    if (response.status === 201) {
      $questionForm.set({ values: EMPTY, errors: {}, status: 'sent', formError: null });
      return;
    }
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    const errors: Partial<Record<QuestionField, string>> = {};
    for (const [key, message] of Object.entries(answer?.error?.fields ?? {})) if (isField(key)) errors[key] = message;
    const formError = Object.keys(errors).length > 0 ? null : (answer?.error?.message ?? SEND_FAILED_MESSAGE);
    $questionForm.set({ ...$questionForm.get(), status: 'idle', errors, formError });
  } catch {
    $questionForm.set({ ...$questionForm.get(), status: 'idle', formError: SEND_FAILED_MESSAGE });
  }
}
