/**
 * The import plan: each row of the file compared with the catalogue, as created, changed (field by field),
 * unchanged or refused with its reasons, and the writes that would make the catalogue say what the file
 * says. A check answers the report; an import computes the same plan again inside its transaction and
 * writes it. Nothing the file leaves out is touched: a field it omits keeps its value, a departure or a
 * price it omits stays.
 */
import { randomUUID } from 'node:crypto';
import type { ImportFieldChange, ImportPeriod, ImportPrice, ImportRowReport, ImportTour } from '#shared/schemas/admin-importer.ts';
import type { PeriodRowUpdate, PeriodTable, PriceRow, TourRow, TourRowUpdate, TourTable } from '../../../db/tables.ts';
import type { Row } from '../../../db/seed/context.ts';
import type { RowSets } from '../../../db/seed/insert.ts';
import type { ParsedFile, PeriodInput } from './parse.ts';
import type { CatalogueState } from './state.ts';

type Scalar = string | number | boolean | null;

/** The file's tour fields and the columns they fill; `flag` fields are true/false in the file, 1/0 in the table. */
const TOUR_FIELDS = {
  name: { column: 'name' },
  subtitle: { column: 'subtitle' },
  comment: { column: 'comment' },
  description: { column: 'description' },
  tag_season: { column: 'tagSeason' },
  tagKeywords: { column: 'tagKeywords' },
  highlights: { column: 'highlights' },
  included_services: { column: 'includedServices' },
  not_included_services: { column: 'notIncludedServices' },
  included_services_web: { column: 'includedServicesWeb' },
  thumbnail: { column: 'thumbnail' },
  banner: { column: 'banner' },
  bookable: { column: 'bookable', flag: true },
  privateTourBase: { column: 'privateTourBase', flag: true },
  expertOpinionTitle: { column: 'expertOpinionTitle' },
  expertOpinion: { column: 'expertOpinion' },
  expertOpinionAvatar: { column: 'expertOpinionAvatar' },
  tour_type: { column: 'tourType' },
  offerValidity: { column: 'offerValidity' },
  seatsInThisFare: { column: 'seatsInThisFare' },
  exclusiveTrip: { column: 'exclusiveTrip', flag: true },
  stops: { column: 'stops' },
  rate: { column: 'rate' },
  sortTour: { column: 'sortTour' },
  metaTitle: { column: 'metaTitle' },
  metaDescription: { column: 'metaDescription' },
  metaKeyword: { column: 'metaKeyword' },
  publish_web: { column: 'publishWeb', flag: true },
  status: { column: 'status' },
  includedTripPhoto: { column: 'includedTripPhoto' },
} as const satisfies Partial<Record<keyof ImportTour, { column: keyof TourTable; flag?: true }>>;
export type TourField = keyof typeof TOUR_FIELDS;
export const TOUR_FIELD_NAMES = Object.keys(TOUR_FIELDS) as TourField[];

const PERIOD_FIELDS = {
  return_date: { column: 'returnDate' },
  name: { column: 'name' },
  trip_type: { column: 'tripType' },
  number_of_days: { column: 'numberOfDays' },
  bookable_availability: { column: 'bookableAvailability' },
  web_bookable: { column: 'webBookable', flag: true },
  publish_web: { column: 'publishWeb', flag: true },
  source: { column: 'source' },
  after_your_trip: { column: 'afterYourTrip' },
  before_you_travel: { column: 'beforeYouTravel' },
  about_the_airport: { column: 'aboutTheAirport' },
  country_info: { column: 'countryInfo' },
  emergency_numbers: { column: 'emergencyNumbers' },
} as const satisfies Partial<Record<keyof ImportPeriod, { column: keyof PeriodTable; flag?: true }>>;
export type PeriodField = keyof typeof PERIOD_FIELDS;
export const PERIOD_FIELD_NAMES = Object.keys(PERIOD_FIELDS) as PeriodField[];

/** A column's value as the file writes it (flags as true/false, numbers as numbers). */
const fileValue = (value: unknown, flag: boolean): Scalar => {
  if (value === null || value === undefined) return null;
  if (flag) return Number(value) === 1;
  return typeof value === 'number' || typeof value === 'string' ? value : String(value);
};
const columnValue = (value: Scalar, flag: boolean): Scalar => (flag ? (value ? 1 : 0) : value);
/** A float column read back from PostgreSQL's `real` may carry noise past the decimals a person wrote. */
const same = (a: Scalar, b: Scalar) => a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-6);

export interface PriceUpdate {
  id: string;
  valueCents: number;
}

