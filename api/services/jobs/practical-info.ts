/**
 * The practical information before a trip (issue 13, INFO_PRACTICA): PRACTICAL_INFO_DAYS_BEFORE days
 * before departure, every confirmed booking's lead gets the trip's documentation (the same PDF staff send
 * from the booking's page, with the e-tickets already uploaded), once. The booking's
 * `practical_info_sent_at` is the once, claimed in the transaction that queues the mail: a second run, or
 * a second instance, sends nothing. Staff can still send it again by hand at any time.
 */
import { addDays } from '#shared/rules/dates.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { queueBookingMail, Skip } from '../bookings/mails.ts';

export const PRACTICAL_INFO_DAYS_BEFORE = 10;

export async function sendPracticalInfo(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'filesDir' | 'authSecret'>,
  now: Date,
): Promise<{ sent: { bookingId: string; to: string }[]; skipped: { bookingId: string; reason: string }[] }> {
  const today = now.toISOString().slice(0, 10);
  const horizon = addDays({ date: today, days: PRACTICAL_INFO_DAYS_BEFORE });
  const due = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select('bookings.id')
    .where('bookings.status', '=', 'CONFIRMED')
    .where('bookings.practicalInfoSentAt', 'is', null)
    .where('periods.dayOne', '>=', today)
    .where('periods.dayOne', '<=', horizon)
    .orderBy('periods.dayOne')
    .orderBy('bookings.id')
    .execute();
  const sent: { bookingId: string; to: string }[] = [];
  const skipped: { bookingId: string; reason: string }[] = [];
  for (const { id } of due) {
    try {
      const to = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('bookings')
          .set({ practicalInfoSentAt: now.toISOString() })
          .where('id', '=', id)
          .where('practicalInfoSentAt', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return null;
        return (await queueBookingMail(trx, { config, bookingId: id, mail: 'documentation-eticket', now })).to;
      });
      if (to) sent.push({ bookingId: id, to });
    } catch (error) {
      // A booking without an address to write to: the office sees it on the booking (nothing was claimed).
      if (!(error instanceof Skip)) throw error;
      skipped.push({ bookingId: id, reason: error.message });
    }
  }
  return { sent, skipped };
}
