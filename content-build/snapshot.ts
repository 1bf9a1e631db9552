import type { Db } from '#api/db/database.ts';
import type { TravelerOpinionRow } from '#api/db/tables.ts';
import { catalogueWindow } from '#shared/rules/catalogue.ts';
import {
  type CatalogueContent,
  CatalogueContentSchema,
  type CatalogueSnapshot,
  CatalogueSnapshotSchema,
  type FlightSnapshot,
  type PeriodSnapshot,
  type PriceSnapshot,
  type TourSnapshot,
  TourSnapshotSchema,
} from '#shared/snapshot.ts';
import { groupBy } from './group-by.ts';
import { readContentSnapshot } from './snapshot-content.ts';

interface PriceRow {
  ageGroupName: string;
  categoryName: string;
  valueCents: number;
}
const price = (p: PriceRow): PriceSnapshot => ({ ageGroupName: p.ageGroupName, categoryName: p.categoryName, valueCents: p.valueCents });

/** Tour files are stored by name; the snapshot carries the storage key every image variant is made from. */
const tourFileKey = (tourId: string, file: string | null) => (file ? (file.includes('/') ? file : `${tourId}/${file}`) : null);

/**
 * The rows of the tours `tourIds` (their departures and everything hanging from them): a batch of a build,
 * or the one tour of a targeted rebuild of its pages.
 */
