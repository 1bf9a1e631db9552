/**
 * The office's payment policies (/admin/plazos-de-pago) against the real API, as an admin: a type's policy
 * changed through its form and saved once though the first answer was lost; bad values named at their fields
 * before anything is sent; a colleague's save meanwhile refused, what was typed kept, then read again.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_POLICY_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import * as screen from './admin-payment-policies.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => screen.$paymentPolicies.get();

describe('the office’s payment policies', () => {
  it('shows each type’s policy, and saves a change once though the first answer was lost', async () => {
    await screen.openPaymentPolicies();
    expect(state().policies.map((p) => p.tourType)).toEqual(['Group', 'FIT', 'Private']);
    screen.editPolicy('Private');
    expect(state().editor?.form).toEqual({ depositKind: 'percent', depositValue: '40', balanceDaysBefore: '45', instalments: [] });

    screen.setPolicyForm((f) => ({ ...f, depositKind: 'perTraveller', depositValue: '250,50' }), 'depositValue');
    screen.setPolicyForm((f) => ({ ...f, instalments: [{ percent: '25', daysBefore: '90' }] }));
    island.loseNextAnswer();
    expect(await screen.savePolicy()).toBe(false);
    expect(state().editor?.error).toContain('No hemos podido conectar');
    expect(await screen.savePolicy()).toBe(true);
    expect(state()).toMatchObject({ editor: null, done: PAYMENT_POLICY_MESSAGES.typeSaved });
    expect(state().policies[2]?.policy).toEqual({
      deposit: { kind: 'perTraveller', amountCents: 25_050 },
      instalments: [{ percent: 25, daysBefore: 90 }],
      balanceDaysBefore: 45,
    });
    const records = await island.t.db.selectFrom('staffActions').select(['entityType', 'entityId']).execute();
    expect(records).toEqual([{ entityType: 'payment-policy', entityId: 'Private' }]);
  });

  it('names bad values at their fields without asking the server; typing again clears that field', async () => {
    await screen.openPaymentPolicies();
    screen.editPolicy('Group');
    screen.setPolicyForm((f) => ({ ...f, depositValue: '120', balanceDaysBefore: 'treinta', instalments: [{ percent: '10', daysBefore: '15' }] }));
    const sent = island.calls.length;
    expect(await screen.savePolicy()).toBe(false);
    expect(state().editor?.fields).toEqual({
      depositValue: PAYMENT_POLICY_MESSAGES.percent,
      balanceDaysBefore: PAYMENT_POLICY_MESSAGES.days,
    });
    expect(island.calls.length).toBe(sent);
    screen.setPolicyForm((f) => ({ ...f, depositValue: '30', balanceDaysBefore: '30' }), 'depositValue');
    expect(state().editor?.fields).toEqual({ balanceDaysBefore: PAYMENT_POLICY_MESSAGES.days });
    // An instalment due after the balance is refused as a whole.
    expect(await screen.savePolicy()).toBe(false);
    expect(state().editor?.fields).toEqual({ instalments: PAYMENT_POLICY_MESSAGES.order });
  });

  it('refuses a save over a colleague’s, keeps what was typed, and reads theirs again', async () => {
    await screen.openPaymentPolicies();
    screen.editPolicy('FIT');
    screen.setPolicyForm((f) => ({ ...f, depositValue: '35' }), 'depositValue');
    await island.t.db
      .insertInto('paymentPolicies')
      .values({
        tourType: 'FIT',
        policy: JSON.stringify({ deposit: { kind: 'percent', percent: 50 }, instalments: [], balanceDaysBefore: 60 }),
        version: 7,
        updatedAt: '2026-12-03T10:00:00.000Z',
      })
      .onConflict((oc) => oc.column('tourType').doUpdateSet({ policy: (eb) => eb.ref('excluded.policy'), version: 7 }))
      .execute();
    expect(await screen.savePolicy()).toBe(false);
    expect(state().editor).toMatchObject({ stale: true, form: { depositValue: '35' } });
    await screen.reloadEditor();
    expect(state().editor).toMatchObject({ stale: false, version: 7, form: { depositValue: '50', balanceDaysBefore: '60' } });
  });
});
