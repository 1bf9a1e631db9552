/**
 * Balance reminders (issue 13): REMINDER_DAYS_BEFORE days before a payment deadline still owed (what was
 * paid covers the earliest deadlines first), the booking's lead gets a REMINDER_PAYMENT with what is left
 * of that deadline and the pay link, once per deadline. The reminder's row (primary key booking + day) is
 * the once, written with its mail in one transaction: a second run, or a second instance, sends nothing.
 */
import { bookingTrips } from '../bookings/queries.ts';
import { isValidEmail } from '#shared/rules/validation.ts';
import { addDays } from '#shared/rules/dates.ts';
import { deadlinesToPay, parseDeadlines } from '#shared/rules/payments.ts';
import type { Config } from '../../config.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { loadBookingDocument } from '../bookings/documents/booking-document.ts';
import { queueMail } from '../mail/outbox.ts';
import { payAgainLink } from '../payments/payment-mails.ts';

export const REMINDER_DAYS_BEFORE = 7;

export async function remindDeadlines(db: Db, config: Pick<Config, 'publicUrl'>, now: Date): Promise<{ reminded: { bookingId: string; deadline: string }[] }> {
  const today = now.toISOString().slice(0, 10);
  const horizon = addDays({ date: today, days: REMINDER_DAYS_BEFORE });
  const candidates = await bookingTrips(db)
    .select(['bookings.id', 'bookings.tkId', 'bookings.deadlinesStringify', 'tours.webSlug'])
    .where('bookings.status', 'in', ['CONFIRMED', 'WAITING_FOR_TRANSFER'])
    .where('periods.dayOne', '>', today)
    .where('bookings.deadlinesStringify', '!=', '[]')
    .orderBy('bookings.id')
    .execute();
  const reminded: { bookingId: string; deadline: string }[] = [];
  for (const booking of candidates) {
    const doc = await loadBookingDocument(db, booking.id);
    if (!doc?.lead.email || !isValidEmail(doc.lead.email) || doc.remainingCents <= 0) continue;
    const next = deadlinesToPay({
      deadlines: parseDeadlines(booking.deadlinesStringify),
      paidCents: doc.paidCents,
      insuranceCents: doc.quote.insuranceCents,
    })[0];
    if (!next || next.date < today || next.date > horizon) continue;
    try {
      await db.transaction().execute(async (trx) => {
        const { id: mailId } = await queueMail(trx, {
          type: 'REMINDER_PAYMENT',
          to: doc.lead.email as string,
          bookingId: booking.id,
          now,
          data: {
            travelerName: doc.lead.name.split(' ')[0] ?? doc.lead.name,
            tourName: doc.tourName,
            bookingReference: doc.tkId ?? doc.differentId,
            dayOne: doc.dayOne,
            amountCents: next.amountCents,
            deadline: next.date,
            link: payAgainLink(config, { bookingId: booking.id, tkId: booking.tkId, tourSlug: booking.webSlug }),
          },
        });
        await trx
          .insertInto('paymentReminders')
          .values({ bookingId: booking.id, deadlineDate: next.date, amountCents: next.amountCents, mailId, createdAt: now.toISOString() })
          .execute();
        await trx.updateTable('bookings').set({ notifyReminder: 1 }).where('id', '=', booking.id).execute();
      });
      reminded.push({ bookingId: booking.id, deadline: next.date });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { reminded };
}
