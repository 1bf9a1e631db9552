/** Money in integer euro cents: rounding to whole euros and Spanish display. */
import { CENTS_PER_EURO, CURRENCY_SYMBOL } from '../constants.ts';

/**
 * Rounds an amount up to whole euros: "Amounts are rounded up."
 *
 * @example roundUpToEuro(10001) // 10100
 */
export function roundUpToEuro(cents: number): number {
  const rounded = Math.ceil(cents / CENTS_PER_EURO) * CENTS_PER_EURO;
  // Math.ceil(-0.5) is -0; callers compare with === and tests with Object.is.
  return rounded === 0 ? 0 : rounded;
}

/**
 * Formats cents for display: "Prices display with a dot as thousands separator", e.g. '1.290 €'.
 *
 * Thousands are always grouped, also with four digits (Intl's es-ES leaves '1290' ungrouped, which the spec
 * does not want). Decimals show only when the cents are not zero ('12,50 €').
 *
 * @example formatEuros(129000) // '1.290 €'
 */
export function formatEuros(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  const euros = Math.floor(absolute / CENTS_PER_EURO);
  const rest = absolute % CENTS_PER_EURO;
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimals = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${sign}${grouped}${decimals} ${CURRENCY_SYMBOL}`;
}

/** Converts a euro amount from an outside source (form input, ERP payload) to cents. */
export function convertEurosToCents(euros: number): number {
  // Rounding absorbs binary noise such as 12.3 * 100 = 1230.0000000000002.
  const cents = Math.round(euros * CENTS_PER_EURO);
  return cents === 0 ? 0 : cents;
}

/** Converts cents to euros for outside systems that want decimal euros. */
export function convertCentsToEuros(cents: number): number {
  return cents / CENTS_PER_EURO;
}

/** A share of an amount, rounded to the nearest cent (half up). */
export function computePercentOfCents({ cents, percent }: { cents: number; percent: number }): number {
  const share = Math.round((cents * percent) / 100);
  return share === 0 ? 0 : share;
}

/**
 * Cents as an amount field shows them to be edited: decimal comma, no thousands grouping (a grouped '1.200'
 * would be typed back as it is, and is read the same), decimals only when there are cents.
 *
 * @example formatEurosInput(15050) // '150,50'
 * @example formatEurosInput(120000) // '1200'
 */
export function formatEurosInput(cents: number): string {
  const whole = Math.round(cents);
  const text = (Math.abs(whole) / CENTS_PER_EURO).toFixed(2).replace('.', ',').replace(/,00$/, '');
  return whole < 0 ? `-${text}` : text;
}

/**
 * Euros as people type them ('120', '120,5', '1.200,50', '1200.50', '120 €') or as a JSON number, in
 * cents; null when it is not a non-negative amount with at most two decimals. The one reading of an amount
 * field: every form and schema that takes euros uses it.
 *
 * @example parseEurosInput('1.200,50') // 120050
 * @example parseEurosInput('12,345') // null
 */
export function parseEurosInput(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? convertEurosToCents(value) : null;
  const text = value.trim().replace(/\s|€/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(text)) return null;
  // A dot is a thousands separator where a comma follows or three digits end it ('1.200'), a decimal point otherwise.
  const normal = /,/.test(text) || /\.\d{3}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  return convertEurosToCents(Number(normal));
}
