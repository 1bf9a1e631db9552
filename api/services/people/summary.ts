/**
 * The profile's first screen (`/perfil`): the points balance and what it is worth, the next trip, and
 * what is pending — gathered here, decided by the shared rules (`findPending`, `findNextTrip`).
 */
import { findPassengerProblems } from '#shared/rules/passengers.ts';
import { deadlinesToPay, parseDeadlines } from '#shared/rules/payments.ts';
import { computePointsValueCents } from '#shared/rules/points.ts';
import { findNextTrip, findPending } from '#shared/rules/profile.ts';
import type { ProfileSummary } from '#shared/schemas/me.ts';
import type { Db } from '../../db/database.ts';
import { parseTravellers } from '../bookings/records.ts';
import { parseQuoteSnapshot } from '../payments/amounts.ts';
import { pointsMovements } from '../payments/ledger.ts';
import { pointsBalance } from '../payments/queries.ts';

/** How many of the ledger's latest rows the profile shows. */
const POINTS_HISTORY_ROWS = 20;
import { tripRows } from '../bookings/traveller-trips.ts';

export async function profileSummary(db: Db, { travelerId, today }: { travelerId: string | null; today: string }): Promise<ProfileSummary> {
  if (!travelerId) return { points: 0, pointsValueCents: 0, pointsMovements: [], nextTrip: null, pending: [] };
  const [trips, points] = await Promise.all([tripRows(db, travelerId), pointsBalance(db, travelerId)]);
  const ids = trips.map((t) => t.id);
  const [bookings, opinions] = ids.length
    ? await Promise.all([
        db.selectFrom('bookings').select(['id', 'deadlinesStringify', 'travelersStringify', 'quoteStringify']).where('id', 'in', ids).execute(),
        // Reviewed by this traveller: a companion's review of the same booking does not count for them.
        db.selectFrom('travelerOpinions').select('bookingId').where('bookingId', 'in', ids).where('travelerId', '=', travelerId).execute(),
      ])
    : [[], []];
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const reviewed = new Set(opinions.map((o) => o.bookingId));
  const facts = trips.map((t) => {
    const row = byId.get(t.id);
    return {
      ...t,
      nextDeadline:
        t.dueCents > 0
          ? (deadlinesToPay({
              deadlines: parseDeadlines(row?.deadlinesStringify ?? null),
              paidCents: t.paidCents,
              insuranceCents: parseQuoteSnapshot(row?.quoteStringify ?? null)?.insuranceCents ?? 0,
            })[0] ?? null)
          : null,
      missingPassengerData: Object.keys(findPassengerProblems(parseTravellers(row?.travelersStringify ?? '[]'), { dayOne: t.dayOne, today })).length > 0,
      reviewed: reviewed.has(t.id),
    };
  });
  const next = findNextTrip(facts, today);
  return {
    points,
    pointsValueCents: computePointsValueCents(points),
    pointsMovements: await pointsMovements(db, travelerId, { limit: POINTS_HISTORY_ROWS }),
    nextTrip: next ? (trips.find((t) => t.id === next.id) ?? null) : null,
    pending: findPending(facts, today),
  };
}
