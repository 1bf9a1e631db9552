/**
 * The bookings desk (issue 12): the list with its filters, one booking with everything about it, and the
 * staff actions that move a booking through its states (DESIGN.md §3 "Booking states"). Every action
 * runs in one transaction, names the status the staff member saw (a booking that moved meanwhile is
 * refused), is recorded with who, when, why, before and after, and is applied once per press.
 */
import { readPage } from '../kit/paged-query.ts';
import { PostgresAdapter, sql } from 'kysely';
import { NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { BookingStatus } from '#shared/enums.ts';
import { BOOKING_TRANSITIONS } from '#shared/rules/booking-states.ts';
import {
  BOOKING_CHANGED_MESSAGE,
  BOOKING_PAGE_SIZE,
  type BookingAction,
  type BookingActionRequest,
  type BookingDetail,
  type BookingFilterOptions,
  type BookingListAnswer,
  type BookingListQuery,
  type BookingListRow,
} from '#shared/schemas/backoffice.ts';
import { CANCEL_REASON_REQUIRED } from '#shared/schemas/labels.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { bookingNotFound, parseExtraIds, parseTravellers } from './records.ts';
import { transitionBooking } from './transitions.ts';
import { refundableCents } from '../payments/refunds.ts';
import { confirmPayment, PaymentNeedsReview } from '../payments/settle.ts';
import { reconcileInvoices } from '../invoices/issue.ts';
import type { BudgetListQuery, BudgetListRow } from '#shared/schemas/booking-desk.ts';
import { budgetPathOf } from './budgets.ts';
import { listDocuments } from './edits.ts';
import { type Actor, listStaffActions, applyOnce } from '../kit/apply-once.ts';
import { deadlinesWithOwed, parseDeadlines } from '#shared/rules/payments.ts';
import { OVERDUE_PAGE_SIZE, type OverdueAnswer, type OverdueQuery } from '#shared/schemas/balances.ts';
import { owedNow } from '../payments/balances.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import { likeContaining } from '../kit/search.ts';

type Filters = Omit<BookingListQuery, 'sort' | 'dir' | 'page'> & {
  /** Bookings still open whose earliest unpaid deadline is before this day (the overdue list). */
  owedBefore?: string;
};

/**
 * The list's query, filtered; the caller picks columns, order and page. Only the joins the filters need
 * are made, so counting 100,000 bookings does not read their tours, travellers and agencies.
 */
function filteredBookings(db: Db, filters: Filters, { exact = false }: { exact?: boolean } = {}) {
  const byTrip = filters.tourId !== undefined;
  return (
    db
      .selectFrom('bookings')
      .$if(byTrip, (qb) => qb.innerJoin('periods as tripPeriods', 'tripPeriods.id', 'bookings.periodId'))
      .$if(filters.status !== undefined, (qb) => qb.where('bookings.status', '=', filters.status as BookingStatus))
      .$if(filters.tourId !== undefined, (qb) => qb.where(sql.ref('tripPeriods.tourId'), '=', filters.tourId as string))
      .$if(filters.periodId !== undefined, (qb) => qb.where('bookings.periodId', '=', filters.periodId as string))
      .$if(filters.retailerId !== undefined, (qb) => qb.where('bookings.retailerId', '=', filters.retailerId as string))
      .$if(filters.departureFrom !== undefined, (qb) => qb.where('bookings.dayOne', '>=', filters.departureFrom as string))
      .$if(filters.departureTo !== undefined, (qb) => qb.where('bookings.dayOne', '<=', filters.departureTo as string))
      .$if(filters.bookedFrom !== undefined, (qb) => qb.where('bookings.createdAt', '>=', filters.bookedFrom as string))
      // Booking dates are timestamps: "to" a day includes the whole day.
      .$if(filters.bookedTo !== undefined, (qb) => qb.where('bookings.createdAt', '<', nextDay(filters.bookedTo as string)))
      .$if(filters.issue !== undefined, (qb) =>
        qb.where((eb) =>
          eb.exists(
            filters.issue === 'failed-mail'
              ? eb.selectFrom('mails').select('mails.id').whereRef('mails.bookingId', '=', 'bookings.id').where('mails.status', '=', 'FAILED')
              : eb.selectFrom('payments as failed').select('failed.id').whereRef('failed.bookingId', '=', 'bookings.id').where('failed.status', '=', 'FAILED'),
          ),
        ),
      )
      .$if(filters.q !== undefined, (qb) => qb.where(matchesText(db, filters.q as string, exact)))
      // One range of the index on (owed_since, status), whatever the number of bookings.
      .$if(filters.owedBefore !== undefined, (qb) =>
        qb.where('bookings.owedSince', '<', filters.owedBefore as string).where('bookings.status', 'in', ['CONFIRMED', 'WAITING_FOR_TRANSFER']),
      )
  );
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The free-text search: a tkId or differentId exactly (indexed), or part of the lead's name, e-mail or
 * phone, found through the travellers' trigram index (migration 2026-11-25T25: pg_trgm on PostgreSQL,
 * FTS5 on SQLite) so the bookings are reached through their traveller index, never by a scan.
 */
function matchesText(db: Db, text: string, exact: boolean) {
  const reference = sql<boolean>`${sql.ref('bookings.tkId')} = ${text} or ${sql.ref('bookings.differentId')} = ${text}`;
  if (exact) return sql<boolean>`(${reference})`;
  // '%' and '\\' would be wildcards or escapes; '_' may stay: as a wildcard it still matches itself.
  const like = `%${text.toLocaleLowerCase('es').replace(/[%\\]/g, '')}%`;
  const travellers =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`select ${sql.ref('id')} from ${sql.table('travelers')} where ${sql.ref('searchText')} like ${like}`
      : sql`select ${sql.ref('travelerId')} from ${sql.table('travelersSearch')} where ${sql.ref('searchText')} like ${like}`;
  // Not exact means no booking has this reference (`isReference` asked first): an OR with it would only
  // keep PostgreSQL from reaching the bookings through their traveller index.
  return sql<boolean>`${sql.ref('bookings.travelerId')} in (${travellers})`;
}

const SORT_COLUMNS = {
  createdAt: 'bookings.createdAt',
  // The booking's copy of its departure day (kept by the database): sorted on its own index, no join.
  dayOne: 'bookings.dayOne',
  price: 'bookings.priceCents',
  status: 'bookings.status',
} as const;

function listRows(db: Db, query: BookingListQuery, options: { exact?: boolean } = {}) {
  return filteredBookings(db, query, options)
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .leftJoin('travelers', 'travelers.id', 'bookings.travelerId')
    .leftJoin('retailers', 'retailers.id', 'bookings.retailerId')
    .select((eb) => [
      'bookings.id',
      'bookings.tkId',
      'bookings.differentId',
      'bookings.status',
      'bookings.createdAt',
      'bookings.priceCents',
      'bookings.travelersStringify',
      'periods.tourId',
      'tours.name as tourName',
      'bookings.periodId',
      'periods.dayOne',
      'periods.returnDate',
      'travelers.name',
      'travelers.surname',
      'travelers.email',
      'travelers.phone',
      'bookings.retailerId',
      'retailers.name as retailerName',
      // Per row, for the page's rows only (index payments(booking_id, status)).
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number>('payments.amountCents').as('paid'))
        .whereRef('payments.bookingId', '=', 'bookings.id')
        .where('payments.status', '=', 'CONFIRMED')
        .as('paidCents'),
    ])
    .orderBy(SORT_COLUMNS[query.sort], query.dir)
    .orderBy('bookings.id', query.dir);
}

