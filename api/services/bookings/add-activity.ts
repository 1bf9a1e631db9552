/**
 * An optional activity added to a booking after it was booked (cms-and-backoffice.md §7
 * "reservation/optionalactivity"): by staff from the back office, and by the traveller from their area.
 * The seats are taken for good in the same transaction (all or nothing, never oversold), the activity is
 * priced by the same shared rules as the funnel at today's prices, and the booking's agreed quote gains
 * one line for it: what was agreed before does not move, and what is added becomes due.
 */
import { NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import { computeSeatNeeds, type SeatNeed } from '#shared/rules/seats.ts';
import { BOOKING_CHANGED_MESSAGE } from '#shared/schemas/backoffice.ts';
import { BOOKING_DESK_MESSAGES } from '#shared/schemas/booking-desk.ts';
import type { QuoteView } from '#shared/schemas/bookings.ts';
import { AppError, invalidFields } from '../../errors.ts';
import { parseQuoteSnapshot, quoteView } from '../payments/amounts.ts';
import { couponCodeOf, syncBookingTravelers } from './queries.ts';
import { loadPeriodOffer, periodNotFound, quoteOffer, seatOfferOf, utcToday } from './quote.ts';
import { bookingNotFound, stringifyTravellers, toBooking } from './records.ts';
import type { Trx } from '../../db/database.ts';
import { takeConfirmedSeats } from './seat-holds.ts';
import { writeSchedule } from '../payments/schedule.ts';

/** Bookings that can gain an activity: taken, not canceled, and not still in the funnel (the funnel does it there). */
export const ACTIVITY_ADDABLE_STATUSES = ['CONFIRMED', 'WAITING_FOR_TRANSFER', 'PAYPAL_REVIEW'] as const;

export interface AddedActivity {
  activityId: string;
  name: string;
  travellerIds: string[];
  amountCents: number;
  before: { priceCents: number };
  after: { priceCents: number };
}

/** What a booking needs more of: the seats in `after` beyond those in `before`. */
function extraSeats(before: readonly SeatNeed[], after: readonly SeatNeed[]): SeatNeed[] {
  const key = (n: SeatNeed) => `${n.resourceType}:${n.resourceId}`;
  const had = new Map(before.map((n) => [key(n), n.quantity]));
  return after.map((n) => ({ ...n, quantity: n.quantity - (had.get(key(n)) ?? 0) })).filter((n) => n.quantity > 0);
}

/**
 * Adds `activityId` for the travellers named, inside `trx`. `expectedUpdatedAt`, when given, is the
 * booking as the person saw it: a booking changed meanwhile is refused (409) and nothing is taken.
 */
export async function addOptionalActivity(
  trx: Trx,
  {
    bookingId,
    activityId,
    travellerIds,
    expectedUpdatedAt,
    now,
  }: { bookingId: string; activityId: string; travellerIds: readonly string[]; expectedUpdatedAt?: string; now: Date },
): Promise<AddedActivity> {
  const stamp = now.toISOString();
  // The claim is the first statement and a write: it locks the booking (PostgreSQL) or the database (SQLite).
  const claimed = await trx
    .updateTable('bookings')
    .set({ updatedAt: stamp })
    .where('id', '=', bookingId)
    .where('status', 'in', ACTIVITY_ADDABLE_STATUSES)
    .$if(expectedUpdatedAt !== undefined, (qb) => qb.where('updatedAt', '=', expectedUpdatedAt ?? ''))
    .executeTakeFirst();
  const raw = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
  if (!raw) throw bookingNotFound();
  if (claimed.numUpdatedRows !== 1n) {
    if (raw.status === 'CANCELED') throw new AppError('CONFLICT', BOOKING_DESK_MESSAGES.canceled);
    throw new AppError(
      'CONFLICT',
      raw.status === 'IN_PROGRESS' ? 'Esta reserva aún no está hecha: las actividades se eligen en la reserva.' : BOOKING_CHANGED_MESSAGE,
    );
  }
  const row = toBooking(raw);
  const offer = await loadPeriodOffer(trx, row.periodId);
  if (!offer) throw periodNotFound();
  if (offer.period.dayOne <= utcToday(now)) throw new AppError('CONFLICT', BOOKING_DESK_MESSAGES.departed);
  const activity = offer.activities.find((a) => a.activityId === activityId);
  if (!activity) throw invalidFields({ activityId: BOOKING_DESK_MESSAGES.activity });
  const chosen = new Set(travellerIds);
  if (chosen.size === 0) throw invalidFields({ travellerIds: BOOKING_DESK_MESSAGES.travellers });
  for (const id of chosen) {
    const entry = row.travellers.find((t) => t.id === id);
    if (!entry) throw invalidFields({ travellerIds: BOOKING_DESK_MESSAGES.traveller });
    if (entry.optionalActivities.includes(activityId)) throw invalidFields({ travellerIds: BOOKING_DESK_MESSAGES.alreadyChosen });
  }
  const travellers: BookingTravelerEntry[] = row.travellers.map((t) =>
    chosen.has(t.id) ? { ...t, optionalActivities: [...t.optionalActivities.filter((a) => a !== NO_OPTIONAL_ACTIVITY_ID), activityId] } : t,
  );

  const seatOffer = seatOfferOf(offer);
  const needs = extraSeats(
    computeSeatNeeds(seatOffer, { travellers: row.travellers, flightId: row.flightId }),
    computeSeatNeeds(seatOffer, { travellers, flightId: row.flightId }),
  );
  await takeConfirmedSeats(trx, { bookingId, needs, now });

  // Priced as the funnel would price the difference today; the rest of the agreed price stays.
  const couponCode = await couponCodeOf(trx, row.couponId);
  const [was, will] = await Promise.all([
    quoteOffer(trx, { offer, choices: { travellers: row.travellers, flightId: row.flightId, couponCode, extraIds: row.extraIds }, now }),
    quoteOffer(trx, { offer, choices: { travellers, flightId: row.flightId, couponCode, extraIds: row.extraIds }, now }),
  ]);
  const amountCents = will.totalCents - was.totalCents;
  const agreed: QuoteView = parseQuoteSnapshot(row.quoteStringify) ?? {
    lines: [{ label: 'Total de la reserva', amountCents: row.priceCents }],
    totalCents: row.priceCents,
    insuranceCents: 0,
    coupon: null,
  };
  const name = (await activityName(trx, activity.id)) ?? activityId;
  const quote = quoteView({
    ...agreed,
    lines: [...agreed.lines, { label: `${name} (${chosen.size} ${chosen.size === 1 ? 'viajero' : 'viajeros'})`, amountCents }],
    totalCents: agreed.totalCents + amountCents,
    insuranceCents: agreed.insuranceCents + (will.insuranceCents - was.insuranceCents),
  });
  await trx
    .updateTable('bookings')
    .set({ travelersStringify: stringifyTravellers(travellers), priceCents: quote.totalCents, quoteStringify: JSON.stringify(quote) })
    .where('id', '=', bookingId)
    .execute();
  await writeSchedule(trx, { bookingId, totalCents: quote.totalCents, insuranceCents: quote.insuranceCents, now });
  await syncBookingTravelers(trx, { bookingId, travellers, now: stamp });
  return {
    activityId,
    name,
    travellerIds: [...chosen],
    amountCents,
    before: { priceCents: agreed.totalCents },
    after: { priceCents: quote.totalCents },
  };
}

async function activityName(trx: Trx, rowId: string): Promise<string | null> {
  const [activity, pack] = await Promise.all([
    trx.selectFrom('optionalActivities').select('name').where('id', '=', rowId).executeTakeFirst(),
    trx.selectFrom('activityPacks').select('name').where('id', '=', rowId).executeTakeFirst(),
  ]);
  return activity?.name ?? pack?.name ?? null;
}