export interface ImportWrites {
  inserts: RowSets;
  tourUpdates: { id: string; set: TourRowUpdate }[];
  periodUpdates: { id: string; set: PeriodRowUpdate }[];
  priceUpdates: PriceUpdate[];
  /** Tours whose destination or region list the file replaces: their old links go first. */
  replaceDestinations: string[];
  replaceRegions: string[];
  /** Itineraries whose days the file replaces. */
  replaceDays: { itineraryId: string; name: string }[];
}

export interface ImportPlan {
  format: ParsedFile['format'];
  rows: ImportRowReport[];
  writes: ImportWrites;
}

const euros = (cents: number) => Math.round(cents) / 100;
const CATEGORY = 'Standard category';
const priceLabel = (p: { ageGroupName: string; categoryName: string }) =>
  p.categoryName === CATEGORY ? `precio ${p.ageGroupName}` : `precio ${p.ageGroupName} (${p.categoryName})`;

export function planImport(file: ParsedFile, state: CatalogueState, { now }: { now: Date }): ImportPlan {
  const stamp = now.toISOString();
  const rows: ImportRowReport[] = [];
  const inserts: RowSets = {};
  const writes: ImportWrites = { inserts, tourUpdates: [], periodUpdates: [], priceUpdates: [], replaceDestinations: [], replaceRegions: [], replaceDays: [] };
  const add = <T extends keyof RowSets>(table: T, row: Row<T>) => {
    inserts[table] ??= [];
    (inserts[table] as Row<T>[]).push(row);
  };

  /** Tours as the file leaves them: existing ones, and those it creates (by web address). */
  const tours = new Map<string, { id: string; name: string; itineraryId: string | null; tourRow: string }>();
  const refusedTourRows = new Set<string>();
  const seenSlugs = new Set<string>();

  /** Prices of one owner: one per age group and category; the file's value replaces the stored one. */
  const planPrices = (
    owner: { tourId?: string; periodId?: string },
    wanted: readonly ImportPrice[] | undefined,
    stored: readonly PriceRow[],
    changes: ImportFieldChange[],
  ) => {
    if (!wanted) return;
    for (const price of wanted) {
      const categoryName = price.category_name ?? CATEGORY;
      const valueCents = Math.round(price.value * 100);
      const current = stored.find((p) => p.ageGroupName === price.age_group_name && p.categoryName === categoryName);
      const label = priceLabel({ ageGroupName: price.age_group_name, categoryName });
      if (!current) {
        changes.push({ field: label, before: null, after: euros(valueCents) });
        add('prices', {
          id: randomUUID(),
          tourId: owner.tourId ?? null,
          periodId: owner.periodId ?? null,
          flightId: null,
          optionalActivityId: null,
          activityPackId: null,
          reservationModeId: null,
          ageGroupName: price.age_group_name,
          categoryName,
          valueCents,
          valueWithCampaignCents: null,
          flightCostCents: null,
          feeCents: null,
        });
      } else if (current.valueCents !== valueCents) {
        changes.push({ field: label, before: euros(current.valueCents), after: euros(valueCents) });
        writes.priceUpdates.push({ id: current.id, valueCents });
      }
    }
  };
  const duplicatePrices = (prices: readonly ImportPrice[] | undefined): string[] => {
    const seen = new Set<string>();
    const reasons: string[] = [];
    for (const p of prices ?? []) {
      const key = `${p.age_group_name}|${p.category_name ?? CATEGORY}`;
      if (seen.has(key)) reasons.push(`El precio de «${p.age_group_name}» aparece dos veces.`);
      seen.add(key);
    }
    return reasons;
  };

  for (const input of file.tours) {
    const report: ImportRowReport = { row: input.row, kind: 'tour', key: input.slug, outcome: 'unchanged', changes: [], reasons: [...input.reasons] };
    rows.push(report);
    const data = input.data;
    if (seenSlugs.has(input.slug)) report.reasons.push(`El tour «${input.slug}» aparece dos veces en el archivo.`);
    seenSlugs.add(input.slug);
    if (!data || report.reasons.length) {
      report.outcome = 'refused';
      refusedTourRows.add(input.row);
      continue;
    }
    const existing = state.toursBySlug.get(data.web_slug) ?? null;
    const reasons = report.reasons;
    if (!existing) {
      for (const field of ['name', 'tour_type', 'destinations'] as const) {
        if (data[field] === undefined) reasons.push(`Falta el campo «${field}»: un tour nuevo lo necesita.`);
      }
    }
    const destinationIds = (data.destinations ?? []).map((slug) => {
      const found = state.destinationsBySlug.get(slug);
      if (!found) reasons.push(`Destino desconocido: «${slug}».`);
      return found;
    });
    const regionSlugs =
      data.parentRegions ??
      (existing
        ? undefined
        : [
            ...new Set(
              (data.destinations ?? []).flatMap((slug) => {
                const regionId = state.destinationsBySlug.get(slug)?.regionId;
                return [...state.regionsBySlug].filter(([, id]) => id === regionId).map(([s]) => s);
              }),
            ),
          ]);
    for (const slug of data.parentRegions ?? []) if (!state.regionsBySlug.has(slug)) reasons.push(`Región desconocida: «${slug}».`);
    reasons.push(...duplicatePrices(data.prices));
    if (reasons.length) {
      report.outcome = 'refused';
      refusedTourRows.add(input.row);
      continue;
    }

    const id = existing?.id ?? randomUUID();
    const itinerary = existing ? (state.itineraries.get(existing.id) ?? null) : null;
    let itineraryId = itinerary?.id ?? null;
    const changes = report.changes;
    if (!existing) {
      report.outcome = 'created';
      const row = newTourRow(id, data, stamp);
      add('tours', row);
      (data.destinations ?? []).forEach((_, position) => {
        add('tourDestinations', { tourId: id, destinationId: (destinationIds[position] as { id: string }).id, position });
      });
      for (const slug of regionSlugs ?? []) add('tourParentRegions', { id: randomUUID(), tourId: id, parentRegionId: state.regionsBySlug.get(slug) as string });
      if (data.itinerary) {
        itineraryId = randomUUID();
        addItinerary(add, { tourId: id, itineraryId, name: data.itinerary.name ?? `${row.name}: itinerario`, days: data.itinerary.days, insertHeader: true });
      }
      planPrices({ tourId: id }, data.prices, [], []);
    } else {
      // Each value passed the file's schema, whose types are the columns' own.
      const set: Partial<Record<keyof TourTable, Scalar>> = {};
      for (const field of TOUR_FIELD_NAMES) {
        const wanted = data[field];
        if (wanted === undefined) continue;
        const { column } = TOUR_FIELDS[field];
        const flag = 'flag' in TOUR_FIELDS[field];
        const before = fileValue(existing[column as keyof TourRow], flag);
        if (same(before, wanted as Scalar)) continue;
        changes.push({ field, before, after: wanted as Scalar });
        set[column] = columnValue(wanted as Scalar, flag);
      }
      if (Object.keys(set).length) writes.tourUpdates.push({ id, set: set as TourRowUpdate });
      const listChange = (field: string, before: string[], after: string[] | undefined) => {
        if (!after || before.join('|') === after.join('|')) return false;
        changes.push({ field, before: before.join(', ') || null, after: after.join(', ') });
        return true;
      };
      if (listChange('destinations', state.tourDestinations.get(id) ?? [], data.destinations)) {
        writes.replaceDestinations.push(id);
        (data.destinations ?? []).forEach((_, position) => {
          add('tourDestinations', { tourId: id, destinationId: (destinationIds[position] as { id: string }).id, position });
        });
      }
      const storedRegions = [...(state.tourRegions.get(id) ?? [])].sort();
      if (data.parentRegions && listChange('parentRegions', storedRegions, [...new Set(data.parentRegions)].sort())) {
        writes.replaceRegions.push(id);
        for (const slug of new Set(data.parentRegions))
          add('tourParentRegions', { id: randomUUID(), tourId: id, parentRegionId: state.regionsBySlug.get(slug) as string });
      }
      if (data.itinerary) {
        const days = data.itinerary.days.map((d) => ({ title: d.title, description: d.description ?? null, city: d.city ?? null }));
        const name = data.itinerary.name ?? itinerary?.name ?? `${existing.name}: itinerario`;
        const sameDays = itinerary && JSON.stringify(itinerary.days) === JSON.stringify(days) && itinerary.name === name;
        if (!sameDays) {
          changes.push({
            field: 'itinerary',
            before: itinerary ? `${itinerary.days.length} días` : null,
            after: `${days.length} días${itinerary && itinerary.days.length === days.length ? ' (cambiados)' : ''}`,
          });
          if (itinerary) {
            writes.replaceDays.push({ itineraryId: itinerary.id, name });
            addItinerary(add, { tourId: id, itineraryId: itinerary.id, name, days, insertHeader: false });
          } else {
            itineraryId = randomUUID();
            addItinerary(add, { tourId: id, itineraryId, name, days, insertHeader: true });
          }
        }
      }
      planPrices({ tourId: id }, data.prices, state.prices.get(id) ?? [], changes);
      report.outcome = changes.length ? 'changed' : 'unchanged';
    }
    tours.set(data.web_slug, { id, name: data.name ?? existing?.name ?? '', itineraryId, tourRow: input.row });
  }

  // CSV lines with a tour's own prices.
  for (const input of file.tourPrices) {
    const report: ImportRowReport = { row: input.row, kind: 'prices', key: input.slug, outcome: 'unchanged', changes: [], reasons: [...input.reasons] };
    rows.push(report);
    const existing = state.toursBySlug.get(input.slug);
    if (!existing && report.reasons.length === 0) report.reasons.push(`El tour «${input.slug}» no existe.`);
    report.reasons.push(...duplicatePrices(input.prices));
    if (report.reasons.length || !existing) {
      report.outcome = 'refused';
      continue;
    }
    planPrices({ tourId: existing.id }, input.prices, state.prices.get(existing.id) ?? [], report.changes);
    report.outcome = report.changes.length ? 'changed' : 'unchanged';
  }

  const seenPeriods = new Set<string>();
  for (const input of file.periods) {
    const report = planPeriod(input);
    rows.push(report);
  }

  function planPeriod(input: PeriodInput): ImportRowReport {
    const key = input.data ? `${input.slug} ${input.data.day_one}` : input.slug;
    const report: ImportRowReport = { row: input.row, kind: 'period', key, outcome: 'refused', changes: [], reasons: [...input.reasons] };
    const reasons = report.reasons;
    if (input.tourRow && refusedTourRows.has(input.tourRow)) {
      reasons.push('Su tour se ha rechazado.');
      return report;
    }
    const data = input.data;
    if (!data || reasons.length) return report;
    const stored = state.toursBySlug.get(input.slug);
    const tour =
      tours.get(input.slug) ?? (stored ? { id: stored.id, name: stored.name, itineraryId: state.itineraries.get(stored.id)?.id ?? null, tourRow: '' } : null);
    if (!tour) {
      reasons.push(`El tour «${input.slug}» no existe ni viene en el archivo.`);
      return report;
    }
    let existing = null as ReturnType<CatalogueState['periodsById']['get']> | null;
    if (data.id) {
      existing = state.periodsById.get(data.id) ?? null;
      if (existing && existing.tourId !== tour.id) reasons.push(`La salida «${data.id}» es de otro tour.`);
    } else {
      const sameDay = (state.periodsByTour.get(tour.id) ?? []).filter((p) => p.dayOne === data.day_one);
      if (sameDay.length > 1) reasons.push(`El tour tiene ${sameDay.length} salidas el ${data.day_one}: indica su «id».`);
      existing = sameDay[0] ?? null;
    }
    const identity = data.id ?? `${tour.id}|${data.day_one}`;
    if (seenPeriods.has(identity)) reasons.push(`La salida del ${data.day_one} aparece dos veces en el archivo.`);
    seenPeriods.add(identity);

    const returnDate = data.return_date ?? existing?.returnDate;
    if (!existing && !data.return_date && !data.number_of_days) reasons.push('Falta el campo «return_date»: una salida nueva lo necesita.');
    if (returnDate && returnDate < data.day_one) reasons.push(`La fecha de regreso (${returnDate}) es anterior a la de salida (${data.day_one}).`);
    const sold = existing ? (state.sold.get(existing.id) ?? 0) : 0;
    let available = data.bookable_availability;
    if (data.capacity !== undefined) {
      if (data.bookable_availability !== undefined) reasons.push('Indica «capacity» o «bookable_availability», no los dos.');
      else if (data.capacity < sold) reasons.push(`Las plazas (${data.capacity}) son menos que las ya vendidas (${sold}).`);
      else available = data.capacity - sold;
    }
    if (!existing && available === undefined) reasons.push('Falta el campo «bookable_availability» o «capacity»: una salida nueva lo necesita.');
    reasons.push(...duplicatePrices(data.prices));
    if (reasons.length) return report;

    const wanted: Partial<Record<PeriodField, Scalar>> = {};
    for (const field of PERIOD_FIELD_NAMES) {
      const value = data[field];
      if (value !== undefined) wanted[field] = value as Scalar;
    }
    if (available !== undefined) wanted.bookable_availability = available;
    const tags = data.tags === undefined ? undefined : JSON.stringify(data.tags);

    if (!existing) {
      const id = data.id ?? randomUUID();
      const end = data.return_date ?? addDays(data.day_one, (data.number_of_days as number) - 1);
      const days = data.number_of_days ?? daysBetween(data.day_one, end);
      add('periods', {
        paymentPolicy: null,
        id,
        tourId: tour.id,
        itineraryId: tour.itineraryId,
        name: data.name ?? `${tour.name} – ${data.day_one}`,
        dayOne: data.day_one,
        returnDate: end,
        tripType: data.trip_type ?? null,
        tags: tags ?? '[]',
        numberOfDays: days,
        bookableAvailability: available as number,
        webBookable: data.web_bookable === false ? 0 : 1,
        publishWeb: data.publish_web === false ? 0 : 1,
        source: data.source ?? null,
        meetingPoint: null,
        afterYourTrip: data.after_your_trip ?? null,
        beforeYouTravel: data.before_you_travel ?? null,
        aboutTheAirport: data.about_the_airport ?? null,
        countryInfo: data.country_info ?? null,
        emergencyNumbers: data.emergency_numbers ?? null,
      });
      planPrices({ periodId: id }, data.prices, [], []);
      report.outcome = 'created';
      return report;
    }
    const set: Partial<Record<keyof PeriodTable, Scalar>> = {};
    for (const field of PERIOD_FIELD_NAMES) {
      const value = wanted[field];
      if (value === undefined) continue;
      const { column } = PERIOD_FIELDS[field];
      const flag = 'flag' in PERIOD_FIELDS[field];
      const before = fileValue(existing[column], flag);
      if (same(before, value)) continue;
      report.changes.push({ field, before, after: value });
      set[column] = columnValue(value, flag);
    }
    if (tags !== undefined && tags !== (existing.tags ?? '[]')) {
      report.changes.push({ field: 'tags', before: existing.tags, after: tags });
      set.tags = tags;
    }
    if (Object.keys(set).length) writes.periodUpdates.push({ id: existing.id, set: set as PeriodRowUpdate });
    planPrices({ periodId: existing.id }, data.prices, state.prices.get(existing.id) ?? [], report.changes);
    report.outcome = report.changes.length ? 'changed' : 'unchanged';
    return report;
  }

  return { format: file.format, rows, writes };
}

