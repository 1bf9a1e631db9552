/**
 * Tours of the catalogue written as an import file: the screen's downloadable examples (JSON, and CSV for
 * departures and prices) and the benchmark's 10,000-tour file. Importing an exported file into the same
 * catalogue changes nothing, which is what makes the examples a safe place to start editing.
 */
import { stringify } from 'csv-stringify/sync';
import { IMPORT_CSV_COLUMNS, type ImportPeriod, type ImportPrice, type ImportTour } from '#shared/schemas/admin-importer.ts';
import type { Db } from '../../../db/database.ts';
import type { PriceRow } from '../../../db/tables.ts';
import { PERIOD_FIELD_NAMES, type PeriodField, TOUR_FIELD_NAMES, type TourField } from './plan.ts';
import { readCatalogueState } from './state.ts';

const TOUR_COLUMNS: Record<TourField, string> = {
  name: 'name',
  subtitle: 'subtitle',
  comment: 'comment',
  description: 'description',
  tag_season: 'tagSeason',
  tagKeywords: 'tagKeywords',
  highlights: 'highlights',
  included_services: 'includedServices',
  not_included_services: 'notIncludedServices',
  included_services_web: 'includedServicesWeb',
  thumbnail: 'thumbnail',
  banner: 'banner',
  bookable: 'bookable',
  privateTourBase: 'privateTourBase',
  expertOpinionTitle: 'expertOpinionTitle',
  expertOpinion: 'expertOpinion',
  expertOpinionAvatar: 'expertOpinionAvatar',
  tour_type: 'tourType',
  offerValidity: 'offerValidity',
  seatsInThisFare: 'seatsInThisFare',
  exclusiveTrip: 'exclusiveTrip',
  stops: 'stops',
  rate: 'rate',
  sortTour: 'sortTour',
  metaTitle: 'metaTitle',
  metaDescription: 'metaDescription',
  metaKeyword: 'metaKeyword',
  publish_web: 'publishWeb',
  status: 'status',
  includedTripPhoto: 'includedTripPhoto',
};
const PERIOD_COLUMNS: Record<PeriodField, string> = {
  return_date: 'returnDate',
  name: 'name',
  trip_type: 'tripType',
  number_of_days: 'numberOfDays',
  bookable_availability: 'bookableAvailability',
  web_bookable: 'webBookable',
  publish_web: 'publishWeb',
  source: 'source',
  after_your_trip: 'afterYourTrip',
  before_you_travel: 'beforeYouTravel',
  about_the_airport: 'aboutTheAirport',
  country_info: 'countryInfo',
  emergency_numbers: 'emergencyNumbers',
};
const FLAGS = new Set(['bookable', 'privateTourBase', 'exclusiveTrip', 'publish_web', 'web_bookable']);

const pricesOf = (rows: readonly PriceRow[] | undefined): ImportPrice[] =>
  (rows ?? []).map((p) => ({
    age_group_name: p.ageGroupName,
    ...(p.categoryName === 'Standard category' ? {} : { category_name: p.categoryName }),
    value: p.valueCents / 100,
  }));

function fields<F extends string>(names: readonly F[], columns: Record<F, string>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = row[columns[name]];
    out[name] = FLAGS.has(name) ? value === 1 : typeof value === 'number' && name === 'rate' ? Math.round(value * 100) / 100 : value;
  }
  return out;
}

/** The tours with these web addresses (all of them when `slugs` is null), in the import file's shape. */
export async function exportTours(db: Db, { slugs }: { slugs: string[] | null }): Promise<{ tours: ImportTour[] }> {
  const wanted = slugs ?? (await db.selectFrom('tours').select('webSlug').orderBy('sortTour').orderBy('webSlug').execute()).map((t) => t.webSlug);
  const state = await readCatalogueState(db, { slugs: wanted, periodIds: [] });
  const tours: ImportTour[] = [];
  for (const slug of wanted) {
    const tour = state.toursBySlug.get(slug);
    if (!tour) continue;
    const itinerary = state.itineraries.get(tour.id);
    const periods = [...(state.periodsByTour.get(tour.id) ?? [])].sort((a, b) => a.dayOne.localeCompare(b.dayOne) || a.id.localeCompare(b.id));
    tours.push({
      web_slug: slug,
      ...fields(TOUR_FIELD_NAMES, TOUR_COLUMNS, tour),
      // An empty list would say "no destinations", which the file cannot: left out, it stays as it is.
      ...(state.tourDestinations.get(tour.id)?.length ? { destinations: state.tourDestinations.get(tour.id) } : {}),
      parentRegions: [...(state.tourRegions.get(tour.id) ?? [])].sort(),
      ...(itinerary?.days.length ? { itinerary: { name: itinerary.name, days: itinerary.days } } : {}),
      prices: pricesOf(state.prices.get(tour.id)),
      periods: periods.map(
        (p): ImportPeriod => ({
          id: p.id,
          day_one: p.dayOne,
          ...(fields(PERIOD_FIELD_NAMES, PERIOD_COLUMNS, p) as Omit<ImportPeriod, 'day_one'>),
          tags: p.tags ? (JSON.parse(p.tags) as string[]) : [],
          prices: pricesOf(state.prices.get(p.id)),
        }),
      ),
    } as ImportTour);
  }
  return { tours };
}

/** The same tours' departures and prices as CSV: a line with the tour's prices, then one per departure. */
export async function exportToursCsv(db: Db, { slugs }: { slugs: string[] | null }): Promise<string> {
  const { tours } = await exportTours(db, { slugs });
  const price = (prices: readonly ImportPrice[] | undefined, group: string) => prices?.find((p) => p.age_group_name === group && !p.category_name)?.value ?? '';
  const lines: (string | number)[][] = [];
  for (const tour of tours) {
    const blank = Object.fromEntries(IMPORT_CSV_COLUMNS.map((c) => [c, ''])) as Record<(typeof IMPORT_CSV_COLUMNS)[number], string | number>;
    const adults = price(tour.prices, 'Adultos');
    const children = price(tour.prices, 'Niños');
    if (adults !== '' || children !== '') lines.push(Object.values({ ...blank, web_slug: tour.web_slug, price_adultos: adults, price_ninos: children }));
    for (const p of (tour.periods ?? []) as ImportPeriod[]) {
      lines.push(
        Object.values({
          ...blank,
          web_slug: tour.web_slug,
          id: p.id ?? '',
          day_one: p.day_one,
          return_date: p.return_date ?? '',
          name: p.name ?? '',
          trip_type: p.trip_type ?? '',
          number_of_days: p.number_of_days ?? '',
          bookable_availability: p.bookable_availability ?? '',
          web_bookable: String(p.web_bookable),
          publish_web: String(p.publish_web),
          source: p.source ?? '',
          price_adultos: price(p.prices, 'Adultos'),
          price_ninos: price(p.prices, 'Niños'),
        }),
      );
    }
  }
  return stringify(lines, { header: true, columns: [...IMPORT_CSV_COLUMNS] });
}