type ListRowRecord = Awaited<ReturnType<ReturnType<typeof listRows>['execute']>>[number];

function toListRow(r: ListRowRecord): BookingListRow {
  const travellers = parseTravellers(r.travelersStringify);
  const lead = travellers.find((t) => t.lead) ?? travellers[0];
  const leadName = r.name ? `${r.name} ${r.surname ?? ''}`.trim() : [lead?.reservationFields.name, lead?.reservationFields.surname].filter(Boolean).join(' ');
  return {
    id: r.id,
    tkId: r.tkId,
    differentId: r.differentId,
    status: r.status,
    createdAt: r.createdAt,
    tourId: r.tourId,
    tourName: r.tourName,
    periodId: r.periodId,
    dayOne: r.dayOne,
    returnDate: r.returnDate,
    leadName: leadName || '—',
    email: r.email ?? lead?.reservationFields.email ?? null,
    phone: r.phone ?? null,
    retailerId: r.retailerId,
    retailerName: r.retailerName,
    travellers: travellers.length,
    priceCents: r.priceCents,
    paidCents: Number(r.paidCents ?? 0),
  };
}

/** The choices of the desk's filter form: every tour and agency, by name. */
export async function bookingFilterOptions(db: Db): Promise<BookingFilterOptions> {
  const [tours, retailers] = await Promise.all([
    db.selectFrom('tours').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('retailers').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  ]);
  return { tours, retailers };
}