async function readTables(db: Db, window: { from: string; to: string }, tourIds: readonly string[]) {
  const ids = tourIds.length > 0 ? [...tourIds] : [''];
  const tourPeriods = () => db.selectFrom('periods').select('id').where('tourId', 'in', ids);
  const tourFlights = () => db.selectFrom('flights').select('id').where('periodId', 'in', tourPeriods());
  const tourActivities = () => db.selectFrom('optionalActivities').select('id').where('periodId', 'in', tourPeriods());
  const [tours, periods, prices, campaigns, flights, journeys, segments, cockpitPrices, activities, activityDays, packs, modes, activityPhotos] =
    await Promise.all([
      db.selectFrom('tours').selectAll().where('publishWeb', '=', 1).where('id', 'in', ids).orderBy('sortTour').orderBy('id').execute(),
      // Only by tour in SQL: with the window's conditions there too, SQLite walks the listing index over
      // every departure in the window for each batch (2 s a batch at 50,000 tours instead of 10 ms).
      db
        .selectFrom('periods')
        .selectAll()
        .where('tourId', 'in', ids)
        .orderBy('dayOne')
        .orderBy('id')
        .execute()
        .then((rows) => rows.filter((p) => p.publishWeb === 1 && p.webBookable === 1 && p.dayOne >= window.from && p.dayOne <= window.to)),
      db
        .selectFrom('prices')
        .select([
          'id',
          'tourId',
          'periodId',
          'flightId',
          'optionalActivityId',
          'activityPackId',
          'reservationModeId',
          'ageGroupName',
          'categoryName',
          'valueCents',
          'flightCostCents',
          'feeCents',
        ])
        .where((eb) =>
          eb.or([
            eb('tourId', 'in', ids),
            eb('periodId', 'in', tourPeriods()),
            eb('flightId', 'in', tourFlights()),
            eb('optionalActivityId', 'in', tourActivities()),
            eb('activityPackId', 'in', db.selectFrom('activityPacks').select('id').where('periodId', 'in', tourPeriods())),
            eb('reservationModeId', 'in', db.selectFrom('reservationModes').select('id').where('periodId', 'in', tourPeriods())),
          ]),
        )
        .orderBy('ageGroupName')
        .orderBy('id')
        .execute(),
      db.selectFrom('campaigns').selectAll().where('periodId', 'in', tourPeriods()).orderBy('id').execute(),
      db.selectFrom('flights').selectAll().where('periodId', 'in', tourPeriods()).orderBy('name').orderBy('id').execute(),
      db.selectFrom('flightJourneys').selectAll().where('flightId', 'in', tourFlights()).orderBy('position').orderBy('id').execute(),
      db
        .selectFrom('flightSegments')
        .selectAll()
        .where('journeyId', 'in', db.selectFrom('flightJourneys').select('id').where('flightId', 'in', tourFlights()))
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db.selectFrom('cockpitPrices').selectAll().where('flightId', 'in', tourFlights()).orderBy('ageGroupName').orderBy('id').execute(),
      db.selectFrom('optionalActivities').selectAll().where('periodId', 'in', tourPeriods()).orderBy('name').orderBy('id').execute(),
      db.selectFrom('optionalActivityDays').selectAll().where('optionalActivityId', 'in', tourActivities()).orderBy('dayRank').execute(),
      db.selectFrom('activityPacks').selectAll().where('periodId', 'in', tourPeriods()).orderBy('name').orderBy('id').execute(),
      db.selectFrom('reservationModes').selectAll().where('deleted', '=', 0).where('periodId', 'in', tourPeriods()).orderBy('places').orderBy('id').execute(),
      db
        .selectFrom('optionalActivityPhotos')
        .select(['optionalActivityId', 'imageKey'])
        .where('optionalActivityId', 'in', tourActivities())
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
  return { tours, periods, prices, campaigns, flights, journeys, segments, cockpitPrices, activities, activityDays, packs, modes, activityPhotos };
}

/** The reviews a tour page shows: published (ACTIVE) and meant for the tour page, newest first. */
const publishedOpinions = (db: Db) =>
  db.selectFrom('travelerOpinions').selectAll().where('status', '=', 'ACTIVE').where('tourViewable', '=', 1).orderBy('createdAt', 'desc').orderBy('id');

const opinionSnapshot = (o: TravelerOpinionRow): TourSnapshot['opinions'][number] => ({
  id: o.id,
  title: o.title,
  name: o.name,
  description: o.description,
  avatar: o.avatar,
  rate: o.rate,
  rateGuide: o.rateGuide,
  rateDestination: o.rateDestination,
  ratePriceQuality: o.ratePriceQuality,
  rateAccomodation: o.rateAccomodation,
  rateActivities: o.rateActivities,
  homeViewable: o.homeViewable === 1,
  createdAt: o.createdAt,
});

/**
 * One tour's published reviews exactly as the full snapshot carries them, for a targeted rebuild after a
 * review is moderated (the page's rating is computed from them when it renders).
 */
export async function readTourOpinions(db: Db, tourId: string): Promise<TourSnapshot['opinions']> {
  return (await publishedOpinions(db).where('tourId', '=', tourId).execute()).map(opinionSnapshot);
}

async function readTourExtras(db: Db, tourIds: readonly string[]) {
  const ids = tourIds.length > 0 ? [...tourIds] : [''];
  const [tourDestinations, tourRegions, tags, itineraries, itineraryDays, opinions] = await Promise.all([
    db.selectFrom('tourDestinations').selectAll().where('tourId', 'in', ids).orderBy('position').orderBy('destinationId').execute(),
    db.selectFrom('tourParentRegions').selectAll().where('tourId', 'in', ids).orderBy('parentRegionId').execute(),
    db.selectFrom('tags').selectAll().where('tourId', 'in', ids).orderBy('name').orderBy('id').execute(),
    db.selectFrom('itineraries').selectAll().where('status', '=', 'ACTIVE').where('tourId', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('itineraryDays')
      .selectAll()
      .where('itineraryId', 'in', db.selectFrom('itineraries').select('id').where('tourId', 'in', ids))
      .orderBy('rank')
      .execute(),
    publishedOpinions(db).where('tourId', 'in', ids).execute(),
  ]);
  return { tourDestinations, tourRegions, tags, itineraries, itineraryDays, opinions };
}

/** The tours of `t` as the snapshot carries them (the tables of the whole catalogue, or of one tour). */
function tourSnapshots(t: Awaited<ReturnType<typeof readTables>>, x: Awaited<ReturnType<typeof readTourExtras>>): TourSnapshot[] {
  const byOwner = <K extends 'tourId' | 'periodId' | 'flightId' | 'optionalActivityId' | 'activityPackId' | 'reservationModeId'>(owner: K) =>
    groupBy(
      t.prices.filter((p) => p[owner] !== null),
      (p) => p[owner],
    );
  // Flight prices also name their period and tour; period prices name no flight, tour prices no period.
  const flightPrices = byOwner('flightId');
  const periodPrices = groupBy(
    t.prices.filter((p) => p.periodId && !p.flightId),
    (p) => p.periodId,
  );
  const tourPrices = groupBy(
    t.prices.filter((p) => p.tourId && !p.periodId && !p.flightId),
    (p) => p.tourId,
  );
  const activityPrices = byOwner('optionalActivityId');
  const packPrices = byOwner('activityPackId');
  const modePrices = byOwner('reservationModeId');
  const cockpitByFlight = groupBy(t.cockpitPrices, (p) => p.flightId);
  const segmentsByJourney = groupBy(t.segments, (s) => s.journeyId);
  const journeysByFlight = groupBy(t.journeys, (j) => j.flightId);
  const campaignsByPeriod = groupBy(t.campaigns, (c) => c.periodId);
  const flightsByPeriod = groupBy(t.flights, (f) => f.periodId);
  const activitiesByPeriod = groupBy(t.activities, (a) => a.periodId);
  const daysByActivity = groupBy(t.activityDays, (d) => d.optionalActivityId);
  const photosByActivity = groupBy(t.activityPhotos, (photo) => photo.optionalActivityId);
  const packsByPeriod = groupBy(t.packs, (p) => p.periodId);
  const modesByPeriod = groupBy(t.modes, (m) => m.periodId);
  const periodsByTour = groupBy(t.periods, (p) => p.tourId);
  const destinationsByTour = groupBy(x.tourDestinations, (d) => d.tourId);
  const regionsByTour = groupBy(x.tourRegions, (r) => r.tourId);
  const tagsByTour = groupBy(x.tags, (tag) => tag.tourId);
  const itineraryByTour = groupBy(x.itineraries, (i) => i.tourId);
  const daysByItinerary = groupBy(x.itineraryDays, (d) => d.itineraryId);
  const opinionsByTour = groupBy(x.opinions, (o) => o.tourId);

  const flightSnapshot = (f: (typeof t.flights)[number]): FlightSnapshot => ({
    id: f.id,
    name: f.name,
    departureCity: f.departureCity,
    guaranteedAvailability: f.guaranteedAvailability,
    bookableAvailability: f.bookableAvailability,
    prices: (flightPrices.get(f.id) ?? []).map((p) => ({ ...price(p), flightCostCents: p.flightCostCents, feeCents: p.feeCents })),
    cockpitPrices: (cockpitByFlight.get(f.id) ?? []).map((p) => ({ ageGroupName: p.ageGroupName, flightCostCents: p.flightCostCents, feeCents: p.feeCents })),
    journeys: (journeysByFlight.get(f.id) ?? []).map((j) => ({
      direction: j.direction as 'outbound' | 'inbound',
      segments: (segmentsByJourney.get(j.id) ?? []).map((s) => ({
        departureAt: s.departureAt,
        arrivalAt: s.arrivalAt,
        departureIata: s.departureIata,
        arrivalIata: s.arrivalIata,
        departureCity: s.departureCity,
        arrivalCity: s.arrivalCity,
        flightNumber: s.flightNumber,
        provider: s.provider,
        nights: s.nights,
      })),
    })),
  });

  const periodSnapshot = (p: (typeof t.periods)[number]): PeriodSnapshot => ({
    id: p.id,
    name: p.name,
    dayOne: p.dayOne,
    returnDate: p.returnDate,
    tripType: p.tripType,
    numberOfDays: p.numberOfDays,
    bookableAvailability: p.bookableAvailability,
    webBookable: p.webBookable === 1,
    publishWeb: p.publishWeb === 1,
    prices: (periodPrices.get(p.id) ?? []).map(price),
    campaigns: (campaignsByPeriod.get(p.id) ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      valueCents: c.valueCents,
      validFromDate: c.validFromDate,
      validUntilDate: c.validUntilDate,
      discountAppliedPerTxt: c.discountAppliedPerTxt === 'ONCE' ? ('ONCE' as const) : ('PER_PAX' as const),
    })),
    flights: (flightsByPeriod.get(p.id) ?? []).map(flightSnapshot),
    optionalActivities: (activitiesByPeriod.get(p.id) ?? []).map((a) => ({
      id: a.id,
      activityId: a.activityId,
      name: a.name,
      subtype: a.subtype,
      productType: a.productType,
      serviceType: a.serviceType,
      webInfo: a.webInfo,
      bookableAvailability: a.bookableAvailability,
      days: (daysByActivity.get(a.id) ?? []).map((d) => d.dayRank),
      prices: (activityPrices.get(a.id) ?? []).map(price),
      photos: (photosByActivity.get(a.id) ?? []).map((photo) => photo.imageKey),
    })),
    activityPacks: (packsByPeriod.get(p.id) ?? []).map((k) => ({
      id: k.id,
      activityId: k.activityId,
      name: k.name,
      webInfo: k.webInfo,
      multipleActivityIds: k.multipleActivityIds,
      prices: (packPrices.get(k.id) ?? []).map(price),
    })),
    reservationModes: (modesByPeriod.get(p.id) ?? []).map((m) => ({
      id: m.id,
      activityId: m.activityId,
      name: m.name,
      places: m.places,
      comment: m.comment,
      availability: m.availability,
      shareRoom: m.shareRoom === 1,
      prices: (modePrices.get(m.id) ?? []).map(price),
    })),
    meetingPoint: p.meetingPoint,
    beforeYouTravel: p.beforeYouTravel,
    aboutTheAirport: p.aboutTheAirport,
    countryInfo: p.countryInfo,
    emergencyNumbers: p.emergencyNumbers,
  });

  const tourSnapshot = (tour: (typeof t.tours)[number]): TourSnapshot => {
    const itinerary = itineraryByTour.get(tour.id)?.[0];
    return {
      id: tour.id,
      name: tour.name,
      subtitle: tour.subtitle,
      description: tour.description,
      webSlug: tour.webSlug,
      tagSeason: tour.tagSeason,
      tagKeywords: tour.tagKeywords,
      highlights: tour.highlights,
      includedServices: tour.includedServices,
      notIncludedServices: tour.notIncludedServices,
      includedServicesWeb: tour.includedServicesWeb,
      expertOpinionTitle: tour.expertOpinionTitle,
      expertOpinion: tour.expertOpinion,
      expertOpinionAvatar: tourFileKey(tour.id, tour.expertOpinionAvatar),
      stops: tour.stops,
      offerValidity: tour.offerValidity,
      thumbnail: tourFileKey(tour.id, tour.thumbnail),
      banner: tourFileKey(tour.id, tour.banner),
      tourType: tour.tourType as 'Group' | 'FIT' | 'Private',
      rate: tour.rate,
      sortTour: tour.sortTour,
      metaTitle: tour.metaTitle,
      metaDescription: tour.metaDescription,
      metaKeyword: tour.metaKeyword,
      destinationIds: (destinationsByTour.get(tour.id) ?? []).map((d) => d.destinationId),
      parentRegionIds: (regionsByTour.get(tour.id) ?? []).map((r) => r.parentRegionId),
      tags: (tagsByTour.get(tour.id) ?? []).map((tag) => ({ name: tag.name, typeName: tag.typeName })),
      itinerary: itinerary
        ? (daysByItinerary.get(itinerary.id) ?? []).map((d) => ({ rank: d.rank, title: d.title, description: d.description, city: d.city }))
        : [],
      prices: (tourPrices.get(tour.id) ?? []).map(price),
      periods: (periodsByTour.get(tour.id) ?? []).map(periodSnapshot),
      opinions: (opinionsByTour.get(tour.id) ?? []).map(opinionSnapshot),
    };
  };

  return t.tours.map(tourSnapshot);
}

/**
 * The catalogue without its tours: the content visitors see, the destinations and parent regions, and
 * the day the catalogue window was computed for.
 */
export async function readCatalogueContent(db: Db, { now }: { now: Date }): Promise<CatalogueContent> {
  const [destinations, regions, content] = await Promise.all([
    db.selectFrom('destinations').selectAll().orderBy('slug').execute(),
    db.selectFrom('parentRegions').selectAll().orderBy('slug').execute(),
    readContentSnapshot(db),
  ]);
  return CatalogueContentSchema.parse({
    today: catalogueWindow(now).from,
    ...content,
    parentRegions: regions.map((r) => ({ id: r.id, name: r.name, slug: r.slug, description: r.description })),
    destinations: destinations.map((d) => ({
      id: d.id,
      name: d.name,
      slug: d.slug,
      continent: d.continentTxt,
      iso2: d.iso2,
      description: d.description,
      parentRegionId: d.parentRegionId,
    })),
  });
}

/** Tours read per batch: about 5 MB of rows at a time, whatever the catalogue's size. */
const TOUR_BATCH = 500;

/**
 * The published tours in the catalogue's order, a batch at a time, each batch read with the queries of a
 * targeted rebuild's one tour: memory that does not grow with the catalogue (at 50,000 tours the whole
 * tables outgrow a build's memory), and rows in the same order within each tour whatever the batch.
 */
export async function* readTourBatches(db: Db, { now, size = TOUR_BATCH }: { now: Date; size?: number }): AsyncGenerator<TourSnapshot[]> {
  const window = catalogueWindow(now);
  const ids = (await db.selectFrom('tours').select('id').where('publishWeb', '=', 1).orderBy('sortTour').orderBy('id').execute()).map((t) => t.id);
  for (let start = 0; start < ids.length; start += size) {
    const batch = ids.slice(start, start + size);
    const [t, x] = await Promise.all([readTables(db, window, batch), readTourExtras(db, batch)]);
    // Validating here means a bad row fails the rebuild, not the visitor's page.
    yield tourSnapshots(t, x).map((tour) => TourSnapshotSchema.parse(tour));
  }
}

/**
 * Reads the public catalogue whole: published tours with the periods a visitor may book today (web-bookable,
 * day one between today UTC and 31 December of next year), their options and published opinions, and
 * the content visitors see. Output is sorted, so the same data gives the same bytes. Public fields only:
 * no purchase prices, margins, fares, bookings or personal data. A build reads it in parts
 * (`readCatalogueContent`, `readTourBatches`); this whole one is for tests and small tools.
 */
export async function readCatalogueSnapshot(db: Db, { now }: { now: Date }): Promise<CatalogueSnapshot> {
  const tours: TourSnapshot[] = [];
  for await (const batch of readTourBatches(db, { now })) tours.push(...batch);
  return CatalogueSnapshotSchema.parse({ ...(await readCatalogueContent(db, { now })), tours });
}

/**
 * One published tour exactly as the full snapshot carries it (its page's data), or null when the snapshot
 * would not carry it (not published on the web): what a targeted rebuild sends after the tour editor
 * changed it. Read with the same queries, scoped to the tour, and the same mapping.
 */
export async function readTourSnapshot(db: Db, tourId: string, { now }: { now: Date }): Promise<TourSnapshot | null> {
  const [t, x] = await Promise.all([readTables(db, catalogueWindow(now), [tourId]), readTourExtras(db, [tourId])]);
  const [tour] = tourSnapshots(t, x);
  return tour ? TourSnapshotSchema.parse(tour) : null;
}
