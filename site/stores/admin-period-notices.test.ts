/**
 * A departure's notifications and the day at a glance, against the real API as an admin: the chosen
 * bookings asked for before anything is sent, a payment reminder sent once to each confirmed booking
 * though the first answer was lost, and the dashboard's departures.
 */
import { describe, expect, it } from 'vitest';
import { day } from '../../tests/support/booking-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';
import { $adminHome, openAdminHome } from './admin-home.ts';
import { $periodNotices, askToSend, noticeSummary, sendNotice, setAudience, setNotice, setPercent } from './admin-period-notices.ts';

const island = withIslandApi({ as: 'admin' });

describe('a departure’s notifications', () => {
  it('asks for the bookings when none is chosen, then reminds every confirmed booking once', async () => {
    const { id } = await createBookingForPayment(island.app, island.t.db);
    await island.t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
    setAudience('chosen');
    askToSend();
    expect($periodNotices.get()).toMatchObject({ confirming: false, fields: { bookingIds: 'Elige al menos una reserva.' } });

    setAudience('all');
    setNotice('payment-reminder');
    setPercent('50');
    expect(noticeSummary($periodNotices.get())).toContain('50 %');
    askToSend();
    expect($periodNotices.get().confirming).toBe(true);
    island.loseNextAnswer();
    await sendNotice('p1');
    expect($periodNotices.get().error).toContain('No hemos podido conectar');
    await sendNotice('p1');
    // The first press reached the shop: the second is its replay, answered as done without mailing again.
    expect($periodNotices.get()).toMatchObject({ confirming: false, error: null, result: { applied: false } });
    const reminders = await island.t.db.selectFrom('mails').select('type').where('bookingId', '=', id).execute();
    expect(reminders.filter((m) => m.type !== 'PRE_BOOKING' && m.type !== 'BUDGET')).toHaveLength(1);
  });
});

describe('the day at a glance', () => {
  it('shows the departures of the next 30 days', async () => {
    await island.t.db
      .updateTable('periods')
      .set({ dayOne: day(10), returnDate: day(20) })
      .where('id', '=', 'p1')
      .execute();
    await openAdminHome();
    expect($adminHome.get()).toMatchObject({ status: 'ready', message: null });
    expect($adminHome.get().answer?.departures.map((d) => d.periodId)).toContain('p1');
  });
});
