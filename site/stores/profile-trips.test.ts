/**
 * The traveller's trips (/perfil/viajes, /perfil) and one trip (/perfil/reserva/{id}) against the real
 * API, signed in as Ana: her trips and what is pending, another traveller's trip not found, a passenger's
 * missing document completed once though the first answer was lost (a wrong one refused at its field),
 * and an activity added for the travellers chosen.
 */
import { describe, expect, it } from 'vitest';
import { CALLERS } from '../../tests/support/callers.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from '../../tests/support/payment-fixtures.ts';
import * as trips from './profile-trips.ts';

const island = withIslandApi({ as: 'traveler' });

/** A booking paid in part by card (CONFIRMED, something still owed), held by `travelerId`. */
async function paidInPart(travelerId: string = CALLERS.traveler.travelerId) {
  const { id } = await createBookingForPayment(island.app, island.t.db);
  expect((await startPaymentRequest(island.app, `/payments/booking/${id}`, { amount: 'due', method: 'card' })).res.status).toBe(201);
  const payment = await island.t.db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
  expect(
    (await postNotification(island.app, signedNotification(island.app.config, { order: payment.orderNumber, amountCents: payment.amountCents }))).status,
  ).toBe(200);
  await island.t.db.updateTable('bookings').set({ travelerId }).where('id', '=', id).execute();
  return id;
}

describe("the traveller's trips", () => {
  it('lists her trips and sums up what is pending on the profile', async () => {
    const id = await paidInPart();
    await trips.loadTrips();
    expect(trips.$trips.get()).toMatchObject({ status: 'ready', trips: { upcoming: [{ id, tourName: 'Japón esencial', travellers: 3 }], past: [] } });
    await trips.loadProfileSummary();
    expect(trips.$profileSummary.get()).toMatchObject({ status: 'ready', summary: { nextTrip: { id }, pending: [{ kind: 'balance', bookingId: id }] } });
  });

  it("opens her trip, and not another traveller's", async () => {
    const id = await paidInPart();
    const luis = await paidInPart(CALLERS.otherTraveler.travelerId);
    await trips.loadTrip(id);
    expect(trips.$trip.get()).toMatchObject({ status: 'ready', detail: { trip: { id }, changeBlocker: null } });
    await trips.loadTrip(luis);
    expect(trips.$trip.get()).toEqual({ status: 'failed', detail: null, message: 'No encontramos ese viaje entre los tuyos.' });
  });

  it("completes a passenger's document once though the first answer was lost; a wrong one is refused at its field", async () => {
    const id = await paidInPart();
    const row = await island.t.db.selectFrom('bookings').select('travelersStringify').where('id', '=', id).executeTakeFirstOrThrow();
    const stored = JSON.parse(row.travelersStringify) as { reservation_fields: Record<string, string> }[];
    delete stored[1]!.reservation_fields['national_id'];
    await island.t.db
      .updateTable('bookings')
      .set({ travelersStringify: JSON.stringify(stored) })
      .where('id', '=', id)
      .execute();
    await trips.loadTrip(id);
    const second = trips.$trip.get().detail!.travellers[1]!;
    trips.openPassenger(second.id);
    trips.setPassengerField('national_id', '12345678A');
    await trips.savePassenger();
    expect(Object.keys(trips.$tripChanges.get().passenger!.errors)).toEqual(['fields.national_id']);
    trips.setPassengerField('national_id', '87654321X');
    expect(trips.$tripChanges.get().passenger!.errors).toEqual({});

    island.loseNextAnswer();
    await trips.savePassenger();
    expect(trips.$tripChanges.get().passenger?.message).toBe('No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
    await trips.savePassenger();
    expect(trips.$tripChanges.get()).toEqual({ passenger: null, activity: null, done: 'Datos del viajero guardados.' });
    expect(trips.$trip.get().detail!.travellers[1]).toMatchObject({ fields: { national_id: '87654321X' }, missing: {} });
    const records = await island.t.db.selectFrom('staffActions').select('action').where('entityId', '=', id).execute();
    expect(records).toEqual([{ action: 'edit-traveller' }]);
  });

  it('adds an activity for the travellers chosen, and asks for one when none is', async () => {
    const id = await paidInPart();
    await trips.loadTrip(id);
    const before = trips.$trip.get().detail!;
    trips.openActivity('ACT1');
    const sent = island.calls.length;
    await trips.addActivity();
    expect(trips.$tripChanges.get().activity?.errors).toEqual({ travellerIds: 'Elige al menos un viajero.' });
    expect(island.calls.length).toBe(sent);

    for (const traveller of before.travellers.slice(0, 2)) trips.toggleActivityTraveller(traveller.id, true);
    await trips.addActivity();
    expect(trips.$tripChanges.get().done).toBe('Actividad añadida. Ya puedes pagarla con «Pagar lo pendiente».');
    expect(trips.$trip.get().detail!.trip.dueCents).toBe(before.trip.dueCents + 8_000);
  });
});