/** Whether `q` names a booking by its tkId or reference: then staff mean that booking, not a name containing it. */
async function isReference(db: Db, q: string | undefined): Promise<boolean> {
  if (q === undefined) return false;
  const found = await db
    .selectFrom('bookings')
    .select('id')
    .where((eb) => eb.or([eb('tkId', '=', q), eb('differentId', '=', q)]))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

export async function listBookings(db: Db, query: BookingListQuery): Promise<BookingListAnswer> {
  const exact = await isReference(db, query.q);
  // The page's ids first, on the narrow filtered query the indexes serve (a deep page skips ids, not
  // joined rows), then those rows with everything the list shows.
  const { rows: ids, total } = await readPage(
    () => filteredBookings(db, query, { exact }),
    (q) => q.select('bookings.id').orderBy(SORT_COLUMNS[query.sort], query.dir).orderBy('bookings.id', query.dir),
    { page: query.page, pageSize: BOOKING_PAGE_SIZE },
  );
  const rows = ids.length
    ? await listRows(db, { sort: query.sort, dir: query.dir, page: 1 })
        .where(
          'bookings.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  return { rows: rows.map(toListRow), total, page: query.page, pageSize: BOOKING_PAGE_SIZE };
}

/**
 * /admin/cobros: the open bookings whose earliest unpaid deadline has passed, the longest overdue first, each
 * with what it owes now, what is left in all and when it was last reminded (docs/decisions/042).
 */
export async function listOverdue(db: Db, query: OverdueQuery, today: string): Promise<OverdueAnswer> {
  const filters = { q: query.q, retailerId: query.retailerId, owedBefore: today };
  const exact = await isReference(db, query.q);
  // The overdue are few beside all bookings: read through their own index first (a fence the planner keeps),
  // then ordered. Ordered by departure straight away, PostgreSQL walks the departures' index down, through
  // every booking not overdue.
  const overdue = () =>
    db
      .with(
        (cte) => cte('overdue').materialized(),
        () => filteredBookings(db, filters, { exact }).select(['bookings.id', 'bookings.dayOne', 'bookings.owedSince']),
      )
      .selectFrom('overdue');
  const order = query.sort === 'dayOne' ? 'overdue.dayOne' : 'overdue.owedSince';
  const { rows: ids, total } = await readPage(overdue, (q) => q.select('overdue.id').orderBy(order, query.dir).orderBy('overdue.id', query.dir), {
    page: query.page,
    pageSize: OVERDUE_PAGE_SIZE,
  });
  const rows = ids.length
    ? await listRows(db, { sort: 'createdAt', dir: 'desc', page: 1 })
        .select(['bookings.owedSince', 'bookings.lastRemindedAt', 'bookings.deadlinesStringify', 'bookings.quoteStringify'])
        .where(
          'bookings.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.flatMap(({ id }) => {
      const r = byId.get(id);
      if (!r) return [];
      const listed = toListRow(r);
      const owed = owedNow({ deadlinesStringify: r.deadlinesStringify, quoteStringify: r.quoteStringify, paidCents: listed.paidCents, today });
      return [
        { ...listed, owedSince: r.owedSince ?? today, overdueCents: owed.overdueCents, remainingCents: owed.remainingCents, lastRemindedAt: r.lastRemindedAt },
      ];
    }),
    total,
    page: query.page,
    pageSize: OVERDUE_PAGE_SIZE,
  };
}

/**
 * /admin/presupuesto: the budgets visitors saved (a name, still IN_PROGRESS), most recently changed first,
 * found by their name, the lead's name, e-mail or phone, or the reference. Answered as the desk's rows plus
 * the budget's name and where the shop continues it.
 */
