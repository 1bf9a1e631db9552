/**
 * The balances desk (/admin/cobros) against the real API, as an admin: a booking whose deadline passed unpaid
 * is listed with what it owes; 'Recordar' mails the lead once though its first answer was lost; 'Ampliar
 * plazo' names a missing reason and a past date before sending, then takes the booking off the list;
 * 'Cancelar' asks for its reason and cancels the booking.
 */
import { describe, expect, it } from 'vitest';
import { BALANCE_MESSAGES } from '#shared/schemas/balances.ts';
import { day } from '../../../tests/support/booking-fixtures.ts';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { overdueBooking } from '../../../tests/support/payment-fixtures.ts';
import { askPress, balances, confirmPress, openBalances, setPressField } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => balances.$state.get();
const rows = () => state().answer?.rows ?? [];

describe('the balances desk', () => {
  it('lists what is overdue and reminds the lead once, though the first answer was lost', async () => {
    const { id, deadlines, paidCents } = await overdueBooking(island.app, island.t.db);
    atAddress('/admin/cobros');
    await openBalances(location.search);
    expect(rows().map((r) => ({ id: r.id, overdueCents: r.overdueCents, owedSince: r.owedSince }))).toEqual([
      { id, overdueCents: (deadlines[0]?.amountCents ?? 0) - paidCents, owedSince: day(-20) },
    ]);
    const [row] = rows();
    askPress('remind', row!);
    island.loseNextAnswer();
    expect(await confirmPress()).toBe(false);
    expect(await confirmPress()).toBe(true);
    expect(state()).toMatchObject({ press: null, done: BALANCE_MESSAGES.reminded });
    expect(rows()[0]?.lastRemindedAt).not.toBeNull();
    const reminders = await island.t.db.selectFrom('mails').select('type').where('bookingId', '=', id).where('type', '=', 'REMINDER_PAYMENT').execute();
    expect(reminders).toHaveLength(1);
  });

  it('extends the deadline for a reason, naming what is missing before sending', async () => {
    await overdueBooking(island.app, island.t.db);
    await openBalances('');
    askPress('extend', rows()[0]!);
    setPressField('date', day(-1));
    const sent = island.calls.length;
    expect(await confirmPress()).toBe(false);
    expect(state().press?.fields).toEqual({ reason: BALANCE_MESSAGES.reason });
    expect(island.calls.length).toBe(sent);

    setPressField('reason', 'Cobra la nómina el día 1');
    expect(await confirmPress()).toBe(false);
    expect(state().press?.fields).toEqual({ date: BALANCE_MESSAGES.datePast });
    setPressField('date', day(5));
    expect(await confirmPress()).toBe(true);
    expect(state()).toMatchObject({ done: BALANCE_MESSAGES.extended, answer: { total: 0 } });
  });

  it('cancels a booking for a reason', async () => {
    const { id } = await overdueBooking(island.app, island.t.db);
    await openBalances('');
    askPress('cancel', rows()[0]!);
    expect(await confirmPress()).toBe(false);
    expect(state().press?.fields).toEqual({ reason: 'Escribe el motivo de la cancelación.' });
    setPressField('reason', 'No contesta desde hace un mes');
    expect(await confirmPress()).toBe(true);
    const { status } = await island.t.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(status).toBe('CANCELED');
    expect(state().answer?.total).toBe(0);
  });
});
