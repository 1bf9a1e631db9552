/**
 * The contact forms' store against the real API (tests/support/island-api.ts), as a visitor: every wrong
 * field named in Spanish before anything is sent, a question stored once however often it is pressed,
 * what was typed kept when the shop cannot be reached, and the browser's challenge when a connection has
 * sent too many.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { type ContactField, createContactForm } from './contact-form.ts';

const island = withIslandApi();
const stored = () => island.t.db.selectFrom('contactTours').selectAll().execute();

const VALID: Record<ContactField, string> = {
  name: 'Lucía',
  surname: 'Martín Ruiz',
  email: 'lucia.martin@correo.es',
  phone: '+34 600 12 34 56',
  question: '¿Hay plazas para dos personas en la salida de marzo?',
};

function filledForm(values: Partial<Record<ContactField, string>> = {}) {
  const form = createContactForm();
  for (const [field, value] of Object.entries({ ...VALID, ...values })) form.setField(field as ContactField, value);
  return form;
}

describe('the contact form', () => {
  it('marks every wrong field in Spanish without sending, keeps what was typed, and clears a field’s message once corrected', async () => {
    const form = filledForm({ name: ' ', email: 'lucia@correo', phone: 'llámame', question: '¿Plazas?' });
    expect(await form.submit()).toBe('failed');
    expect(form.$form.get()).toMatchObject({
      status: 'idle',
      message: 'Revisa los campos marcados.',
      values: { email: 'lucia@correo', question: '¿Plazas?' },
      errors: {
        name: 'Indica tu nombre',
        email: 'Introduce un correo electrónico válido',
        phone: 'Introduce un teléfono válido, por ejemplo +34 600 123 456',
        question: 'Escribe tu pregunta (mínimo 10 caracteres)',
      },
    });
    expect(island.calls).toEqual([]);
    form.setField('email', VALID.email);
    expect(Object.keys(form.$form.get().errors).sort()).toEqual(['name', 'phone', 'question']);
  });

  it('sends the question once though pressed twice, then empties the form and thanks the visitor', async () => {
    const form = filledForm();
    expect(await Promise.all([form.submit(), form.submit()])).toEqual(['sent', 'failed']);
    expect(island.calls).toEqual(['POST /api/contact']);
    expect(await stored()).toMatchObject([{ name: 'Lucía', email: VALID.email, question: VALID.question, tourId: null }]);
    expect(form.$form.get()).toEqual({
      values: { name: '', surname: '', email: '', phone: '', question: '' },
      errors: {},
      status: 'sent',
      message: 'Gracias, te responderemos muy pronto.',
    });
  });

  it('sends a tour page’s question with its tour', async () => {
    expect(await filledForm({ surname: '', phone: '' }).submit({ tourName: 'Japón esencial', tourId: 't1' })).toBe('sent');
    expect(await stored()).toMatchObject([{ tourId: 't1', tourName: 'Japón esencial', surname: null, phone: null }]);
  });

  it('keeps what was typed and says so when the shop cannot be reached', async () => {
    const form = filledForm();
    island.loseNextAnswer();
    expect(await form.submit()).toBe('failed');
    expect(form.$form.get()).toMatchObject({
      status: 'idle',
      errors: {},
      values: VALID,
      message: 'No hemos podido enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo en unos minutos.',
    });
  });

  it('past five messages from one connection, solves the shop’s challenge and sends the sixth once', async () => {
    for (let i = 0; i < 5; i++) expect(await filledForm().submit()).toBe('sent');
    expect(await filledForm({ name: 'Sexta' }).submit()).toBe('sent');
    expect(island.calls.slice(5)).toEqual(['POST /api/contact', 'POST /api/auth/captcha', 'POST /api/contact']);
    expect((await stored()).filter((row) => row.name === 'Sexta')).toHaveLength(1);
  });
});
