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