export async function listBudgets(db: Db, query: BudgetListQuery): Promise<{ rows: BudgetListRow[]; total: number; page: number; pageSize: number }> {
  const like = query.q === undefined ? null : likeContaining(query.q.toLocaleLowerCase('es'));
  const budgets = () =>
    db
      .selectFrom('bookings')
      .where('bookings.budgetName', 'is not', null)
      .where('bookings.status', '=', 'IN_PROGRESS')
      .$if(like !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            sql<boolean>`lower(${sql.ref('bookings.budgetName')}) like ${like} escape '\\'`,
            matchesText(db, query.q as string, false),
            eb('bookings.differentId', '=', query.q as string),
          ]),
        ),
      );
  const { rows: ids, total } = await readPage(
    budgets,
    (q) => q.select(['bookings.id', 'bookings.budgetName', 'bookings.updatedAt']).orderBy('bookings.updatedAt', 'desc').orderBy('bookings.id', 'desc'),
    { page: query.page, pageSize: BOOKING_PAGE_SIZE },
  );
  const found = ids.length
    ? await listRows(db, { sort: 'createdAt', dir: 'desc', page: 1 })
        .select('tours.webSlug')
        .where(
          'bookings.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((budget) => {
    const row = byId.get(budget.id);
    if (!row) return [];
    const view = toListRow(row);
    return [
      {
        id: view.id,
        budgetName: budget.budgetName ?? '',
        differentId: view.differentId,
        leadName: view.leadName,
        email: view.email,
        tourName: view.tourName,
        periodId: view.periodId,
        dayOne: view.dayOne,
        travellers: view.travellers,
        priceCents: view.priceCents,
        updatedAt: budget.updatedAt,
        continuePath: budgetPathOf(row.webSlug, view.id),
      },
    ];
  });
  return { rows, total: total, page: query.page, pageSize: BOOKING_PAGE_SIZE };
}

