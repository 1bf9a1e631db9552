/**
 * The bookings desk's store against the real API, as an admin: every booking or one departure's (from
 * the path, with its manifest), filters from and into the address, a typo named before sending, sorting
 * by a heading, and the CSV link carrying the same query without the page.
 */
import { describe, expect, it } from 'vitest';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../../tests/support/payment-fixtures.ts';
import { bookings, csvHref, openBookings } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const ids = () => bookings.$state.get().answer?.rows.map((r) => r.id);

describe('the bookings desk', () => {
  it('lists the bookings, filters them from the address, and exports what is filtered', async () => {
    const first = (await createBookingForPayment(island.app, island.t.db)).id;
    const second = (await createBookingForPayment(island.app, island.t.db)).id;
    atAddress('/admin/bookings?status=IN_PROGRESS&page=2');
    await openBookings('', location.search);
    expect(bookings.$state.get()).toMatchObject({ status: 'ready', periodId: '', manifest: null, form: { status: 'IN_PROGRESS' }, page: 2 });
    expect(bookings.$state.get().options.tours.map((t) => t.id)).toContain('t1');
    expect(ids()).toEqual([]);
    await bookings.goToPage(1);
    expect(ids()?.toSorted()).toEqual([first, second].toSorted());
    expect(csvHref()).toBe('/api/admin/bookings/export.csv?status=IN_PROGRESS');

    bookings.setFilter('status', 'CONFIRMED');
    await bookings.apply();
    expect(ids()).toEqual([]);
    expect(island.address()).toBe('/admin/bookings?status=CONFIRMED');
    await bookings.clear();
    expect(bookings.$state.get().answer?.total).toBe(2);
  });

  it('names a search too short and a day that is no day, without asking', async () => {
    await openBookings('', '');
    const sent = island.calls.length;
    bookings.setFilter('q', 'a');
    bookings.setFilter('departureFrom', '2026-02-31x');
    await bookings.apply();
    expect(Object.keys(bookings.$state.get().errors).toSorted()).toEqual(['departureFrom', 'q']);
    expect(island.calls.length).toBe(sent);
  });

  it("a departure's desk: its bookings, its manifest, and the departure kept out of the address but in the export", async () => {
    const id = (await createBookingForPayment(island.app, island.t.db)).id;
    atAddress('/admin/bookings/p1');
    await openBookings('p1', '');
    expect(bookings.$state.get()).toMatchObject({ periodId: 'p1', manifest: { period: { id: 'p1', tourName: 'Japón esencial' } } });
    expect(ids()).toEqual([id]);
    expect(island.address()).toBe('/admin/bookings/p1');
    expect(csvHref()).toBe('/api/admin/bookings/export.csv?periodId=p1');
    await bookings.sortBy('price');
    expect(bookings.$state.get()).toMatchObject({ sort: 'price', dir: 'desc' });
    await bookings.sortBy('price');
    expect(island.address()).toBe('/admin/bookings/p1?sort=price&dir=asc');
  });
});
