import type { Db } from '#api/db/database.ts';
import { type CatalogueSnapshot, CatalogueSnapshotSchema, type FlightSnapshot, type PeriodSnapshot, type PriceSnapshot } from '#shared/snapshot.ts';
import { catalogueWindow } from '#shared/rules/catalogue.ts';

const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

const price = (p: { ageGroupName: string; categoryName: string; valueCents: number }): PriceSnapshot => ({
  ageGroupName: p.ageGroupName,
  categoryName: p.categoryName,
  valueCents: p.valueCents,
});

/**
 * Reads the public catalogue: published tours with the periods a visitor may book today (web-bookable,
 * day one between today UTC and 31 December of next year). Whole tables are read once and joined in
 * memory, so the cost grows linearly with the catalogue. Output is sorted, so the same data gives the
 * same bytes.
 */
export async function readCatalogueSnapshot(db: Db, { now }: { now: Date }): Promise<CatalogueSnapshot> {
  const window = catalogueWindow(now);
  const [tours, periods, prices, campaigns, flights, cockpitPrices, tourDestinations, tourRegions, destinations, regions, company] =
    await Promise.all([
      db.selectFrom('tours').selectAll().where('publishWeb', '=', 1).orderBy('sortTour').orderBy('id').execute(),
      db
        .selectFrom('periods')
        .selectAll()
        .where('publishWeb', '=', 1)
        .where('webBookable', '=', 1)
        .where('dayOne', '>=', window.from)
        .where('dayOne', '<=', window.to)
        .orderBy('dayOne')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('prices')
        .select(['id', 'tourId', 'periodId', 'flightId', 'ageGroupName', 'categoryName', 'valueCents', 'flightCostCents', 'feeCents'])
        .where((eb) => eb.or([eb('tourId', 'is not', null), eb('periodId', 'is not', null), eb('flightId', 'is not', null)]))
        .where('optionalActivityId', 'is', null)
        .where('activityPackId', 'is', null)
        .where('reservationModeId', 'is', null)
        .orderBy('ageGroupName')
        .orderBy('id')
        .execute(),
      db.selectFrom('campaigns').selectAll().orderBy('id').execute(),
      db.selectFrom('flights').selectAll().orderBy('name').orderBy('id').execute(),
      db.selectFrom('cockpitPrices').selectAll().orderBy('id').execute(),
      db.selectFrom('tourDestinations').selectAll().orderBy('position').orderBy('destinationId').execute(),
      db.selectFrom('tourParentRegions').selectAll().orderBy('parentRegionId').execute(),
      db.selectFrom('destinations').selectAll().orderBy('name').execute(),
      db.selectFrom('parentRegions').selectAll().orderBy('name').execute(),
      db.selectFrom('companyInfo').selectAll().orderBy('id').executeTakeFirst(),
    ]);

  // Flight prices name their flight; period and tour prices have no flight.
  const flightPrices = groupBy(prices.filter((p) => p.flightId), (p) => p.flightId);
  const periodPrices = groupBy(prices.filter((p) => p.periodId && !p.flightId), (p) => p.periodId);
  const tourPrices = groupBy(prices.filter((p) => p.tourId && !p.periodId && !p.flightId), (p) => p.tourId);
  const cockpitByFlight = groupBy(cockpitPrices, (p) => p.flightId);
  const campaignsByPeriod = groupBy(campaigns, (c) => c.periodId);
  const flightsByPeriod = groupBy(flights, (f) => f.periodId);
  const periodsByTour = groupBy(periods, (p) => p.tourId);
  const destinationsByTour = groupBy(tourDestinations, (d) => d.tourId);
  const regionsByTour = groupBy(tourRegions, (r) => r.tourId);

  const flightSnapshot = (f: (typeof flights)[number]): FlightSnapshot => ({
    id: f.id,
    name: f.name,
    departureCity: f.departureCity,
    guaranteedAvailability: f.guaranteedAvailability,
    bookableAvailability: f.bookableAvailability,
    prices: (flightPrices.get(f.id) ?? []).map((p) => ({ ...price(p), flightCostCents: p.flightCostCents, feeCents: p.feeCents })),
    cockpitPrices: (cockpitByFlight.get(f.id) ?? []).map((p) => ({
      ageGroupName: p.ageGroupName,
      flightCostCents: p.flightCostCents,
      feeCents: p.feeCents,
    })),
  });

  const periodSnapshot = (p: (typeof periods)[number]): PeriodSnapshot => ({
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
  });

  const snapshot: CatalogueSnapshot = {
    today: window.from,
    company: company
      ? { name: company.name, phone: company.numberPhone, email: company.email, schedules: company.schedules }
      : null,
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
    tours: tours.map((t) => ({
      id: t.id,
      name: t.name,
      subtitle: t.subtitle,
      description: t.description,
      webSlug: t.webSlug,
      tagSeason: t.tagSeason,
      tagKeywords: t.tagKeywords,
      highlights: t.highlights,
      thumbnail: t.thumbnail,
      banner: t.banner,
      tourType: t.tourType as 'Group' | 'FIT' | 'Private',
      rate: t.rate,
      sortTour: t.sortTour,
      metaTitle: t.metaTitle,
      metaDescription: t.metaDescription,
      metaKeyword: t.metaKeyword,
      destinationIds: (destinationsByTour.get(t.id) ?? []).map((d) => d.destinationId),
      parentRegionIds: (regionsByTour.get(t.id) ?? []).map((r) => r.parentRegionId),
      prices: (tourPrices.get(t.id) ?? []).map(price),
      periods: (periodsByTour.get(t.id) ?? []).map(periodSnapshot),
    })),
  };
  // Validating here means a bad row fails the rebuild, not the visitor's page.
  return CatalogueSnapshotSchema.parse(snapshot);
}
