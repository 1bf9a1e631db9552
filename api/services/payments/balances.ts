/**
 * Balances collected (docs/decisions/042): each booking carries the date of its earliest deadline that
 * payments do not cover (`owed_since`), rewritten by whatever writes its deadlines or its payments, so the
 * overdue list and the dashboard read one index. Staff remind a booking again or extend its deadline; each
 * press is recorded and applied once.
 */
import { addDays } from '#shared/rules/dates.ts';
import { deadlinesWithOwed, parseDeadlines } from '#shared/rules/payments.ts';
import { BALANCE_MESSAGES } from '#shared/schemas/balances.ts';
import { isValidEmail } from '#shared/rules/validation.ts';
import type { Config } from '../../config.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { loadBookingDocument } from '../bookings/documents/booking-document.ts';
import { bookingNotFound } from '../bookings/records.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { queueMail } from '../mail/outbox.ts';
import { parseQuoteSnapshot } from './amounts.ts';
import { payAgainLink } from './payment-mails.ts';

const OPEN = ['CONFIRMED', 'WAITING_FOR_TRANSFER'] as const;

/**
 * What a booking owes today: the deadlines passed (today's included) less what payments cover, with the
 * insurance not paid yet; and all that is left of its total.
 */
export function owedNow({
  deadlinesStringify,
  quoteStringify,
  paidCents,
  today,
}: {
  deadlinesStringify: string;
  quoteStringify: string | null;
  paidCents: number;
  today: string;
}): { overdueCents: number; remainingCents: number; dueBy: (day: string) => number } {
  const quote = parseQuoteSnapshot(quoteStringify);
  const insuranceCents = quote?.insuranceCents ?? 0;
  const schedule = deadlinesWithOwed({ deadlines: parseDeadlines(deadlinesStringify), paidCents, insuranceCents });
  const insuranceOwed = Math.max(0, insuranceCents - Math.max(0, paidCents));
  const dueBy = (day: string) => schedule.filter((d) => d.date <= day).reduce((sum, d) => sum + d.owedCents, 0);
  const scheduled = schedule.reduce((sum, d) => sum + d.owedCents, 0);
  return {
    overdueCents: dueBy(today) + (dueBy(today) > 0 ? insuranceOwed : 0),
    remainingCents: quote ? Math.max(0, quote.totalCents - paidCents) : scheduled + insuranceOwed,
    dueBy,
  };
}

/** Writes `owed_since` of a booking from its deadlines and confirmed payments. Call it where either changes. */
export async function refreshOwedSince(trx: Db | Trx, bookingId: string): Promise<void> {
  const booking = await trx.selectFrom('bookings').select(['deadlinesStringify', 'quoteStringify']).where('id', '=', bookingId).executeTakeFirst();
  if (!booking) return;
  const paid = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
    .where('bookingId', '=', bookingId)
    .where('status', '=', 'CONFIRMED')
    .executeTakeFirstOrThrow();
  const insuranceCents = parseQuoteSnapshot(booking.quoteStringify)?.insuranceCents ?? 0;
  const first = deadlinesWithOwed({ deadlines: parseDeadlines(booking.deadlinesStringify), paidCents: Number(paid.cents), insuranceCents }).find(
    (d) => d.owedCents > 0,
  );
  await trx
    .updateTable('bookings')
    .set({ owedSince: first?.date ?? null })
    .where('id', '=', bookingId)
    .execute();
}

/** The dashboard's money: owed by deadlines already passed, and falling due from today to `weekEnd`. */
export async function moneyDue(db: Db, { today, weekEnd }: { today: string; weekEnd: string }): Promise<{ overdueCents: number; thisWeekCents: number }> {
  const rows = await db
    .selectFrom('bookings')
    .select((eb) => [
      'bookings.deadlinesStringify',
      'bookings.quoteStringify',
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number>('payments.amountCents').as('paid'))
        .whereRef('payments.bookingId', '=', 'bookings.id')
        .where('payments.status', '=', 'CONFIRMED')
        .as('paidCents'),
    ])
    .where('bookings.owedSince', '<=', weekEnd)
    .where('bookings.status', 'in', OPEN)
    .execute();
  const yesterday = addDays({ date: today, days: -1 });
  let overdueCents = 0;
  let thisWeekCents = 0;
  for (const row of rows) {
    const owed = owedNow({ ...row, paidCents: Number(row.paidCents ?? 0), today: yesterday });
    overdueCents += owed.overdueCents;
    thisWeekCents += owed.dueBy(weekEnd) - owed.dueBy(yesterday);
  }
  return { overdueCents, thisWeekCents };
}

