/**
 * The traveller's favourite tours (Traveler.favoriteTours; `/perfil/presupuestos-y-favoritos` and the
 * hearts of the static pages). A favourite is a (traveller, tour) pair, so adding one twice keeps one and
 * nobody can name another traveller's: every query is keyed by the caller's own traveller.
 */
import { catalogueWindow, isHiddenTour, isPeriodListed } from '#shared/rules/catalogue.ts';
import { findLowestAdultPriceCents } from '#shared/rules/prices.ts';
import type { FavoriteTourView } from '#shared/schemas/me-lists.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';

export const favoriteTourNotFound = () => notFound('No encontramos ese viaje.');
export const notAFavorite = () => notFound('Ese viaje no está entre tus favoritos.');
/** Staff accounts have no traveller record to keep favourites on. */
export const noTravelerProfile = () => new AppError('CONFLICT', 'Tu cuenta no tiene perfil de viajero en el que guardar favoritos.');

/** The ids of the tours the traveller keeps as favourites: what the hearts of a page need. */
export async function favoriteTourIds(db: Db, travelerId: string): Promise<string[]> {
  const rows = await db.selectFrom('favoriteTours').select('tourId').where('travelerId', '=', travelerId).orderBy('tourId').execute();
  return rows.map((r) => r.tourId);
}

/** The favourite tours, newest first, with what their card shows. */
export async function listFavorites(db: Db, { travelerId, now }: { travelerId: string; now: Date }): Promise<FavoriteTourView[]> {
  const rows = await db
    .selectFrom('favoriteTours')
    .innerJoin('tours', 'tours.id', 'favoriteTours.tourId')
    .select(['tours.id', 'tours.name', 'tours.webSlug', 'tours.publishWeb', 'tours.tagKeywords', 'tours.tagSeason', 'favoriteTours.createdAt'])
    .where('favoriteTours.travelerId', '=', travelerId)
    .orderBy('favoriteTours.createdAt', 'desc')
    .orderBy('tours.id')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [prices, periods, destinations] = await Promise.all([
    db
      .selectFrom('prices')
      .select(['tourId', 'ageGroupName', 'categoryName', 'valueCents'])
      .where('tourId', 'in', ids)
      .where('periodId', 'is', null)
      .where('flightId', 'is', null)
      .where('optionalActivityId', 'is', null)
      .where('activityPackId', 'is', null)
      .where('reservationModeId', 'is', null)
      .execute(),
    db.selectFrom('periods').select(['tourId', 'dayOne', 'webBookable', 'publishWeb']).where('tourId', 'in', ids).execute(),
    db
      .selectFrom('tourDestinations')
      .innerJoin('destinations', 'destinations.id', 'tourDestinations.destinationId')
      .select(['tourDestinations.tourId', 'destinations.name'])
      .where('tourDestinations.tourId', 'in', ids)
      .orderBy('tourDestinations.position')
      .orderBy('destinations.name')
      .execute(),
  ]);
  const window = catalogueWindow(now);
  return rows.map((tour) => {
    const listed = periods.some(
      (p) => p.tourId === tour.id && isPeriodListed({ period: { dayOne: p.dayOne, webBookable: p.webBookable === 1, publishWeb: p.publishWeb === 1 }, window }),
    );
    return {
      tourId: tour.id,
      name: tour.name,
      slug: tour.webSlug,
      destinations: destinations.filter((d) => d.tourId === tour.id).map((d) => d.name),
      fromCents: findLowestAdultPriceCents(prices.filter((p) => p.tourId === tour.id)),
      onSale: tour.publishWeb === 1 && !isHiddenTour(tour) && listed,
      addedAt: tour.createdAt,
    };
  });
}

/**
 * Adds a tour the catalogue shows (published, not hidden) to the traveller's favourites. The pair is the
 * table's key: a second press, or two at once, leave one row and the first date.
 */
export async function addFavorite(db: Db, { travelerId, tourId, now }: { travelerId: string; tourId: string; now: Date }): Promise<void> {
  const tour = await db.selectFrom('tours').select(['id', 'publishWeb', 'tagKeywords', 'tagSeason']).where('id', '=', tourId).executeTakeFirst();
  if (tour?.publishWeb !== 1 || isHiddenTour(tour)) throw favoriteTourNotFound();
  await db
    .insertInto('favoriteTours')
    .values({ travelerId, tourId, createdAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['travelerId', 'tourId']).doNothing())
    .execute();
}

/** Removes one of the traveller's favourites; a tour that is not among them is a 404, whoever's it is. */
export async function removeFavorite(db: Db, { travelerId, tourId }: { travelerId: string; tourId: string }): Promise<void> {
  const removed = await db.deleteFrom('favoriteTours').where('travelerId', '=', travelerId).where('tourId', '=', tourId).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw notAFavorite();
}