function newTourRow(id: string, data: ImportTour, stamp: string): Row<'tours'> {
  const flag = (value: boolean | undefined, fallback: boolean) => ((value ?? fallback) ? 1 : 0);
  return {
    paymentPolicy: null,
    id,
    version: 1,
    name: data.name as string,
    subtitle: data.subtitle ?? null,
    comment: data.comment ?? null,
    description: data.description ?? null,
    webSlug: data.web_slug,
    tagSeason: data.tag_season ?? null,
    tagKeywords: data.tagKeywords ?? null,
    highlights: data.highlights ?? null,
    includedServices: data.included_services ?? null,
    notIncludedServices: data.not_included_services ?? null,
    includedServicesWeb: data.included_services_web ?? null,
    thumbnail: data.thumbnail ?? null,
    banner: data.banner ?? null,
    bookable: flag(data.bookable, true),
    privateTourBase: flag(data.privateTourBase, data.tour_type === 'Private'),
    expertOpinionTitle: data.expertOpinionTitle ?? null,
    expertOpinion: data.expertOpinion ?? null,
    expertOpinionAvatar: data.expertOpinionAvatar ?? null,
    tourType: data.tour_type as TourRow['tourType'],
    offerValidity: data.offerValidity ?? null,
    seatsInThisFare: data.seatsInThisFare ?? null,
    exclusiveTrip: flag(data.exclusiveTrip, false),
    stops: data.stops ?? null,
    rate: data.rate ?? null,
    sortTour: data.sortTour ?? 0,
    metaTitle: data.metaTitle ?? null,
    metaDescription: data.metaDescription ?? null,
    metaKeyword: data.metaKeyword ?? null,
    publishWeb: flag(data.publish_web, true),
    status: data.status ?? 'ACTIVE',
    includedTripPhoto: data.includedTripPhoto ?? null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

function addItinerary(
  add: <T extends keyof RowSets>(table: T, row: Row<T>) => void,
  {
    tourId,
    itineraryId,
    name,
    days,
    insertHeader,
  }: {
    tourId: string;
    itineraryId: string;
    name: string;
    days: readonly { title: string; description?: string | null; city?: string | null }[];
    insertHeader: boolean;
  },
) {
  if (insertHeader) add('itineraries', { id: itineraryId, tourId, name, status: 'ACTIVE' });
  days.forEach((day, i) => {
    add('itineraryDays', { id: randomUUID(), itineraryId, rank: i + 1, title: day.title, description: day.description ?? null, city: day.city ?? null });
  });
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
