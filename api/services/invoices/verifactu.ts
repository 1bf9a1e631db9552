/**
 * The VERI*FACTU rules the records follow (docs/decisions/043): how amounts, dates and the generation time are
 * written, the fingerprint ("huella") over the fields and order of the AEAT's specification, the QR's address,
 * and the REAV breakdown of an amount. Pure functions; the same text goes into the XML and the fingerprint.
 */
import { createHash } from 'node:crypto';
import { MADRID_WALL_CLOCK } from '#shared/rules/dates.ts';

/** An amount in cents as the record writes it: two decimals, a point, a minus for negatives, never a plus. */
export function recordAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`an amount in cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '2027-01-04' → '04-01-2027' (the records' and the QR's date). */
export function recordDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  if (!year || !month || !day) throw new Error(`not a date: ${isoDate}`);
  return `${day}-${month}-${year}`;
}

const MADRID = new Intl.DateTimeFormat('en-GB', { ...MADRID_WALL_CLOCK, second: '2-digit', timeZoneName: 'longOffset' });

/** The instant in Madrid with its offset, to the second: '2027-01-04T10:15:00+01:00' (the AEAT refuses fractions and '+0100'). */
export function madridTimestamp(at: Date): string {
  const parts = Object.fromEntries(MADRID.formatToParts(at).map((p) => [p.type, p.value]));
  const offset = (parts['timeZoneName'] ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}${offset}`;
}

/** Madrid's calendar day of an instant: the invoices' date of issue. */
export const madridDay = (at: Date): string => madridTimestamp(at).slice(0, 10);

export interface AltaFingerprintFields {
  issuerNif: string;
  invoiceNumber: string;
  /** DD-MM-YYYY */
  issueDate: string;
  invoiceType: string;
  taxTotal: string;
  amountTotal: string;
  /** The previous record's fingerprint; empty for the first record. */
  previous: string;
  generatedAt: string;
}

export interface AnulacionFingerprintFields {
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  previous: string;
  generatedAt: string;
}

const joined = (fields: readonly (readonly [string, string])[]) => fields.map(([name, value]) => `${name}=${value.trim()}`).join('&');

/** The text a registration record's fingerprint is computed over ([H] §3 a). */
export const altaFingerprintInput = (f: AltaFingerprintFields): string =>
  joined([
    ['IDEmisorFactura', f.issuerNif],
    ['NumSerieFactura', f.invoiceNumber],
    ['FechaExpedicionFactura', f.issueDate],
    ['TipoFactura', f.invoiceType],
    ['CuotaTotal', f.taxTotal],
    ['ImporteTotal', f.amountTotal],
    ['Huella', f.previous],
    ['FechaHoraHusoGenRegistro', f.generatedAt],
  ]);

/** The text a cancellation record's fingerprint is computed over ([H] §3 b: the invoice's fields are the '…Anulada' ones). */
export const anulacionFingerprintInput = (f: AnulacionFingerprintFields): string =>
  joined([
    ['IDEmisorFacturaAnulada', f.issuerNif],
    ['NumSerieFacturaAnulada', f.invoiceNumber],
    ['FechaExpedicionFacturaAnulada', f.issueDate],
    ['Huella', f.previous],
    ['FechaHoraHusoGenRegistro', f.generatedAt],
  ]);

/** SHA-256 of the text in UTF-8, upper-case hexadecimal (64 characters). */
export const fingerprintOf = (input: string): string => createHash('sha256').update(input, 'utf8').digest('hex').toUpperCase();

/**
 * The REAV breakdown of an amount (docs/decisions/043): the provisional margin (its share of the price, VAT
 * included), split into the base without VAT and the VAT at `ratePercent`. Signs follow the amount.
 *
 * @example reavBreakdown(100_000, { marginPercent: 15, ratePercent: 21 }) // { baseCents: 12_397, taxCents: 2_603 }
 */
export function reavBreakdown(totalCents: number, { marginPercent, ratePercent }: { marginPercent: number; ratePercent: number }) {
  const sign = totalCents < 0 ? -1 : 1;
  const margin = Math.round((Math.abs(totalCents) * marginPercent) / 100);
  const base = Math.round((margin * 100) / (100 + ratePercent));
  return { baseCents: sign * base, taxCents: sign * (margin - base) };
}

export const AEAT_QR_URL = {
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
} as const;

/** The QR's address ([Q] §5–6): the issuer, the invoice's number, its date and total, URL-encoded in UTF-8, in this order. */
export function qrAddress({
  base,
  issuerNif,
  invoiceNumber,
  issueDate,
  amountTotal,
}: {
  base: string;
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  amountTotal: string;
}): string {
  const query = [
    ['nif', issuerNif],
    ['numserie', invoiceNumber],
    ['fecha', issueDate],
    ['importe', amountTotal],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `${base}?${query}`;
}
