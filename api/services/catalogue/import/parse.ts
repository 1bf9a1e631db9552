/**
 * Reading an import file into rows: a JSON file's tours (each departure its own row), or a CSV's lines
 * (a departure per line, or a tour's prices on a line without `day_one`). Each row is checked against the
 * shared schemas here; what is wrong with one row becomes its reasons and never stops the others. Only a
 * file that cannot be read at all (not JSON, no header) is refused as a whole.
 */
import type { z } from 'zod';
import {
  IMPORT_CSV_COLUMNS,
  IMPORT_MESSAGES,
  type ImportCsvColumn,
  type ImportPeriod,
  ImportPeriodSchema,
  type ImportPrice,
  type ImportTour,
  ImportTourSchema,
} from '#shared/schemas/admin-importer.ts';
import { invalidFields } from '../../../errors.ts';

export interface TourInput {
  row: string;
  slug: string;
  data: ImportTour | null;
  reasons: string[];
}

export interface PeriodInput {
  row: string;
  slug: string;
  data: ImportPeriod | null;
  reasons: string[];
  /** The row of the tour it came with (JSON); a refused tour refuses its departures. */
  tourRow: string | null;
}

export interface TourPricesInput {
  row: string;
  slug: string;
  prices: ImportPrice[];
  reasons: string[];
}

export interface ParsedFile {
  format: 'json' | 'csv';
  tours: TourInput[];
  periods: PeriodInput[];
  tourPrices: TourPricesInput[];
}

const fileError = (message: string) => invalidFields({ file: message }, message);

/** Zod's issues as reasons a person reads: «campo»: qué le pasa. */
function reasonsOf(error: z.core.$ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') return `Campo desconocido: ${issue.keys.map((k) => `«${prefix}${k}»`).join(', ')}.`;
    return path ? `«${prefix}${path}»: ${issue.message}` : issue.message;
  });
}

const slugOf = (value: unknown): string => {
  const raw = (value as { web_slug?: unknown } | null)?.web_slug;
  return typeof raw === 'string' && raw.trim() ? raw.trim() : '(sin web_slug)';
};

export function parseImportFile({ name, text }: { name: string; text: string }): ParsedFile {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (name.toLowerCase().endsWith('.json') || trimmed.startsWith('{') || trimmed.startsWith('[')) return parseJson(trimmed);
  if (name.toLowerCase().endsWith('.csv')) return parseCsvFile(trimmed);
  throw fileError(IMPORT_MESSAGES.unknownFormat);
}

function parseJson(text: string): ParsedFile {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw fileError(IMPORT_MESSAGES.badJson);
  }
  const list = (document as { tours?: unknown } | null)?.tours;
  if (!Array.isArray(list)) throw fileError(IMPORT_MESSAGES.noTours);
  const parsed: ParsedFile = { format: 'json', tours: [], periods: [], tourPrices: [] };
  list.forEach((raw, index) => {
    const row = `Tour ${index + 1}`;
    const slug = slugOf(raw);
    const checked = ImportTourSchema.safeParse(raw);
    parsed.tours.push(checked.success ? { row, slug, data: checked.data, reasons: [] } : { row, slug, data: null, reasons: reasonsOf(checked.error) });
    const periods = (raw as { periods?: unknown } | null)?.periods;
    if (!Array.isArray(periods)) return;
    periods.forEach((rawPeriod, p) => {
      const periodRow = `${row}, salida ${p + 1}`;
      const period = ImportPeriodSchema.safeParse(rawPeriod);
      parsed.periods.push(
        period.success
          ? { row: periodRow, slug, data: period.data, reasons: [], tourRow: row }
          : { row: periodRow, slug, data: null, reasons: reasonsOf(period.error), tourRow: row },
      );
    });
  });
  return parsed;
}

/** RFC 4180: fields split by commas, quoted with double quotes (a doubled quote inside), CRLF or LF lines. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let field = '';
  let line: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      line.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || line.length > 0) {
    line.push(field);
    lines.push(line);
  }
  return lines.filter((l) => l.some((cell) => cell.trim() !== ''));
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, si: true, sí: true, no: false };
/** A cell as the schema expects it; a cell that is not a number or a yes/no stays text, so the schema names it. */
const asNumber = (cell: string): number | string => (/^-?\d+([.,]\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : cell);
const asBoolean = (cell: string): boolean | string => BOOLEANS[cell.toLowerCase()] ?? cell;
const NUMBER_COLUMNS = new Set<ImportCsvColumn>(['number_of_days', 'bookable_availability', 'capacity']);
const BOOLEAN_COLUMNS = new Set<ImportCsvColumn>(['web_bookable', 'publish_web']);
const PRICE_COLUMNS: Partial<Record<ImportCsvColumn, string>> = { price_adultos: 'Adultos', price_ninos: 'Niños' };

function parseCsvFile(text: string): ParsedFile {
  const [header, ...lines] = parseCsv(text);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!columns.includes('web_slug')) throw fileError(IMPORT_MESSAGES.badCsv);
  const unknown = columns.filter((c) => !(IMPORT_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) throw fileError(`Columnas desconocidas: ${unknown.map((c) => `«${c}»`).join(', ')}. Admitidas: ${IMPORT_CSV_COLUMNS.join(', ')}.`);
  const parsed: ParsedFile = { format: 'csv', tours: [], periods: [], tourPrices: [] };
  lines.forEach((cells, index) => {
    const row = `Línea ${index + 2}`;
    const values = new Map<ImportCsvColumn, string>();
    columns.forEach((column, i) => {
      const cell = (cells[i] ?? '').trim();
      // An empty cell says nothing: the field stays as it is.
      if (cell !== '') values.set(column as ImportCsvColumn, cell);
    });
    const slug = values.get('web_slug') ?? '(sin web_slug)';
    const prices: ImportPrice[] = [];
    const reasons: string[] = [];
    for (const [column, ageGroup] of Object.entries(PRICE_COLUMNS)) {
      const cell = values.get(column as ImportCsvColumn);
      if (cell === undefined) continue;
      const value = asNumber(cell);
      if (typeof value !== 'number') reasons.push(`«${column}»: El precio debe ser un número.`);
      else if (value < 0) reasons.push(`«${column}»: El precio no puede ser negativo.`);
      else prices.push({ age_group_name: ageGroup, value });
    }
    if (!values.has('web_slug')) reasons.push('«web_slug»: Falta la dirección web del tour.');
    if (!values.has('day_one')) {
      const others = [...values.keys()].filter((c) => c !== 'web_slug' && !(c in PRICE_COLUMNS));
      if (others.length) reasons.push(`Sin «day_one» la línea solo puede dar los precios del tour (sobra ${others.map((c) => `«${c}»`).join(', ')}).`);
      if (prices.length === 0 && reasons.length === 0) reasons.push('La línea no dice nada: indica «day_one» o algún precio.');
      parsed.tourPrices.push({ row, slug, prices, reasons });
      return;
    }
    const candidate: Record<string, unknown> = {};
    for (const [column, cell] of values) {
      if (column === 'web_slug' || column in PRICE_COLUMNS) continue;
      candidate[column] = NUMBER_COLUMNS.has(column) ? asNumber(cell) : BOOLEAN_COLUMNS.has(column) ? asBoolean(cell) : cell;
    }
    if (prices.length) candidate.prices = prices;
    const checked = ImportPeriodSchema.safeParse(candidate);
    if (!checked.success) reasons.push(...reasonsOf(checked.error));
    parsed.periods.push({ row, slug, data: reasons.length === 0 && checked.success ? checked.data : null, reasons, tourRow: null });
  });
  return parsed;
}
