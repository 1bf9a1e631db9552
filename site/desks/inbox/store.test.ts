/**
 * The office's inbox against the real API, as an admin: the questions listed and filtered from the address;
 * one opened, an empty reply named before sending, a reply sent once though its first answer was lost,
 * assigned to nobody, closed and opened again. And the traveller's own questions on /perfil.
 */
import { describe, expect, it } from 'vitest';
import { INBOX_MESSAGES } from '#shared/schemas/inbox.ts';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { $question, assignTo, openQuestion, sendReply, setReply, setStatus } from './question.ts';
import { inbox, openInbox } from './store.ts';

const island = withIslandApi({ as: 'admin' });

async function asked(email: string, question: string) {
  const res = await island.app.request('/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question, name: 'Lucía', email, requestId: crypto.randomUUID() }),
  });
  return ((await res.json()) as { id: string }).id;
}

describe('the office’s inbox', () => {
  it('lists the questions, filters them from the address, and opens one', async () => {
    await asked('lucia@correo.es', '¿Se puede viajar con niños de 5 años?');
    const id = await asked('pablo@correo.es', '¿Hay salida desde Valencia en septiembre?');
    atAddress('/admin/consultas?status=NEW');
    await openInbox(location.search);
    expect(inbox.$state.get().answer?.total).toBe(2);
    inbox.setFilter('q', 'valencia');
    await inbox.apply();
    expect(inbox.$state.get().answer?.rows.map((r) => r.id)).toEqual([id]);
    expect(island.address()).toBe('/admin/consultas?q=valencia&status=NEW');
  });

  it('replies once though the first answer was lost, assigns, closes and opens again', async () => {
    const id = await asked('lucia@correo.es', '¿Se puede viajar con niños de 5 años?');
    await openQuestion(id);
    expect($question.get().detail).toMatchObject({ status: 'NEW', messages: [] });
    const sent = island.calls.length;
    expect(await sendReply()).toBe(false);
    expect($question.get().reply.fields).toEqual({ body: INBOX_MESSAGES.reply });
    expect(island.calls.length).toBe(sent);
    setReply('Sí, desde los 4 años.');
    island.loseNextAnswer();
    expect(await sendReply()).toBe(false);
    expect(await sendReply()).toBe(true);
    expect($question.get()).toMatchObject({ done: INBOX_MESSAGES.replied, detail: { status: 'ANSWERED', replies: 1 }, reply: { body: '' } });
    const replies = await island.t.db.selectFrom('contactMessages').select('body').execute();
    expect(replies).toEqual([{ body: 'Sí, desde los 4 años.' }]);
    expect(await assignTo('')).toBe(true);
    expect($question.get().detail?.assignedTo).toBeNull();
    expect(await setStatus('CLOSED')).toBe(true);
    expect($question.get().detail?.status).toBe('CLOSED');
    expect(await setStatus('NEW')).toBe(true);
    expect($question.get()).toMatchObject({ done: INBOX_MESSAGES.reopened, detail: { status: 'ANSWERED' } });
  });
});
