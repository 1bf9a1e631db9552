/**
 * The feedback mail (issue 13): the day after a trip comes back, run right after the points are
 * credited, every CONFIRMED booking back between FEEDBACK_MAIL_DAYS_AFTER_RETURN and
 * FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN days gets one mail to its lead, with the points the trip earned, a
 * link to review the tour and one per optional activity taken, each signed for the booking's holder. The
 * request's row (primary key: the booking) is the once, written with its mail in one transaction: a second
 * run, or a second instance, sends nothing.
 */
import { addDays } from '#shared/rules/dates.ts';
import { FEEDBACK_MAIL_DAYS_AFTER_RETURN, FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN, isFeedbackMailDue } from '#shared/rules/reviews.ts';
import { isValidEmail } from '#shared/rules/validation.ts';
import type { Config } from '../../config.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { loadBookingDocument } from '../bookings/documents/booking-document.ts';
import { feedbackPath } from '../content/feedback-links.ts';
import { reviewsToWrite } from '../content/feedback.ts';
import { queueMail } from '../mail/outbox.ts';

export interface FeedbackReport {
  mailed: { bookingId: string; activities: number }[];
}

export async function sendFeedbackMails(db: Db, config: Pick<Config, 'publicUrl' | 'authSecret'>, now: Date): Promise<FeedbackReport> {
  const today = now.toISOString().slice(0, 10);
  const due = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select(['bookings.id', 'bookings.status', 'bookings.travelerId', 'bookings.periodId', 'bookings.travelersStringify', 'periods.returnDate'])
    .where('bookings.status', '=', 'CONFIRMED')
    .where('bookings.travelerId', 'is not', null)
    .where('periods.returnDate', '<=', addDays({ date: today, days: -FEEDBACK_MAIL_DAYS_AFTER_RETURN }))
    .where('periods.returnDate', '>=', addDays({ date: today, days: -FEEDBACK_MAIL_LAST_DAY_AFTER_RETURN }))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('feedbackRequests').select('bookingId').whereRef('feedbackRequests.bookingId', '=', 'bookings.id'))),
    )
    .orderBy('periods.returnDate')
    .orderBy('bookings.id')
    .execute();
  const base = config.publicUrl.replace(/\/+$/, '');
  const mailed: FeedbackReport['mailed'] = [];
  for (const booking of due) {
    if (!isFeedbackMailDue({ status: booking.status, returnDate: booking.returnDate, today })) continue;
    const travelerId = booking.travelerId as string;
    const doc = await loadBookingDocument(db, booking.id);
    if (!doc?.lead.email || !isValidEmail(doc.lead.email)) continue;
    const owed = await reviewsToWrite(db, { bookingId: booking.id, travelerId, periodId: booking.periodId, travelersStringify: booking.travelersStringify });
    const subject = { bookingId: booking.id, travelerId, periodId: booking.periodId };
    const credit = await db
      .selectFrom('transactions')
      .select('amount')
      .where('bookingId', '=', booking.id)
      .where('type', '=', 'CREDIT')
      .where('kind', '=', 'POINTS')
      .where('status', '=', 'COMPLETED')
      .executeTakeFirst();
    const activities = await Promise.all(
      owed.activities.map(async (a) => ({ name: a.name, link: base + (await feedbackPath({ kind: 'activity', ...subject, activityId: a.id }, config, now)) })),
    );
    try {
      await db.transaction().execute(async (trx) => {
        const { id: mailId } = await queueMail(trx, {
          type: 'FEEDBACK',
          to: doc.lead.email as string,
          bookingId: booking.id,
          now,
          data: {
            travelerName: doc.lead.name.split(' ')[0] ?? null,
            tourName: doc.tourName,
            dayOne: doc.dayOne,
            returnDate: booking.returnDate,
            points: credit ? Number(credit.amount) : 0,
            tourLink: base + (await feedbackPath({ kind: 'tour', ...subject }, config, now)),
            activities,
          },
        });
        await trx.insertInto('feedbackRequests').values({ bookingId: booking.id, mailId, createdAt: now.toISOString() }).execute();
      });
      mailed.push({ bookingId: booking.id, activities: activities.length });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { mailed };
}