/** Every booking the filters match, in the list's order, for the CSV export. */
export async function* exportBookings(db: Db, query: BookingListQuery): AsyncGenerator<BookingListRow> {
  const chunk = 1000;
  const exact = await isReference(db, query.q);
  for (let offset = 0; ; offset += chunk) {
    const rows = await listRows(db, query, { exact }).limit(chunk).offset(offset).execute();
    for (const row of rows) yield toListRow(row);
    if (rows.length < chunk) return;
  }
}

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The actions a booking in this status allows (the state machine's moves, as buttons). */
export function allowedActions(status: BookingStatus, payments: readonly { method: string; status: string }[]): BookingAction[] {
  const actions: BookingAction[] = [];
  // The first transfer, or one the traveller chose for a later deadline (the pay link offers it).
  if ((status === 'WAITING_FOR_TRANSFER' || status === 'CONFIRMED') && payments.some((p) => p.method === 'transfer' && p.status === 'PENDING'))
    actions.push('confirm-transfer');
  if (status === 'PAYPAL_REVIEW') actions.push('approve-review', 'reject-review');
  if (BOOKING_TRANSITIONS[status].includes('CANCELED')) actions.push('cancel');
  return actions;
}

export async function bookingDetail(db: Db, id: string): Promise<BookingDetail> {
  const row = await listRows(db, { sort: 'createdAt', dir: 'desc', page: 1 })
    .where('bookings.id', '=', id)
    .select([
      'bookings.updatedAt',
      'bookings.tkStatus',
      'bookings.couponId',
      'bookings.quoteStringify',
      'bookings.deadlinesStringify',
      'bookings.travelerId',
      'bookings.retailerReference',
      'bookings.retailerCommissionPercent',
      'bookings.extraIds',
    ])
    .executeTakeFirst();
  if (!row) throw bookingNotFound();
  const extraIds = parseExtraIds(row.extraIds);
  const [coupon, payments, transactions, mails, statusChanges, actions, documents, activities, packs, holder, invoices, extras] = await Promise.all([
    row.couponId ? db.selectFrom('coupons').select('code').where('id', '=', row.couponId).executeTakeFirst() : undefined,
    db.selectFrom('payments').selectAll().where('bookingId', '=', id).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('transactions').selectAll().where('bookingId', '=', id).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('mails').selectAll().where('bookingId', '=', id).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('bookingStatusChanges').selectAll().where('bookingId', '=', id).orderBy('createdAt').orderBy('id').execute(),
    listStaffActions(db, 'booking', id),
    listDocuments(db, id),
    db.selectFrom('optionalActivities').select(['activityId', 'name']).where('periodId', '=', row.periodId).execute(),
    db.selectFrom('activityPacks').select(['activityId', 'name']).where('periodId', '=', row.periodId).execute(),
    row.travelerId ? db.selectFrom('travelers').select(['id', 'accumulatedReward']).where('id', '=', row.travelerId).executeTakeFirst() : undefined,
    db
      .selectFrom('invoices')
      .select((eb) => [
        'invoices.id',
        'invoices.invoiceNumber',
        'invoices.invoiceType',
        'invoices.issueDate',
        'invoices.totalCents',
        'invoices.status',
        eb
          .selectFrom('billingRecords')
          .select('billingRecords.status')
          .whereRef('billingRecords.invoiceId', '=', 'invoices.id')
          .where('billingRecords.kind', '=', 'ALTA')
          .orderBy('billingRecords.seq', 'desc')
          .limit(1)
          .as('recordStatus'),
      ])
      .where('invoices.bookingId', '=', id)
      .orderBy('invoices.issuedAt')
      .orderBy('invoices.number')
      .execute(),
    extraIds.length ? db.selectFrom('tourExtras').select(['id', 'name', 'amountCents', 'basis']).where('id', 'in', extraIds).orderBy('position').execute() : [],
  ]);
  const activityNames = new Map([...activities, ...packs].map((a) => [a.activityId, a.name]));
  const paymentViews = payments.map((p) => ({
    id: p.id,
    orderNumber: p.orderNumber,
    method: p.paymentMethod,
    amountCents: p.amountCents,
    status: p.status,
    reviewReason: p.reviewReason,
    createdAt: p.createdAt,
    confirmedAt: p.confirmedAt,
    refundedCents: p.refundedCents,
    refundableCents: refundableCents(p),
    reference: p.reference,
    paidOn: p.paidOn,
    recordedBy: p.recordedBy,
  }));
  const status = row.status;
  const listed = toListRow(row);
  const quote = parseJson<QuoteView | null>(row.quoteStringify, null);
  return {
    booking: {
      ...listed,
      updatedAt: row.updatedAt,
      tkStatus: row.tkStatus,
      couponCode: coupon?.code ?? null,
      quote,
      deadlines: deadlinesWithOwed({
        deadlines: parseDeadlines(row.deadlinesStringify),
        paidCents: listed.paidCents,
        insuranceCents: quote?.insuranceCents ?? 0,
      }),
      documents,
      pointsHolder: holder ? { travelerId: holder.id, points: holder.accumulatedReward } : null,
      retailerReference: row.retailerReference,
      retailerCommissionPercent: row.retailerCommissionPercent,
      extras,
    },
    travellers: parseTravellers(row.travelersStringify).map((t) => ({
      id: t.id,
      ageGroup: t.ageGroup,
      lead: t.lead,
      name: t.reservationFields.name ?? '',
      surname: t.reservationFields.surname ?? '',
      email: t.reservationFields.email ?? null,
      document: t.reservationFields.national_id ?? t.reservationFields.passport ?? null,
      fields: t.reservationFields,
      activities: t.optionalActivities.filter((a) => a !== NO_OPTIONAL_ACTIVITY_ID).map((a) => ({ id: a, name: activityNames.get(a) ?? a })),
    })),
    payments: paymentViews,
    transactions: transactions.map((t) => ({ id: t.id, type: t.type, kind: t.kind, amount: t.amount, status: t.status, createdAt: t.createdAt })),
    invoices: invoices.map((i) => ({ ...i, invoiceType: i.invoiceType as 'F1' | 'R1', recordStatus: i.recordStatus ?? null })),
    mails: mails.map((m) => ({
      id: m.id,
      type: m.type,
      to: m.toAddress,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
    })),
    statusChanges: statusChanges.map((s) => ({ id: s.id, from: s.fromStatus, to: s.toStatus, by: s.changedBy, reason: s.reason, createdAt: s.createdAt })),
    actions,
    allowed: allowedActions(status, paymentViews),
  };
}

const REASON_OF: Record<BookingAction, string> = {
  'confirm-transfer': 'Transferencia recibida',
  'approve-review': 'Pago revisado y aceptado',
  'reject-review': 'Pago revisado y rechazado',
  cancel: 'Cancelada por el equipo',
};

export interface ActionDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'invoicing'>;
}

