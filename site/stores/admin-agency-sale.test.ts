/**
 * 'Nueva reserva de agencia' against the real API, as an admin: the tour's departures to come are offered,
 * a form without a departure or with a commission over 100 % is refused at its fields before sending, and
 * the booking is made once though the first answer was lost, the agency's figures read again.
 */
import { describe, expect, it } from 'vitest';
import { AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { openRetailer, $retailerScreen } from './admin-retailer.ts';
import * as sale from './admin-agency-sale.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => sale.$agencySale.get();

describe('a sale for an agency', () => {
  it('offers the tour’s departures, names what is missing before sending, and books once', async () => {
    await island.t.db.insertInto('retailers').values({ id: 'r1', cif: 'B12345678', name: 'Viajes Levante', email: 'reservas@levante.example' }).execute();
    await openRetailer('r1');
    await sale.openAgencySale();
    expect(state().tours.map((t) => t.id)).toContain('t1');
    await sale.chooseTour('t1');
    expect(state().periods.map((p) => p.id)).toEqual(['p1']);

    sale.setSaleField('commissionPercent', '150');
    const sent = island.calls.length;
    expect(await sale.submitAgencySale()).toBe(false);
    expect(state().dialog?.fields).toMatchObject({ periodId: 'Elige una salida.', commissionPercent: AGENCY_SALE_MESSAGES.commission });
    expect(island.calls.length).toBe(sent);

    await sale.choosePeriod('p1');
    expect(state().options?.rooms).toEqual([{ activityId: 'DBL', name: 'Habitación doble' }]);
    sale.setSaleField('roomId', 'DBL');
    sale.toggleSaleChoice('activityIds', 'ACT1');
    sale.setSaleField('commissionPercent', '10');
    for (const [field, value] of [
      ['name', 'Marta'],
      ['surname', 'Ruiz Soler'],
      ['email', 'marta.ruiz@correo.es'],
      ['phone', '+34 611 222 333'],
      ['reference', 'LEV-100'],
    ] as const)
      sale.setSaleField(field, value);
    island.loseNextAnswer();
    expect(await sale.submitAgencySale()).toBe(false);
    expect(await sale.submitAgencySale()).toBe(true);
    expect(state().dialog).toBeNull();
    expect($retailerScreen.get()).toMatchObject({ done: AGENCY_SALE_MESSAGES.created, detail: { figures: { confirmed: 1 } } });
    const made = await island.t.db.selectFrom('bookings').select(['id', 'retailerReference', 'travelersStringify']).where('retailerId', '=', 'r1').execute();
    expect(made.map((b) => ({ id: b.id, retailerReference: b.retailerReference }))).toEqual([{ id: state().made, retailerReference: 'LEV-100' }]);
    expect(JSON.parse(made[0]!.travelersStringify)[0]).toMatchObject({ reservation_mode: 'DBL', optional_activities: ['ACT1'] });
  });

  it('offers the departures of the tour the form shows, though an earlier choice is answered last', async () => {
    await island.t.db.insertInto('retailers').values({ id: 'r1', cif: 'B12345678', name: 'Viajes Levante', email: 'reservas@levante.example' }).execute();
    await openRetailer('r1');
    await sale.openAgencySale();
    const release = island.holdNextAnswer();
    const first = sale.chooseTour('t1');
    await sale.chooseTour('');
    release();
    await first;
    expect(state().dialog?.form.tourId).toBe('');
    expect(state().periods).toEqual([]);
    // Chosen again, its departures come.
    await sale.chooseTour('t1');
    expect(state().periods.map((p) => p.id)).toEqual(['p1']);
  });
});
