/**
 * `/admin`, the day at a glance: bookings and revenue today and this week, what waits for staff
 * (transfers, payments in review, failed payments, mails that failed), and the departures of the next 30
 * days with their seats sold against capacity. Each figure links to the list it counts.
 */
import { periodTours } from '../catalogue/trips.ts';
import type { DashboardAnswer } from '#shared/schemas/backoffice.ts';
import type { Db } from '../../db/database.ts';
import { seatsSoldByPeriod } from './seat-holds.ts';
import { campaignFigures, pageFigures } from '../content/visits.ts';
import { moneyDue } from '../payments/balances.ts';
import { unansweredQuestions } from '../people/inbox.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Monday of `now`'s week (UTC): the week staff mean by "this week". */
function weekStart(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return day(d);
}

export async function dashboard(db: Db, now: Date): Promise<DashboardAnswer> {
  const today = day(now);
  const monday = weekStart(now);
  const in30 = day(new Date(now.getTime() + 30 * 86_400_000));
  const bookingsSince = (from: string) =>
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('createdAt', '>=', from)
      .where('status', '!=', 'IN_PROGRESS')
      .executeTakeFirstOrThrow();
  const revenueSince = (from: string) =>
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
      .where('status', '=', 'CONFIRMED')
      .where('paymentMethod', '!=', 'points')
      .where('confirmedAt', '>=', from)
      .executeTakeFirstOrThrow();
  const inStatus = (status: 'WAITING_FOR_TRANSFER' | 'PAYPAL_REVIEW') =>
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
  const sunday = day(new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000));
  const [todayCount, weekCount, todayRevenue, weekRevenue, transfers, reviews, failed, failedMails, departures, due, questions] = await Promise.all([
    bookingsSince(today),
    bookingsSince(monday),
    revenueSince(today),
    revenueSince(monday),
    inStatus('WAITING_FOR_TRANSFER'),
    inStatus('PAYPAL_REVIEW'),
    // Failed and not paid since: the booking is still in the funnel, and someone may want to call.
    db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select((eb) => eb.fn.count<number>('payments.bookingId').distinct().as('n'))
      .where('payments.status', '=', 'FAILED')
      .where('bookings.status', '=', 'IN_PROGRESS')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mails')
      .select((eb) => eb.fn.count<number>('bookingId').distinct().as('n'))
      .where('status', '=', 'FAILED')
      .executeTakeFirstOrThrow(),
    periodTours(db)
      .leftJoin(seatsSoldByPeriod(db), (join) => join.onRef('sold.resourceId', '=', 'periods.id'))
      .select(['periods.id as periodId', 'tours.name as tourName', 'periods.dayOne', 'periods.bookableAvailability', 'sold.sold'])
      .where('periods.dayOne', '>=', today)
      .where('periods.dayOne', '<=', in30)
      .orderBy('periods.dayOne')
      .orderBy('tours.name')
      .limit(100)
      .execute(),
    moneyDue(db, { today, weekEnd: sunday }),
    unansweredQuestions(db),
  ]);
  const list = (params: Record<string, string>) => `/admin/bookings?${new URLSearchParams(params)}`;
  return {
    figures: [
      { label: 'Reservas hoy', value: Number(todayCount.n), href: list({ bookedFrom: today }) },
      { label: 'Reservas esta semana', value: Number(weekCount.n), href: list({ bookedFrom: monday }) },
      { label: 'Cobrado hoy', value: Number(todayRevenue.cents), money: true, href: list({ bookedFrom: today }) },
      { label: 'Cobrado esta semana', value: Number(weekRevenue.cents), money: true, href: list({ bookedFrom: monday }) },
      {
        label: questions.oldestAt
          ? `Consultas sin responder (la más antigua, de hace ${Math.max(0, Math.floor((now.getTime() - Date.parse(questions.oldestAt)) / 86_400_000))} días)`
          : 'Consultas sin responder',
        value: questions.count,
        href: '/admin/consultas?status=NEW',
      },
      { label: 'Vencido sin cobrar', value: due.overdueCents, money: true, href: '/admin/cobros' },
      { label: 'Vence esta semana', value: due.thisWeekCents, money: true, href: '/admin/cobros' },
      { label: 'Transferencias por confirmar', value: Number(transfers.n), href: list({ status: 'WAITING_FOR_TRANSFER' }) },
      { label: 'Pagos en revisión', value: Number(reviews.n), href: list({ status: 'PAYPAL_REVIEW' }) },
      { label: 'Pagos fallidos sin resolver', value: Number(failed.n), href: list({ issue: 'failed-payment', status: 'IN_PROGRESS' }) },
      { label: 'Reservas con un correo sin enviar', value: Number(failedMails.n), href: list({ issue: 'failed-mail' }) },
    ],
    departures: departures.map((d) => {
      const sold = Number(d.sold ?? 0);
      return { periodId: d.periodId, tourName: d.tourName, dayOne: d.dayOne, sold, capacity: sold + d.bookableAvailability };
    }),
    campaigns: await campaignFigures(db, { now }),
    pages: await pageFigures(db, { now }),
  };
}
