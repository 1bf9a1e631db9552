/**
 * The guides' expenses list against the real API, as an admin: narrowed at once by the choice made (kept
 * in the address), the extra expenses' page asking for its kind, and a decision on an expense as one press —
 * its first answer lost, applied once; a rejection without a reason refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_TOOL_MESSAGES } from '#shared/schemas/guide-tools.ts';
import { day } from '../../../tests/support/booking-fixtures.ts';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { chooseFilter, expenses, openDecision, openExpenses, sendDecision, setDecisionReason } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const expense = (id: string, kind: 'EXTRA' | 'BUDGETED', concept: string) => ({
  id,
  guideId: 'guide-marta',
  periodId: 'p1',
  kind,
  concept,
  amount: 2000,
  curency: 'EUR',
  exchangeRate: 1,
  amountEurCents: 2000,
  spentOn: day(61),
  receipt: null,
  requestId: `${id}-request`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(async () => {
  await island.t.db.insertInto('guidePeriods').values({ guideId: 'guide-marta', periodId: 'p1' }).execute();
  await island.t.db
    .insertInto('guideExpenses')
    .values([expense('exp-taxi', 'EXTRA', 'Taxi al hospital'), expense('exp-lunch', 'BUDGETED', 'Comida del grupo')])
    .execute();
});

describe("the guides' expenses", () => {
  it('the extra page lists only extra expenses; a status chosen applies at once and stays in the address', async () => {
    atAddress('/admin/guia/gastos-extra');
    await openExpenses('EXTRA');
    expect(expenses.$state.get().answer?.expenses.map((e) => e.id)).toEqual(['exp-taxi']);
    atAddress('/admin/guia/gastos');
    await openExpenses(null);
    expect(expenses.$state.get().answer?.expenses).toHaveLength(2);
    chooseFilter('status', 'APPROVED');
    await expenses.reload();
    expect(expenses.$state.get().answer?.expenses).toEqual([]);
    expect(island.address()).toBe('/admin/guia/gastos?status=APPROVED');
  });

  it('approves once though the first answer was lost; a rejection needs its reason', async () => {
    await openExpenses(null);
    const taxi = expenses.$state.get().answer!.expenses.find((e) => e.id === 'exp-taxi')!;
    openDecision(taxi, 'REJECTED');
    await sendDecision();
    expect(expenses.$state.get().dialog?.error).toBe(GUIDE_TOOL_MESSAGES.reasonRequired);
    openDecision(taxi, 'APPROVED');
    setDecisionReason('Recibo correcto');
    island.loseNextAnswer();
    await sendDecision();
    expect(expenses.$state.get().dialog?.error).toContain('No hemos podido conectar');
    await sendDecision();
    expect(expenses.$state.get()).toMatchObject({ dialog: null, done: 'Gasto «Taxi al hospital» de Marta aprobado.' });
    const actions = await island.t.db.selectFrom('staffActions').select('id').where('entityId', '=', 'guide-marta').execute();
    expect(actions).toHaveLength(1);
  });
});
