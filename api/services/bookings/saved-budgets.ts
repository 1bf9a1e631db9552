/**
 * The traveller's saved budgets (`/perfil/presupuestos-y-favoritos`): the IN_PROGRESS bookings they hold
 * that were saved with 'Guardar presupuesto' (Booking.budgetName). Each is priced again now with the
 * same quote the funnel and the BUDGET mail use, its seats counted as the pay step's hold would take
 * them, and what changed is said by the shared rule (`budgetNotices`). Deleting one takes it off the list
 * and leaves the booking as any unfinished funnel booking (docs/decisions/019-saved-budgets-and-favourites.md).
 */
import { budgetNotices } from '#shared/rules/budgets.ts';
import { catalogueWindow, isPeriodListed } from '#shared/rules/catalogue.ts';
import { computeSeatNeeds, findSeatShortages, type SeatResourceType } from '#shared/rules/seats.ts';
import type { BudgetView } from '#shared/schemas/me-lists.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { budgetPathOf } from './budgets.ts';
import { couponCodeOf, roomsAndActivitiesLeft } from './queries.ts';
import { loadPeriodOffer, type PeriodOffer, quoteOffer, seatOfferOf } from './quote.ts';
import { parseExtraIds, parseTravellers } from './records.ts';
import { heldSeatsOf, seatResourceName } from './seat-holds.ts';
import { linkedBookingsQuery } from '../people/linked.ts';

export const budgetNotFound = () => notFound('No encontramos ese presupuesto entre los tuyos.');

/**
 * Seats left for this booking on everything it may take, by `type:id`, counting its own live holds as its
 * own (as the hold would give them back before taking again).
 */
async function seatsLeftFor(db: Db, { offer, bookingId }: { offer: PeriodOffer; bookingId: string }): Promise<Map<string, number>> {
  const [left, held] = await Promise.all([roomsAndActivitiesLeft(db, { periodId: offer.period.id, bookingId }), heldSeatsOf(db, bookingId)]);
  const own = (key: string) => held.get(key) ?? 0;
  left.set(`period:${offer.period.id}`, offer.period.bookableAvailability + own(`period:${offer.period.id}`));
  for (const flight of offer.flights) left.set(`flight:${flight.id}`, flight.bookableAvailability + own(`flight:${flight.id}`));
  return left;
}

type BudgetRow = Awaited<ReturnType<typeof budgetRows>>[number];

/**
 * The budgets a traveller holds: the booking is theirs (its lead contact is them), still in the funnel,
 * named, and known to be theirs: made by their account, opened from the budget mail, or made in this very
 * browser (`madeHere`, its funnel cookie). A stranger who typed their e-mail as the lead's fills no profile.
 */
function budgetRows(db: Db, travelerId: string, madeHere: readonly string[]) {
  return linkedBookingsQuery(db, travelerId)
    .select(['bookings.periodId', 'bookings.flightId', 'bookings.couponId', 'bookings.extraIds', 'tours.webSlug'])
    .where('bookings.travelerId', '=', travelerId)
    .where('bookings.status', '=', 'IN_PROGRESS')
    .where('bookings.budgetName', 'is not', null)
    .where((eb) => eb.or([eb('bookings.ownerConfirmedAt', 'is not', null), ...(madeHere.length > 0 ? [eb('bookings.id', 'in', madeHere)] : [])]))
    .execute();
}

async function describeBudget(db: Db, row: BudgetRow, now: Date): Promise<BudgetView> {
  const travellers = parseTravellers(row.travelersStringify);
  const offer = await loadPeriodOffer(db, row.periodId);
  const onSale = offer?.tour.public === true && isPeriodListed({ period: offer.period, window: catalogueWindow(now) });
  let currentCents: number | null = null;
  let shortage: { resourceType: SeatResourceType; name: string | null } | null = null;
  if (offer) {
    const couponCode = await couponCodeOf(db, row.couponId);
    currentCents = (await quoteOffer(db, { offer, choices: { travellers, flightId: row.flightId, couponCode, extraIds: parseExtraIds(row.extraIds) }, now }))
      .totalCents;
    const [short] = findSeatShortages({
      before: [],
      after: computeSeatNeeds(seatOfferOf(offer), { travellers, flightId: row.flightId }),
      available: await seatsLeftFor(db, { offer, bookingId: row.id }),
    });
    if (short) shortage = { resourceType: short.resourceType, name: await seatResourceName(db, short) };
  }
  const savedCents = row.priceCents;
  return {
    id: row.id,
    budgetName: row.budgetName ?? '',
    tourName: row.tourName,
    tourSlug: row.webSlug,
    dayOne: row.dayOne,
    returnDate: row.returnDate,
    travellers: travellers.length,
    savedCents,
    currentCents,
    priceChanged: currentCents !== null && currentCents !== savedCents,
    seatsAvailable: offer !== null && shortage === null,
    onSale,
    notices: budgetNotices({ onSale, savedCents, currentCents, shortage }),
    // Built from the tour's slug today, like the back office's 'Continuar': a renamed tour still resumes.
    resumePath: onSale ? budgetPathOf(row.webSlug, row.id) : null,
    savedAt: row.updatedAt,
  };
}

/** The traveller's budgets, most recently touched first, each repriced now. */
export async function listBudgets(
  db: Db,
  { travelerId, madeHere = [], now }: { travelerId: string; madeHere?: readonly string[]; now: Date },
): Promise<BudgetView[]> {
  const rows = await budgetRows(db, travelerId, madeHere);
  const budgets: BudgetView[] = [];
  // One at a time: each quote reads a handful of tables, and a traveller keeps a few budgets, not hundreds.
  for (const row of rows) budgets.push(await describeBudget(db, row, now));
  return budgets.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.id.localeCompare(b.id));
}

/**
 * Takes a budget off the traveller's list: its name and path are cleared, in one conditional update that
 * only matches their own, still unfinished, named booking. The booking stays IN_PROGRESS (its seats, if
 * the pay step holds any, run out with the hold), so nothing that may be paying for it right now breaks.
 */
export async function deleteBudget(db: Db, { travelerId, bookingId, now }: { travelerId: string; bookingId: string; now: Date }): Promise<void> {
  const cleared = await db
    .updateTable('bookings')
    .set({ budgetName: null, budgetPath: null, updatedAt: now.toISOString() })
    .where('id', '=', bookingId)
    .where('travelerId', '=', travelerId)
    .where('status', '=', 'IN_PROGRESS')
    .where('budgetName', 'is not', null)
    .executeTakeFirst();
  if (cleared.numUpdatedRows !== 1n) throw budgetNotFound();
}
