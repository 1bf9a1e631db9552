/**
 * One customer's question (/admin/consultas/{id}): its thread, and the presses on it — reply (checked before
 * sending, mailed through the outbox), assign, close or open again — each carrying one request id, kept when the
 * shop could not be reached so a retry is applied once. Every answer is the question as it is now.
 */
import { map } from 'nanostores';
import { INBOX_MESSAGES, type InboxDetail, ReplySchema } from '#shared/schemas/inbox.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface QuestionState {
  status: 'loading' | 'ready' | 'failed';
  id: string;
  detail: InboxDetail | null;
  reply: Press & { body: string };
  /** The assignment or state change under way. */
  change: Press;
  message: string | null;
  done: string | null;
}

export const $question = map<QuestionState>({
  status: 'loading',
  id: '',
  detail: null,
  reply: { ...newPress(), body: '' },
  change: newPress(),
  message: null,
  done: null,
});
const patch = (changes: Partial<QuestionState>) => $question.set({ ...$question.get(), ...changes });

export async function openQuestion(id: string) {
  patch({ id, status: 'loading', message: null, done: null });
  const result = await callApi(() => api.admin.inbox[':id'].$get({ param: { id } }));
  patch(result.ok ? { status: 'ready', detail: result.data } : { status: 'failed', message: result.message });
}

export const setReply = (body: string) => patch({ reply: { ...$question.get().reply, body, fields: {} } });

/** 'Enviar respuesta'. */
export async function sendReply(): Promise<boolean> {
  const { reply, id } = $question.get();
  const checked = ReplySchema.safeParse({ requestId: reply.requestId, body: reply.body });
  if (!checked.success) {
    patch({ reply: { ...reply, fields: issuesToFields(checked.error.issues), error: null } });
    return false;
  }
  const sent = await sendPress(
    () => $question.get().reply,
    (next) => patch({ reply: next }),
    (requestId, press) => callApi(() => api.admin.inbox[':id'].reply.$post({ param: { id }, json: { requestId, body: press.body } })),
  );
  if (!sent?.ok) return false;
  patch({ detail: sent.data.detail, reply: { ...newPress(), body: '' }, done: INBOX_MESSAGES.replied });
  return true;
}

/** 'Asignar' to someone of the team, or to nobody (''). */
export async function assignTo(assignedTo: string): Promise<boolean> {
  const { id } = $question.get();
  const sent = await sendPress(
    () => $question.get().change,
    (change) => patch({ change }),
    (requestId) => callApi(() => api.admin.inbox[':id'].assign.$put({ param: { id }, json: { requestId, assignedTo: assignedTo || null } })),
  );
  if (!sent?.ok) return false;
  patch({ detail: sent.data.detail, change: newPress(), done: assignedTo ? INBOX_MESSAGES.assigned : INBOX_MESSAGES.unassigned });
  return true;
}

/** 'Cerrar la consulta' / 'Abrir de nuevo'. */
export async function setStatus(status: 'NEW' | 'CLOSED'): Promise<boolean> {
  const { id } = $question.get();
  const sent = await sendPress(
    () => $question.get().change,
    (change) => patch({ change }),
    (requestId) => callApi(() => api.admin.inbox[':id'].status.$put({ param: { id }, json: { requestId, status } })),
  );
  if (!sent?.ok) return false;
  patch({ detail: sent.data.detail, change: newPress(), done: status === 'CLOSED' ? INBOX_MESSAGES.closed : INBOX_MESSAGES.reopened });
  return true;
}
