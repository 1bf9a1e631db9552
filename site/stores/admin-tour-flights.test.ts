/**
 * A departure's flights in the tour editor (/admin/tour/{id}) against the real API, as an admin: a flight's
 * seats and prices saved (never under the seats its bookings took, and the shop says why), a new flight
 * checked with the server's own schema before sending, its segments named where the form shows them, and
 * a flight a booking chose kept while one nobody chose is removed.
 */
import { describe, expect, it } from 'vitest';
import { day } from '../../tests/support/booking-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $tourEditor, openTourEditor } from './admin-tour-editor.ts';
import * as flights from './admin-tour-flights.ts';

const island = withIslandApi({ as: 'admin' });
const stamp = '2026-01-01T00:00:00.000Z';
const state = () => $tourEditor.get();
const p1 = () => state().view!.periods.find((p) => p.id === 'p1')!;
const flight = (id: string) => p1().flights.find((f) => f.id === id)!;

/** Booking b2 chose flight f1 and took two of its seats for good. */
async function twoSeatsSoldOnMadrid() {
  await island.t.db
    .insertInto('bookings')
    .values({
      id: 'b2',
      differentId: '654321',
      periodId: 'p1',
      flightId: 'f1',
      status: 'CONFIRMED',
      travelersStringify: '[]',
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
  await island.t.db
    .insertInto('seatHolds')
    .values({
      id: 'hf1',
      bookingId: 'b2',
      resourceType: 'flight',
      resourceId: 'f1',
      quantity: 2,
      expiresAt: stamp,
      releasedAt: null,
      confirmedAt: stamp,
      createdAt: stamp,
    })
    .execute();
}

describe('a departure’s flights', () => {
  it('saves a flight’s seats and prices, refusing seats under those sold with the reason at the field', async () => {
    await twoSeatsSoldOnMadrid();
    await openTourEditor('t1');
    flights.openFlight(p1(), flight('f1'));
    expect(state().dialog).toMatchObject({ kind: 'flight', form: { seats: '12', Adultos: '300', Niños: '250' } });
    flights.setFlightField('seats', 'muchas');
    const sent = island.calls.length;
    await flights.submitFlight();
    expect(state().dialog).toMatchObject({ error: 'Revisa los datos marcados.', errors: { seats: 'Escribe un número de plazas entre 0 y 999.' } });
    expect(island.calls.length).toBe(sent);

    flights.setFlightField('seats', '1');
    await flights.submitFlight();
    expect(state().dialog).toMatchObject({ sending: false, errors: { seats: 'No puedes dejar menos plazas que las 2 ya vendidas en esta salida.' } });

    flights.setFlightField('seats', '6');
    flights.setFlightField('Adultos', '320');
    await flights.submitFlight();
    expect(state()).toMatchObject({ dialog: null, done: 'Vuelo guardado.' });
    expect(flight('f1')).toMatchObject({
      seats: 6,
      sold: 2,
      onSale: 4,
      prices: [
        { ageGroupName: 'Adultos', valueCents: 32_000 },
        { ageGroupName: 'Niños', valueCents: 25_000 },
      ],
    });
  });

  it('names what a new flight lacks before sending, then adds it with a connection and no return', async () => {
    await openTourEditor('t1');
    flights.openAddFlight(p1());
    const sent = island.calls.length;
    await flights.submitNewFlight();
    expect(state().dialog).toMatchObject({
      error: 'Revisa los datos marcados.',
      errors: {
        name: 'Escribe el nombre del vuelo.',
        seats: 'Escribe un número de plazas entre 0 y 999.',
        Adultos: 'Escribe un precio en euros, de 0 a 100.000, con dos decimales como mucho.',
        'outbound.0.flightNumber': 'Escribe el número de vuelo (por ejemplo IB3456).',
        'inbound.0.departureIata': 'Escribe el código IATA del aeropuerto: tres letras (por ejemplo MAD).',
      },
    });
    expect(island.calls.length).toBe(sent);

    for (const [field, value] of Object.entries({ name: 'Vuelo desde Valencia', departureCity: 'Valencia', seats: '8', Adultos: '410', Niños: '350' }))
      flights.setNewFlightField(field, value);
    const first = { flightNumber: 'qr 148', departureIata: 'vlc', arrivalIata: 'DOH', departureAt: `${day(60)}T09:30`, arrivalAt: `${day(60)}T17:45` };
    for (const [field, value] of Object.entries(first)) flights.setSegmentField('outbound', 0, field as keyof typeof first, value);
    expect(state().dialog).not.toHaveProperty(['errors', 'outbound.0.flightNumber']);
    flights.addSegment('outbound');
    // A connection leaves from the airport the segment before lands at.
    expect(state().dialog).toMatchObject({ segments: { outbound: [{}, { departureIata: 'DOH' }] } });
    for (const [field, value] of Object.entries({ flightNumber: 'QR806', arrivalIata: 'NRT', departureAt: `${day(60)}T20:00`, arrivalAt: `${day(61)}T12:10` }))
      flights.setSegmentField('outbound', 1, field as keyof typeof first, value);
    flights.setWithReturn(false);
    // Landing before taking off is named at the segment's arrival, before anything is sent.
    flights.setSegmentField('outbound', 0, 'arrivalAt', `${day(60)}T08:00`);
    await flights.submitNewFlight();
    expect(state().dialog).toHaveProperty('errors', { 'outbound.0.arrivalAt': 'La llegada tiene que ser después de la salida.' });
    expect(island.calls.length).toBe(sent);
    flights.setSegmentField('outbound', 0, 'arrivalAt', first.arrivalAt);
    await flights.submitNewFlight();
    expect(state()).toMatchObject({ dialog: null, done: 'Vuelo añadido.' });
    expect(p1().flights.find((f) => f.name === 'Vuelo desde Valencia')).toMatchObject({ departureCity: 'Valencia', seats: 8, onSale: 8 });
  });

  it('keeps a flight a booking chose, and removes one nobody chose', async () => {
    await twoSeatsSoldOnMadrid();
    await openTourEditor('t1');
    flights.openRemoveFlight(p1(), flight('f1'));
    await flights.confirmRemoveFlight();
    expect(state().dialog).toMatchObject({
      sending: false,
      error: 'No se puede quitar este vuelo: 1 reserva lo ha elegido. Deja sus plazas a 0 para que no se venda más.',
    });
    flights.openRemoveFlight(p1(), flight('f4'));
    await flights.confirmRemoveFlight();
    expect(state()).toMatchObject({ dialog: null, done: 'Vuelo quitado.' });
    expect(p1().flights.map((f) => f.id)).not.toContain('f4');
    expect(await island.t.db.selectFrom('flights').select('id').where('id', '=', 'f4').execute()).toEqual([]);
  });
});
