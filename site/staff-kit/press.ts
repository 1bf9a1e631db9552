/**
 * "One press, one effect" on the client: every action a person confirms carries a request id of its own,
 * and the server applies an id once (api/services/apply-once.ts). A press that got no answer (status 0: the
 * network failed, perhaps after the server applied it) is sent again with the same id, so it cannot apply
 * twice; a press the server answered, refused or not, is done, and the next press is a new one.
 */
import type { ApiResult } from '../lib/api-client.ts';

/** A confirmable action on its way: its id, whether it is being sent, and why it was refused. */
export interface Press {
  requestId: string;
  sending: boolean;
  error: string | null;
  /** Field → message when the server refused what was typed. */
  fields: Record<string, string>;
}

export const newPress = (): Press => ({ requestId: crypto.randomUUID(), sending: false, error: null, fields: {} });

/** The id the next press of the same action sends after `result`. */
export const nextRequestId = (result: { ok: boolean; status: number }, requestId: string) =>
  !result.ok && result.status === 0 ? requestId : crypto.randomUUID();

/**
 * Sends the press `read` finds (nothing while one is on its way), marking it as sending; on a refusal it
 * writes the message, the fields and the id for the next press. Resolves to the answer, or null when
 * nothing was sent.
 *
 * @example
 * const sent = await sendPress(() => $desk.get().dialog, (dialog) => patch({ dialog }), (requestId) =>
 *   callApi(() => api.admin.tours[':id'].publish.$post({ param: { id }, json: { requestId } })));
 * if (sent?.ok) patch({ dialog: null, done: 'Publicado.' });
 */
export async function sendPress<P extends Press, T>(
  read: () => P | null,
  write: (press: P) => void,
  send: (requestId: string, press: P) => Promise<ApiResult<T>>,
): Promise<ApiResult<T> | null> {
  const press = read();
  if (!press || press.sending) return null;
  write({ ...press, sending: true, error: null, fields: {} });
  const result = await send(press.requestId, press);
  // Written over what is there now (the press may have been edited while it was on its way), and only if it is
  // still this press: a dialog closed meanwhile stays closed, and another opened since is not told this answer.
  const now = read();
  if (!result.ok && now?.requestId === press.requestId) {
    write({ ...now, sending: false, error: result.message, fields: result.fields, requestId: nextRequestId(result, press.requestId) });
  }
  return result;
}

/** The press of one row of a screen's list (move, hide, remove…): which row, and the press itself. */
export type RowPress = Press & { id: string };

/**
 * A press on one row of a list, one row at a time: a press on another row while one is on its way is not sent
 * (null). Answered, the row's press is over (the screen shows the answer's message on a refusal); a press whose
 * answer was lost stays, to go again with its id.
 */
export async function sendRowPress<T>(
  read: () => RowPress | null,
  write: (row: RowPress | null) => void,
  id: string,
  send: (requestId: string) => Promise<ApiResult<T>>,
): Promise<ApiResult<T> | null> {
  const current = read();
  if (current && current.id !== id) return null;
  if (!current) write({ ...newPress(), id });
  const sent = await sendPress(read as () => RowPress | null, write as (row: RowPress) => void, (requestId) => send(requestId));
  if (sent && (sent.ok || sent.status !== 0)) write(null);
  return sent;
}
