/**
 * What a saved budget tells its traveller when they come back to it (issue 13: "resume the booking where
 * it was, with a fresh price and a clear message if the price or seats changed"). Pure: the API prices the
 * same choices now with the shop's quote and counts the seats; this decides what to say.
 */
import { formatEuros } from './money.ts';
import { type SeatResourceType, seatShortage } from './seats.ts';

export type BudgetNoticeKind = 'not-on-sale' | 'seats' | 'price-up' | 'price-down';

export interface BudgetNotice {
  kind: BudgetNoticeKind;
  message: string;
}

export const BUDGET_NOT_ON_SALE_MESSAGE = 'Esta salida ya no está a la venta. Mira las otras fechas del viaje.';

/**
 * The notices of one budget, most important first: a departure no longer sold (nothing else matters then),
 * the first option short of seats (named, as the pay step would name it), then a price that moved.
 *
 * @example budgetNotices({ onSale: true, savedCents: 100_000, currentCents: 110_000, shortage: null })
 * // [{ kind: 'price-up', message: 'El precio ha subido: lo guardaste por 1.000 € y hoy cuesta 1.100 €.' }]
 */
export function budgetNotices({
  onSale,
  savedCents,
  currentCents,
  shortage,
}: {
  onSale: boolean;
  savedCents: number;
  currentCents: number | null;
  /** The first seat resource the booking needs more of than is left, with its name; null when all fit. */
  shortage: { resourceType: SeatResourceType; name: string | null } | null;
}): BudgetNotice[] {
  if (!onSale || currentCents === null) return [{ kind: 'not-on-sale', message: BUDGET_NOT_ON_SALE_MESSAGE }];
  const notices: BudgetNotice[] = [];
  if (shortage) notices.push({ kind: 'seats', message: seatShortage(shortage).message });
  const was = formatEuros(savedCents);
  const now = formatEuros(currentCents);
  if (currentCents > savedCents) notices.push({ kind: 'price-up', message: `El precio ha subido: lo guardaste por ${was} y hoy cuesta ${now}.` });
  if (currentCents < savedCents) notices.push({ kind: 'price-down', message: `El precio ha bajado: lo guardaste por ${was} y hoy cuesta ${now}.` });
  return notices;
}
