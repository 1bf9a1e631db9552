/**
 * The coupons desk's store against the real API, as an admin: a new coupon checked with the server's own
 * schema and created once from a press whose answer was lost; edited with the amount as typed in euros;
 * deactivated, searched and deleted.
 */
import { describe, expect, it } from 'vitest';
import { COUPON_FORM_MESSAGES } from '#shared/schemas/backoffice.ts';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import { askDelete, confirmDelete, coupons, editCoupon, newCoupon, openCoupons, saveEditor, setField, toggleStatus } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const listed = () => coupons.$state.get().answer?.coupons ?? [];
const find = (code: string) => listed().find((c) => c.code === code)!;

describe('the coupons desk', () => {
  it('creates one coupon from a press whose answer was lost; a wrong value is named before sending', async () => {
    await openCoupons();
    expect(coupons.$state.get().tours.map((t) => t.id)).toContain('t1');
    const before = listed().length;
    newCoupon();
    setField('code', 'invierno25');
    setField('value', '150');
    const sent = island.calls.length;
    await saveEditor();
    expect(coupons.$state.get().editor?.fields.value).toBe(COUPON_FORM_MESSAGES.value);
    expect(island.calls.length).toBe(sent);

    setField('value', '25');
    island.loseNextAnswer();
    await saveEditor();
    expect(coupons.$state.get().editor?.error).toContain('No hemos podido conectar');
    await saveEditor();
    expect(coupons.$state.get()).toMatchObject({ editor: null, done: 'Cupón INVIERNO25 creado.' });
    expect(listed()).toHaveLength(before + 1);
  });

  it('edits a fixed amount typed in euros, shows it back as typed, deactivates and deletes', async () => {
    await openCoupons();
    newCoupon();
    setField('code', 'FIJO');
    setField('type', 'fixed');
    setField('value', '1.200,50');
    await saveEditor();
    expect(find('FIJO').value).toBe(120050);
    editCoupon(find('FIJO'));
    expect(coupons.$state.get().editor?.form.value).toBe('1200,50');
    setField('uses', '3');
    await saveEditor();
    expect(coupons.$state.get().done).toBe('Cupón FIJO guardado.');
    expect(find('FIJO').uses).toBe(3);

    await toggleStatus(find('FIJO'));
    expect(coupons.$state.get().done).toBe('Cupón FIJO desactivado.');
    expect(find('FIJO').status).toBe('inactive');

    coupons.setFilter('q', 'fij');
    await coupons.apply();
    expect(listed().map((c) => c.code)).toEqual(['FIJO']);
    askDelete(find('FIJO'));
    await confirmDelete();
    expect(coupons.$state.get()).toMatchObject({ deleting: null, done: 'Cupón FIJO borrado.' });
    expect(listed()).toEqual([]);
  });

  it('says why an edit of a coupon changed meanwhile was refused', async () => {
    await openCoupons();
    const stale = find('VERANO10');
    editCoupon(stale);
    await saveEditor();
    editCoupon(stale);
    await saveEditor();
    expect(coupons.$state.get().editor?.error).toBeTruthy();
  });
});
