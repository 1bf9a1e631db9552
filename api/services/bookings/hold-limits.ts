/**
 * What one visitor may hold at the pay step without a payment started (issue 29, docs/decisions/038): a
 * script that made a booking for 20 made-up travellers and held it emptied a departure for 20 minutes, and
 * took the seats again when they lapsed. Seats held for bookings still in the funnel, with no payment of
 * theirs, are counted per browser (the bookings its funnel cookie names) and per client address (kept on
 * each hold, hashed). A family of 8 and an office making two bookings of 8 stay under both.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { SeatNeed } from '#shared/rules/seats.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, consumeRateLimit, RATE_LIMITS } from '../platform/rate-limits.ts';
import type { Booking } from './records.ts';
import type { Trx } from '../../db/database.ts';
import { activeHoldExpiry, holdSeats } from './seat-holds.ts';

export const HOLD_LIMITS = {
  /** Seats one browser may hold at once in bookings not yet being paid. */
  perBrowser: 10,
  /** Seats one client address may hold at once in bookings not yet being paid. */
  perAddress: 20,
} as const;

export const HOLD_LIMIT_MESSAGES = {
  browser: (held: number) =>
    `Ya tienes ${held} ${held === 1 ? 'plaza guardada' : 'plazas guardadas'} en otra reserva sin pagar, y sin empezar el pago se guardan como máximo ${HOLD_LIMITS.perBrowser} a la vez. Paga esa reserva o espera a que sus plazas vuelvan a la venta (20 minutos) para guardar estas.`,
  address: (held: number) =>
    `Desde tu conexión ya hay ${held} plazas guardadas en reservas sin pagar, y se guardan como máximo ${HOLD_LIMITS.perAddress} a la vez. Paga alguna de esas reservas o espera a que sus plazas vuelvan a la venta (20 minutos).`,
  large: (seats: number) =>
    `Sin empezar el pago guardamos como máximo ${HOLD_LIMITS.perBrowser} plazas, y esta reserva tiene ${seats}. Empieza el pago y las guardamos mientras pagas, o llámanos y te ayudamos con el grupo.`,
  again:
    'Has guardado las plazas de esta salida muchas veces sin llegar a pagar. Puedes pagar igualmente: al empezar el pago guardamos tus plazas. Si no, vuelve a intentarlo mañana.',
} as const;

/** Departure seats of a hold: the count a person means by "plazas" (rooms and flights follow from them). */
const departureSeats = (needs: readonly SeatNeed[]) => needs.filter((n) => n.resourceType === 'period').reduce((sum, n) => sum + n.quantity, 0);

/** Departure seats held now, unpaid and unconfirmed, by bookings still in the funnel with no payment, other than `bookingId`. */
async function heldUnpaid(trx: Trx, { bookingId, now, who }: { bookingId: string; now: Date; who: { clientKey: string } | { bookings: readonly string[] } }) {
  if ('bookings' in who && who.bookings.length === 0) return 0;
  const row = await trx
    .selectFrom('seatHolds')
    .innerJoin('bookings', 'bookings.id', 'seatHolds.bookingId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seatHolds.quantity'), eb.lit(0)).as('held'))
    .where('seatHolds.resourceType', '=', 'period')
    .where('seatHolds.releasedAt', 'is', null)
    .where('seatHolds.confirmedAt', 'is', null)
    .where('seatHolds.expiresAt', '>', now.toISOString())
    .where('seatHolds.bookingId', '!=', bookingId)
    .where('bookings.status', '=', 'IN_PROGRESS')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payments').select('payments.id').whereRef('payments.bookingId', '=', 'bookings.id'))))
    .$if('clientKey' in who, (qb) => qb.where('seatHolds.clientKey', '=', (who as { clientKey: string }).clientKey))
    .$if('bookings' in who, (qb) => qb.where('seatHolds.bookingId', 'in', (who as { bookings: readonly string[] }).bookings))
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

/**
 * Refuses, with 429 and why, a hold that would take this browser or this address over its limit. Runs
 * inside the hold's transaction: on SQLite that transaction has the write lock, on PostgreSQL one address's
 * holds queue on an advisory lock, so concurrent holds from one address cannot all see room left.
 */
async function checkHoldLimits(
  trx: Trx,
  {
    db,
    bookingId,
    needs,
    clientKey,
    browserBookings,
    now,
  }: { db: Db; bookingId: string; needs: readonly SeatNeed[]; clientKey: string; browserBookings: readonly string[]; now: Date },
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtext(${`hold:${clientKey}`}))`.execute(trx);
  const seats = departureSeats(needs);
  if (seats > HOLD_LIMITS.perBrowser) throw new AppError('RATE_LIMITED', HOLD_LIMIT_MESSAGES.large(seats));
  const byBrowser = await heldUnpaid(trx, { bookingId, now, who: { bookings: browserBookings } });
  if (byBrowser + seats > HOLD_LIMITS.perBrowser) throw new AppError('RATE_LIMITED', HOLD_LIMIT_MESSAGES.browser(byBrowser));
  const byAddress = await heldUnpaid(trx, { bookingId, now, who: { clientKey } });
  if (byAddress + seats > HOLD_LIMITS.perAddress) throw new AppError('RATE_LIMITED', HOLD_LIMIT_MESSAGES.address(byAddress));
}

/**
 * The pay step's hold for `visitor` (their client address and the bookings their browser made): a live
 * hold is renewed with its deadline kept; a fresh one counts against the address's holds of the departure;
 * either is refused when it would take the browser or the address over its limits.
 */
export async function holdForPayStep(
  db: Db,
  {
    row,
    visitor,
    minutes,
    now,
  }: { row: Pick<Booking, 'id' | 'periodId'>; visitor: { address: string; browserBookings: readonly string[] }; minutes: number; now: Date },
): Promise<{ expiresAt: string }> {
  const live = await activeHoldExpiry(db, row.id, now);
  if (!live) {
    const counted = await consumeRateLimit(db, { limit: RATE_LIMITS.holdsPerDeparture, key: `${visitor.address} ${row.periodId}`, now });
    if (!counted.allowed) throw new AppError('RATE_LIMITED', HOLD_LIMIT_MESSAGES.again);
  }
  const clientKey = clientKeyOf(visitor.address);
  const guard = (trx: Trx, needs: SeatNeed[]) =>
    checkHoldLimits(trx, { db, bookingId: row.id, needs, clientKey, browserBookings: visitor.browserBookings, now });
  return holdSeats(db, row.id, { minutes, now, until: live, clientKey, guard });
}
