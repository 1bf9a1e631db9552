/** The traveller's own questions on /perfil against the real API: what they asked signed in, with the office's reply. */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $myQuestions, loadMyQuestions } from './profile-questions.ts';

const island = withIslandApi({ as: 'traveler' });

describe('my questions', () => {
  it('lists what the traveller asked, with the replies', async () => {
    const res = await island.app.request('/contact', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-test-auth': JSON.stringify({ userId: 'user-ana', email: 'ana@correo.es', travelerId: 'trav-ana', groups: [] }),
      },
      body: JSON.stringify({ question: '¿Hay salida desde Valencia en septiembre?', name: 'Ana', email: 'ana@correo.es', requestId: crypto.randomUUID() }),
    });
    const { id } = (await res.json()) as { id: string };
    await island.t.db
      .insertInto('contactMessages')
      .values({ id: 'm1', contactId: id, author: 'STAFF', authorEmail: 'equipo@different.demo', body: 'Sí, el 12.', createdAt: new Date().toISOString() })
      .execute();
    await loadMyQuestions();
    expect($myQuestions.get().questions).toMatchObject([{ id, question: '¿Hay salida desde Valencia en septiembre?', replies: [{ body: 'Sí, el 12.' }] }]);
  });
});
