/**
 * The catalogue importer's contract (/admin/importador, issue 14; DESIGN.md §3 "Catalogue source"): the
 * shape of one tour and one departure in an import file, in the spec's own field names
 * (storefront-and-booking.md §3 Tour, Period, Price), the CSV columns for departures and prices, and the
 * report a check or an import answers. Every field but the keys is optional: a field the file leaves out
 * is left as it is, and a row the file leaves out is never removed.
 */
import { z } from 'zod';
import { ENTITY_STATUSES, TOUR_TYPES } from '../enums.ts';

/** The largest file the screen and the API take (10,000 tours with their departures fit in it). */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;
/** Rows the screen's report lists; the counts always cover every row. */
export const IMPORT_REPORT_ROWS = 500;
export const PERIOD_SOURCES = ['WEBDR', 'TOP', 'DRCAMPAIGN', 'DRLASTSEATS'] as const;

export const IMPORT_MESSAGES = {
  missingFile: 'Elige un archivo JSON o CSV.',
  tooLarge: `El archivo pesa demasiado: el máximo es ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Divídelo en varios.`,
  badJson: 'El archivo no es un JSON válido.',
  noTours: 'El JSON debe tener una lista «tours».',
  badCsv: 'El CSV debe empezar por una línea con los nombres de las columnas, entre ellas «web_slug».',
  unknownFormat: 'El archivo debe ser JSON (.json) o CSV (.csv).',
  hasRefusals: 'El archivo tiene filas rechazadas: corrígelas y vuelve a comprobarlo. No se ha importado nada.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string) => ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const date = z.string().refine(isRealDate, 'Debe ser una fecha AAAA-MM-DD.');
const text = (max: number) => z.string().max(max, `Escribe como mucho ${max} caracteres.`);
const optionalText = (max: number) => text(max).nullable().optional();
const seats = z.number('Debe ser un número.').int('Debe ser un número entero.').min(0, 'No puede ser negativo.').max(100_000);
const slug = z
  .string('Falta la dirección web.')
  .trim()
  .min(1, 'Falta la dirección web.')
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Solo minúsculas sin acentos, números y guiones.');

/** A price of a tour or a departure: one per age group and category, in euros. */
export const ImportPriceSchema = z.strictObject({
  age_group_name: z.string('Falta el grupo de edad.').trim().min(1, 'Falta el grupo de edad.').max(50),
  category_name: z.string().trim().min(1).max(50).optional(),
  value: z.number('El precio debe ser un número.').min(0, 'El precio no puede ser negativo.').max(1_000_000, 'El precio es demasiado alto.'),
});
export type ImportPrice = z.infer<typeof ImportPriceSchema>;

/** One departure (storefront-and-booking.md §3 Period); found by `id`, or else by its tour and `day_one`. */
export const ImportPeriodSchema = z.strictObject({
  id: z.string().trim().min(1).max(100).optional(),
  day_one: date,
  return_date: date.optional(),
  name: text(300).optional(),
  trip_type: optionalText(50),
  tags: z.array(text(100)).max(20).optional(),
  number_of_days: z.number().int().min(1, 'Debe durar al menos un día.').max(365).optional(),
  /** Seats still on sale, as the shop keeps them. */
  bookable_availability: seats.optional(),
  /** All the departure's seats, sold ones included: the seats on sale become these minus those sold. */
  capacity: seats.optional(),
  web_bookable: z.boolean('Debe ser true o false.').optional(),
  publish_web: z.boolean('Debe ser true o false.').optional(),
  source: z
    .enum(PERIOD_SOURCES, `Debe ser ${PERIOD_SOURCES.join(', ')}.`)
    .nullable()
    .optional(),
  after_your_trip: optionalText(5000),
  before_you_travel: optionalText(5000),
  about_the_airport: optionalText(5000),
  country_info: optionalText(5000),
  emergency_numbers: optionalText(5000),
  prices: z.array(ImportPriceSchema).max(20).optional(),
});
export type ImportPeriod = z.infer<typeof ImportPeriodSchema>;

export const ImportItineraryDaySchema = z.strictObject({
  title: z.string('Falta el título del día.').trim().min(1, 'Falta el título del día.').max(300),
  description: optionalText(5000),
  city: optionalText(100),
});

/** One tour (storefront-and-booking.md §3 Tour), found by `web_slug`; its departures ride along in `periods`. */
export const ImportTourSchema = z.strictObject({
  web_slug: slug,
  name: text(300).trim().min(1, 'El nombre no puede quedar vacío.').optional(),
  subtitle: optionalText(500),
  comment: optionalText(2000),
  description: optionalText(20_000),
  tag_season: optionalText(200),
  tagKeywords: optionalText(500),
  highlights: optionalText(20_000),
  included_services: optionalText(20_000),
  not_included_services: optionalText(20_000),
  included_services_web: optionalText(20_000),
  thumbnail: optionalText(300),
  banner: optionalText(300),
  bookable: z.boolean('Debe ser true o false.').optional(),
  privateTourBase: z.boolean('Debe ser true o false.').optional(),
  expertOpinionTitle: optionalText(300),
  expertOpinion: optionalText(5000),
  expertOpinionAvatar: optionalText(300),
  tour_type: z.enum(TOUR_TYPES, `Debe ser ${TOUR_TYPES.join(', ')}.`).optional(),
  offerValidity: optionalText(500),
  seatsInThisFare: seats.nullable().optional(),
  exclusiveTrip: z.boolean('Debe ser true o false.').optional(),
  stops: optionalText(2000),
  rate: z.number().min(0).max(5, 'Debe estar entre 0 y 5.').nullable().optional(),
  sortTour: z.number().int().min(0).max(1_000_000).optional(),
  metaTitle: optionalText(300),
  metaDescription: optionalText(500),
  metaKeyword: optionalText(500),
  publish_web: z.boolean('Debe ser true o false.').optional(),
  status: z.enum(ENTITY_STATUSES, `Debe ser ${ENTITY_STATUSES.join(', ')}.`).optional(),
  includedTripPhoto: optionalText(300),
  /** Destination slugs, the first one the main; replaces the tour's list. */
  destinations: z.array(z.string().trim().min(1).max(100)).min(1, 'Indica al menos un destino.').max(20).optional(),
  /** Parent region slugs; replaces the tour's list. A new tour without it takes its destinations' regions. */
  parentRegions: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  itinerary: z
    .strictObject({ name: text(300).trim().min(1).optional(), days: z.array(ImportItineraryDaySchema).min(1, 'Indica al menos un día.').max(120) })
    .optional(),
  prices: z.array(ImportPriceSchema).max(20).optional(),
  /** Checked one by one, each departure a row of the report of its own. */
  periods: z.array(z.unknown()).max(500).optional(),
});
export type ImportTour = z.infer<typeof ImportTourSchema>;

/** The CSV's columns: one departure per line, or a tour's own prices on a line with `day_one` empty. */
export const IMPORT_CSV_COLUMNS = [
  'web_slug',
  'id',
  'day_one',
  'return_date',
  'name',
  'trip_type',
  'number_of_days',
  'bookable_availability',
  'capacity',
  'web_bookable',
  'publish_web',
  'source',
  'price_adultos',
  'price_ninos',
] as const;
export type ImportCsvColumn = (typeof IMPORT_CSV_COLUMNS)[number];

export const IMPORT_OUTCOMES = ['refused', 'created', 'changed', 'unchanged'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
type Scalar = string | number | boolean | null;

export interface ImportFieldChange {
  field: string;
  before: Scalar;
  after: Scalar;
}

export interface ImportRowReport {
  /** Where the row is in the file: 'Tour 3', 'Tour 3, salida 2', 'Línea 5'. */
  row: string;
  kind: 'tour' | 'period' | 'prices';
  /** The row's key: the tour's web address, the departure's tour and date. */
  key: string;
  outcome: ImportOutcome;
  changes: ImportFieldChange[];
  reasons: string[];
}

export interface ImportCounts {
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
}

export interface ImportReport {
  format: 'json' | 'csv';
  counts: ImportCounts;
  /** Refused rows first, then created, changed and unchanged; at most IMPORT_REPORT_ROWS. */
  rows: ImportRowReport[];
  totalRows: number;
}

export interface ImportAnswer {
  report: ImportReport;
  /** Whether this press wrote the file's changes (false for a check, refusals, nothing to change, a replay). */
  applied: boolean;
}

/** 'Importar': the file again with one id per press, so a double click or a retry imports once. */
export const ImportApplySchema = z.strictObject({ requestId: z.string().trim().min(8).max(100) });
