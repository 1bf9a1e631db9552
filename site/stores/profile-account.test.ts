/**
 * The traveller's own personal data on /perfil against the real API, signed in as Ana: a change saved
 * once though the first answer was lost, a wrong field named before anything is sent, a change made in
 * another tab meanwhile refused with what was typed kept, and the deletion of the account, which asks for
 * an explicit yes and the password again, is refused while a trip is still to come, and signs her out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../tests/support/auth-client.ts';
import { CALLERS } from '../../tests/support/callers.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import * as account from './profile-account.ts';
import { $session } from './session.ts';

const island = withIslandApi({ as: 'traveler' });
const ANA = CALLERS.traveler;
const traveler = () => island.t.db.selectFrom('travelers').selectAll().where('id', '=', ANA.travelerId).executeTakeFirstOrThrow();

beforeEach(async () => {
  // The page opens afresh: no deletion under way or done.
  account.closeErase();
  account.$profileAccount.setKey('erased', false);
  await account.loadAccount();
  expect(account.$profileAccount.get()).toMatchObject({ status: 'ready', erased: false, values: { name: 'ana' } });
});

describe("the traveller's personal data", () => {
  it('saves a change once though the first answer was lost', async () => {
    account.setProfileField('phone', '611 222 333');
    island.loseNextAnswer();
    await account.saveProfile();
    expect(account.$profileAccount.get()).toMatchObject({
      saved: false,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    await account.saveProfile();
    expect(account.$profileAccount.get()).toMatchObject({ saved: true, message: 'Tus datos se han guardado.', values: { phone: '611 222 333' } });
    expect(await traveler()).toMatchObject({ phone: '611 222 333', version: 2 });
    const records = await island.t.db.selectFrom('staffActions').select('action').where('entityId', '=', ANA.travelerId).execute();
    expect(records).toEqual([{ action: 'self-update' }]);
  });

  it('keeps a field typed while the save was on its way, for the next press', async () => {
    account.setProfileField('phone', '611 222 333');
    const release = island.holdNextAnswer();
    const saving = account.saveProfile();
    account.setProfileField('surname', 'García Pons');
    release();
    await saving;
    expect(account.$profileAccount.get()).toMatchObject({ saved: false, message: null, values: { phone: '611 222 333', surname: 'García Pons' } });
    expect(await traveler()).toMatchObject({ phone: '611 222 333', version: 2 });
    await account.saveProfile();
    expect(account.$profileAccount.get()).toMatchObject({ saved: true, message: 'Tus datos se han guardado.' });
    expect(await traveler()).toMatchObject({ surname: 'García Pons', version: 3 });
  });

  it('names a wrong document at its field without asking the server', async () => {
    const sent = island.calls.length;
    account.setProfileField('dni', '1234');
    await account.saveProfile();
    expect(account.$profileAccount.get()).toMatchObject({
      errors: { dni: 'Escribe un DNI (8 cifras y letra) o un NIE (X, Y o Z, 7 cifras y letra) válido.' },
      message: 'Revisa los datos marcados.',
    });
    expect(island.calls.length).toBe(sent);
  });

  it('keeps what was typed when her data changed in another tab, and saves it on the next press', async () => {
    await island.t.db.updateTable('travelers').set({ version: 2, surname: 'García' }).where('id', '=', ANA.travelerId).execute();
    account.setProfileField('cityId', 'Zaragoza');
    await account.saveProfile();
    expect(account.$profileAccount.get()).toMatchObject({
      saved: false,
      message: 'Tus datos han cambiado desde que abriste la página (quizá en otra pestaña). Revisa los datos y guarda de nuevo.',
      values: { cityId: 'Zaragoza' },
      account: { version: 2 },
    });
    await account.saveProfile();
    expect(await traveler()).toMatchObject({ cityId: 'Zaragoza', version: 3 });
  });

  it('deletes the account only with a yes and her password, and signs her out', async () => {
    await setPassword(island.t.db, ANA.userId, 'un-viaje-largo-2026');
    await account.loadAccount();
    account.openErase();
    await account.confirmErase();
    expect(account.$profileAccount.get().erase.errors).toEqual({
      confirm: 'Marca la casilla para confirmar que quieres borrar tu cuenta.',
      password: 'Escribe tu contraseña para confirmar.',
    });
    account.setEraseConfirm(true);
    account.setErasePassword('no-es-la-mía-2026');
    await account.confirmErase();
    expect(account.$profileAccount.get().erase.errors).toEqual({ password: 'La contraseña no es correcta.' });
    expect((await traveler()).erasedAt).toBeNull();

    account.setErasePassword('un-viaje-largo-2026');
    await account.confirmErase();
    expect(account.$profileAccount.get()).toMatchObject({ erased: true, erase: { open: false } });
    expect($session.get().status).toBe('anonymous');
    expect((await traveler()).erasedAt).not.toBeNull();
  });

  it('refuses to delete the account while a trip is still to come, saying which', async () => {
    const { id } = await createBookingForPayment(island.app, island.t.db);
    await island.t.db.updateTable('bookings').set({ status: 'CONFIRMED', travelerId: ANA.travelerId }).where('id', '=', id).execute();
    const { differentId } = await island.t.db.selectFrom('bookings').select('differentId').where('id', '=', id).executeTakeFirstOrThrow();
    account.openErase();
    account.setEraseConfirm(true);
    await account.confirmErase();
    expect(account.$profileAccount.get()).toMatchObject({
      erased: false,
      erase: {
        message: `Tienes un viaje en curso o por hacer (reserva ${differentId}). Necesitamos tus datos para ese viaje: podrás borrar tu cuenta cuando vuelvas, o escríbenos si quieres cancelarlo.`,
      },
    });
  });
});
