/**
 * One agency's screen (/admin/retailer/{id}) against the real API, as an admin: its record and bookings,
 * an edit saved from the version it was opened from (a colleague's save meanwhile refused, and the form
 * reloaded with theirs), the agency mailed about a booking once though the first answer was lost, and the
 * agency deleted.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { createRetailer, newRetailer, retailers, setNewRetailerField } from '../desks/retailers/store.ts';
import * as screen from './admin-retailer.ts';

const island = withIslandApi({ as: 'admin' });

async function agency() {
  newRetailer();
  setNewRetailerField('cif', 'B12345674');
  setNewRetailerField('name', 'Viajes Levante');
  setNewRetailerField('email', 'reservas@viajeslevante.es');
  expect(await createRetailer()).toBe(true);
  return retailers.$state.get().created!.id;
}

describe('one agency’s screen', () => {
  it('saves an edit from the version it opened; a colleague’s save meanwhile is refused and can be reloaded', async () => {
    const id = await agency();
    await screen.openRetailer(id);
    expect(screen.$retailerScreen.get()).toMatchObject({ status: 'ready', detail: { retailer: { name: 'Viajes Levante' } }, bookings: { total: 0 } });
    screen.startEdit();
    screen.setEditField('city', 'Valencia');
    expect(await screen.saveEdit()).toBe(true);
    expect(screen.$retailerScreen.get()).toMatchObject({ editor: null, done: 'Agencia Viajes Levante guardada.', detail: { retailer: { city: 'Valencia' } } });

    screen.startEdit();
    await island.t.db
      .updateTable('retailers')
      .set((eb) => ({ version: eb('version', '+', 1), city: 'Alicante' }))
      .where('id', '=', id)
      .execute();
    screen.setEditField('phone', '961 000 000');
    expect(await screen.saveEdit()).toBe(false);
    expect(screen.$retailerScreen.get().editor).toMatchObject({ stale: true, form: { phone: '961 000 000' } });
    await screen.reloadEditor();
    expect(screen.$retailerScreen.get().editor).toMatchObject({ stale: false, form: { city: 'Alicante' } });
  });

  it('mails the agency about its booking once, though the first answer was lost', async () => {
    const id = await agency();
    const { id: bookingId } = await createBookingForPayment(island.app, island.t.db);
    await island.t.db.updateTable('bookings').set({ retailerId: id }).where('id', '=', bookingId).execute();
    await screen.openRetailer(id);
    const booking = screen.$retailerScreen.get().bookings!.rows[0]!;
    screen.askAgencyMail(booking);
    island.loseNextAnswer();
    await screen.confirmAgencyMail();
    expect(screen.$retailerScreen.get().mailing?.error).toContain('No hemos podido conectar');
    await screen.confirmAgencyMail();
    expect(screen.$retailerScreen.get().done).toBe(`Aviso de la reserva ${booking.differentId} enviado a reservas@viajeslevante.es.`);
    const mails = await island.t.db.selectFrom('mails').select(['type', 'toAddress']).where('toAddress', '=', 'reservas@viajeslevante.es').execute();
    expect(mails).toHaveLength(1);
  });

  it('deletes an agency without bookings', async () => {
    const id = await agency();
    await screen.openRetailer(id);
    screen.askDelete();
    await screen.confirmDelete();
    expect(screen.$retailerScreen.get()).toMatchObject({ status: 'deleted', done: 'Agencia Viajes Levante borrada.' });
    expect(await island.t.db.selectFrom('retailers').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