/**
 * Applies one staff action to a booking. Answers `applied: false` for a press already applied (same
 * request id). A booking whose status is not the one the staff member saw, or that no longer allows
 * the action, is refused with 409 and nothing changes.
 */
export async function applyBookingAction(
  { db, config }: ActionDeps,
  { id, action, request, actor, now = new Date() }: { id: string; action: BookingAction; request: BookingActionRequest; actor: Actor; now?: Date },
): Promise<{ applied: boolean; tourId: string }> {
  const reason = request.reason?.trim() || null;
  if ((action === 'cancel' || action === 'reject-review') && !reason) {
    throw new AppError('VALIDATION', CANCEL_REASON_REQUIRED, { reason: CANCEL_REASON_REQUIRED });
  }
  const tourOf = async () => {
    const row = await db
      .selectFrom('bookings')
      .innerJoin('periods', 'periods.id', 'bookings.periodId')
      .select('periods.tourId')
      .where('bookings.id', '=', id)
      .executeTakeFirst();
    if (!row) throw bookingNotFound();
    return row.tourId;
  };
  const tourId = await tourOf();
  try {
    return await applyOnce(
      db,
      { entityType: 'booking', entityId: id, requestId: request.requestId, actor, now },
      async (trx, record) => {
        const booking = await trx.selectFrom('bookings').select(['status']).where('id', '=', id).executeTakeFirst();
        if (!booking) throw bookingNotFound();
        if (booking.status !== request.expectedStatus) throw new AppError('CONFLICT', BOOKING_CHANGED_MESSAGE);
        const payments = await trx.selectFrom('payments').selectAll().where('bookingId', '=', id).orderBy('createdAt').execute();
        if (
          !allowedActions(
            booking.status,
            payments.map((p) => ({ method: p.paymentMethod, status: p.status })),
          ).includes(action)
        ) {
          throw new AppError('CONFLICT', 'Esta reserva ya no admite esa acción.');
        }
        const by = actor.email;
        const why = reason ? `${REASON_OF[action]}: ${reason}` : REASON_OF[action];
        let affected: unknown = null;
        if (action === 'confirm-transfer') {
          const transfer = payments.find((p) => p.paymentMethod === 'transfer' && p.status === 'PENDING');
          if (!transfer) throw new AppError('CONFLICT', 'Esta reserva ya no admite esa acción.');
          const result = await confirmPayment(trx, { config, payment: transfer, responseCode: null, now, by });
          if (result.status !== 'confirmed') throw new AppError('CONFLICT', BOOKING_CHANGED_MESSAGE);
          affected = { paymentId: transfer.id, amountCents: transfer.amountCents, tkId: result.tkId };
        } else if (action === 'approve-review') {
          const review = payments.find((p) => p.status === 'REVIEW');
          if (review) {
            const result = await confirmPayment(trx, { config, payment: review, responseCode: review.tpvPaymentStatus, now, by, reviewed: true });
            affected = { paymentId: review.id, amountCents: review.amountCents, tkId: result.tkId };
          } else {
            await transitionBooking(trx, id, 'CONFIRMED', { by, reason: why, now });
          }
        } else {
          // Rejecting a payment in review cancels the booking too; the money taken is refunded from its page.
          await transitionBooking(trx, id, 'CANCELED', { by, reason: why, now });
          const open = payments.filter((p) => p.status === 'PENDING' || (action === 'reject-review' && p.status === 'REVIEW'));
          for (const p of open) {
            await trx
              .updateTable('payments')
              .set({ status: 'CANCELED', updatedAt: now.toISOString() })
              .where('id', '=', p.id)
              .where('status', '=', p.status)
              .execute();
          }
          affected = { canceledPayments: open.map((p) => p.id) };
          // What was invoiced is corrected down to what the booking keeps: nothing, once canceled (docs/decisions/043).
          await reconcileInvoices(trx, { config: config.invoicing, bookingId: id, now, reason: reason ? `cancelación: ${reason}` : 'reserva cancelada' });
        }
        const after = await trx.selectFrom('bookings').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
        await record({ action, reason, before: { status: booking.status }, after: { status: after.status, ...(affected ?? {}) } });
        return { applied: true, tourId };
      },
      () => ({ applied: false, tourId }),
    );
  } catch (error) {
    // The seats the payment needed went to someone else meanwhile: staff read why, nothing changed.
    if (error instanceof PaymentNeedsReview) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}
