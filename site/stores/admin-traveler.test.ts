/**
 * One traveller on the desk (/admin/travelers/{id}) against the real API, as an admin: an edit checked
 * before sending, refused at the field the server names, and saved; a colleague's save meanwhile refused
 * with what was typed kept; a forced password change applied once though the first answer was lost; and
 * the personal data erased only with a reason.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import * as desk from './admin-traveler.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => desk.$travelerDesk.get();
const LUIS = 'trav-luis';

describe('one traveller on the desk', () => {
  it('names a wrong DNI before sending and an e-mail another traveller has at its field, then saves', async () => {
    await desk.openTraveler(LUIS);
    expect(state()).toMatchObject({ status: 'ready', detail: { traveler: { name: 'luis', email: 'luis@correo.es', version: 1 } } });
    desk.openEdit();
    expect(state().dialog).toMatchObject({ kind: 'edit', version: 1, form: { name: 'luis', email: 'luis@correo.es', dni: '' } });
    desk.setEditField('dni', '12345678A');
    const sent = island.calls.length;
    await desk.saveEdit();
    expect(state().dialog).toMatchObject({
      error: 'Revisa los datos marcados.',
      errors: { dni: 'Escribe un DNI (8 cifras y letra) o un NIE (X, Y o Z, 7 cifras y letra) válido.' },
    });
    expect(island.calls.length).toBe(sent);

    desk.setEditField('dni', '');
    desk.setEditField('email', 'ana@correo.es');
    await desk.saveEdit();
    expect(state().dialog).toMatchObject({ sending: false, errors: { email: 'Ya hay otro viajero con ese correo.' } });

    desk.setEditField('email', 'luis@correo.es');
    desk.setEditField('name', 'Luis');
    desk.setEditField('phone', '600 999 888');
    await desk.saveEdit();
    expect(state()).toMatchObject({ dialog: null, done: 'Datos guardados.', detail: { traveler: { name: 'Luis', phone: '600 999 888', version: 2 } } });
  });

  it('refuses a save over a colleague’s, keeping what was typed, and saves it from the current version when pressed again', async () => {
    await desk.openTraveler(LUIS);
    desk.openEdit();
    await island.t.db.updateTable('travelers').set({ version: 2, surname: 'Pérez' }).where('id', '=', LUIS).execute();
    desk.setEditField('phone', '611 222 333');
    await desk.saveEdit();
    expect(state().dialog).toMatchObject({
      sending: false,
      error: 'Otra persona ha cambiado este contenido. Recarga para ver su versión.',
      version: 2,
      form: { phone: '611 222 333', surname: '' },
    });
    // The page behind shows the colleague's save.
    expect(state().detail?.traveler.surname).toBe('Pérez');
    await desk.saveEdit();
    expect(state()).toMatchObject({ dialog: null, done: 'Datos guardados.', detail: { traveler: { phone: '611 222 333', version: 3 } } });
  });

  it('forces a password change once though the first answer was lost, and says so', async () => {
    await desk.openTraveler(LUIS);
    desk.openForce();
    desk.setSendMail(false);
    island.loseNextAnswer();
    await desk.confirmForce();
    expect(state().dialog).toMatchObject({ sending: false, error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.' });
    await desk.confirmForce();
    // The first press reached the shop: the retry is its replay, answered as done.
    expect(state()).toMatchObject({ dialog: null, done: 'Ya estaba hecho: no ha cambiado nada.', detail: { account: { state: 'must-change-password' } } });
    expect(await island.t.db.selectFrom('staffActions').select('action').where('entityId', '=', LUIS).execute()).toEqual([{ action: 'force-password-change' }]);

    desk.openForce();
    await desk.confirmForce();
    expect(state().done).toBe('Hecho: sus sesiones se han cerrado, le hemos enviado el correo y al entrar tendrá que elegir una contraseña nueva.');
  });

  it('erases the personal data only with a reason', async () => {
    await desk.openTraveler(LUIS);
    desk.openErase();
    desk.setEraseReason('sí');
    const sent = island.calls.length;
    await desk.confirmErase();
    expect(state().dialog).toMatchObject({ reasonError: 'Escribe el motivo: quién lo ha pedido, cuándo y por qué vía.' });
    expect(island.calls.length).toBe(sent);
    desk.setEraseReason('Lo pidió él por correo el 3 de marzo');
    await desk.confirmErase();
    expect(state()).toMatchObject({ dialog: null, done: 'Datos personales borrados. Sus reservas y pagos se conservan.' });
    const row = await island.t.db.selectFrom('travelers').select('email').where('id', '=', LUIS).executeTakeFirstOrThrow();
    expect(row.email).not.toBe('luis@correo.es');
  });
});
