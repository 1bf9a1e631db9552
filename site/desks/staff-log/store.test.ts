/**
 * The office's log against the real API, as an admin: a press made on another desk is listed at once with
 * who made it and a link to its object; the log narrows to one person, one kind of object and a span of
 * days; a span that ends before it starts is refused at its field before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { coupons, newCoupon, openCoupons, saveEditor, setField } from '../coupons/store.ts';
import { staffLog } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const rows = () => staffLog.$state.get().answer?.rows ?? [];

/** A record as an earlier press left it: another person, another object, another day. */
async function recorded(actorEmail: string, entityType: string, entityId: string, createdAt: string) {
  await island.t.db
    .insertInto('staffActions')
    .values({
      id: `${entityType}-${createdAt}`,
      entityType,
      entityId,
      action: 'update',
      actorId: null,
      actorEmail,
      requestId: null,
      reason: 'Cambio de fechas',
      before: null,
      after: null,
      createdAt,
    })
    .execute();
}

describe('the office’s log', () => {
  it('lists a press made on another desk at once, newest first, with who made it and a link to its object', async () => {
    await recorded('marta@different.demo', 'retailer', 'r-1', '2026-03-02T10:00:00.000Z');
    await openCoupons();
    newCoupon();
    setField('code', 'HISTORIAL');
    setField('value', '10');
    await saveEditor();
    expect(coupons.$state.get().done).toBe('Cupón HISTORIAL creado.');

    atAddress('/admin/historial');
    await staffLog.open(location.search);
    expect(rows().map((r) => [r.entityType, r.actorEmail])).toEqual([
      ['coupon', 'equipo@different.demo'],
      ['retailer', 'marta@different.demo'],
    ]);
    expect(rows()[1]).toMatchObject({ href: '/admin/retailer/r-1', reason: 'Cambio de fechas' });
    expect(staffLog.$state.get().answer?.total).toBe(2);
  });

  it('narrows to one person, one kind of object and a span of days, kept in the address', async () => {
    await recorded('marta@different.demo', 'booking', 'b-1', '2026-03-01T23:30:00.000Z');
    await recorded('marta@different.demo', 'booking', 'b-2', '2026-03-03T08:00:00.000Z');
    await recorded('luis@different.demo', 'booking', 'b-3', '2026-03-02T09:00:00.000Z');
    await recorded('marta@different.demo', 'tour', 't-1', '2026-03-02T12:00:00.000Z');
    atAddress('/admin/historial');
    await staffLog.open(location.search);
    staffLog.setFilter('actor', 'MARTA');
    staffLog.setFilter('entity', 'booking');
    staffLog.setFilter('from', '2026-03-01');
    staffLog.setFilter('to', '2026-03-02');
    await staffLog.apply();
    expect(rows().map((r) => r.entityId)).toEqual(['b-1']);
    expect(island.address()).toBe('/admin/historial?actor=MARTA&entity=booking&from=2026-03-01&to=2026-03-02');

    // The last day counts whole; the order turns on the heading.
    staffLog.setFilter('to', '2026-03-03');
    await staffLog.apply();
    await staffLog.sortBy('createdAt');
    expect(rows().map((r) => r.entityId)).toEqual(['b-1', 'b-2']);
  });

  it('refuses a span that ends before it starts at its field, without asking the server', async () => {
    atAddress('/admin/historial');
    await staffLog.open(location.search);
    const sent = island.calls.length;
    staffLog.setFilter('from', '2026-03-05');
    staffLog.setFilter('to', '2026-03-01');
    await staffLog.apply();
    expect(staffLog.$state.get().errors).toEqual({ to: 'La fecha final no puede ser anterior a la inicial.' });
    expect(island.calls.length).toBe(sent);
  });
});