interface BalancePress {
  bookingId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

/** 'Recordar de nuevo': a REMINDER_PAYMENT to the lead for what is overdue, with the pay link. */
export async function remindAgain(db: Db, config: Pick<Config, 'publicUrl'>, press: BalancePress): Promise<{ applied: boolean }> {
  const today = press.now.toISOString().slice(0, 10);
  return applyOnce(
    db,
    { entityType: 'booking', entityId: press.bookingId, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const booking = await trx
        .selectFrom('bookings')
        .innerJoin('periods', 'periods.id', 'bookings.periodId')
        .innerJoin('tours', 'tours.id', 'periods.tourId')
        .select(['bookings.id', 'bookings.tkId', 'bookings.status', 'bookings.owedSince', 'tours.webSlug'])
        .where('bookings.id', '=', press.bookingId)
        .executeTakeFirst();
      if (!booking) throw bookingNotFound();
      const doc = await loadBookingDocument(trx, press.bookingId);
      const owed = doc && booking.owedSince && booking.owedSince <= today && (OPEN as readonly string[]).includes(booking.status);
      if (!doc || !owed) throw new AppError('CONFLICT', BALANCE_MESSAGES.nothingOverdue);
      if (!doc.lead.email || !isValidEmail(doc.lead.email)) throw new AppError('CONFLICT', BALANCE_MESSAGES.noEmail);
      const overdue = doc.schedule.filter((d) => d.date <= today).reduce((sum, d) => sum + d.owedCents, 0);
      const { id: mailId } = await queueMail(trx, {
        type: 'REMINDER_PAYMENT',
        to: doc.lead.email,
        bookingId: booking.id,
        now: press.now,
        data: {
          travelerName: doc.lead.name.split(' ')[0] ?? doc.lead.name,
          tourName: doc.tourName,
          bookingReference: doc.tkId ?? doc.differentId,
          dayOne: doc.dayOne,
          amountCents: overdue,
          deadline: booking.owedSince ?? today,
          link: payAgainLink(config, { bookingId: booking.id, tkId: booking.tkId, tourSlug: booking.webSlug }),
        },
      });
      await trx.updateTable('bookings').set({ lastRemindedAt: press.now.toISOString() }).where('id', '=', booking.id).execute();
      await record({ action: 'remind-balance', before: null, after: { mailId, amountCents: overdue, deadline: booking.owedSince } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/**
 * 'Ampliar plazo': the earliest unpaid deadline moves to `date` (after it, from today on, before the departure),
 * for a reason the log keeps. What payments covered stays where it was.
 */
export async function extendDeadline(db: Db, press: BalancePress & { date: string; reason: string }): Promise<{ applied: boolean }> {
  const today = press.now.toISOString().slice(0, 10);
  return applyOnce(
    db,
    { entityType: 'booking', entityId: press.bookingId, requestId: press.requestId, actor: press.actor, now: press.now },
    async (trx, record) => {
      const booking = await trx
        .selectFrom('bookings')
        .select(['id', 'status', 'owedSince', 'deadlinesStringify', 'dayOne'])
        .where('id', '=', press.bookingId)
        .executeTakeFirst();
      if (!booking) throw bookingNotFound();
      if (!booking.owedSince || !(OPEN as readonly string[]).includes(booking.status)) throw new AppError('CONFLICT', BALANCE_MESSAGES.nothingOverdue);
      if (press.date < today) throw invalidFields({ date: BALANCE_MESSAGES.datePast });
      if (press.date <= booking.owedSince) throw invalidFields({ date: BALANCE_MESSAGES.dateNotLater });
      if (booking.dayOne && press.date >= booking.dayOne) throw invalidFields({ date: BALANCE_MESSAGES.dateAfterDeparture });
      const before = parseDeadlines(booking.deadlinesStringify);
      // The deadline still owed moves whole; a later one it now passes keeps its date (both are owed by then).
      const moved = before.findIndex((d) => d.date === booking.owedSince);
      const after = before.map((d, i) => (i === moved ? { ...d, date: press.date } : d)).sort((a, b) => a.date.localeCompare(b.date));
      await trx
        .updateTable('bookings')
        .set({ deadlinesStringify: JSON.stringify(after) })
        .where('id', '=', booking.id)
        .execute();
      await refreshOwedSince(trx, booking.id);
      await record({ action: 'extend-deadline', reason: press.reason, before: { deadlines: before }, after: { deadlines: after } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}
