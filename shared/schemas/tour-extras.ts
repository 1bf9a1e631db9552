/**
 * A tour's extras (storefront-and-booking.md §9: "plus an extra per traveler or per booking"), as the tour
 * editor sends and reads them (`/api/admin/tours/{id}/extras`).
 */
import { z } from 'zod';
import { EXTRA_BASES } from '../enums.ts';
import { EXTRA_MESSAGES, MAX_PRICE_CENTS, TOUR_EDITOR_MESSAGES } from './tour-editor-texts.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const requestId = z.string().trim().min(8).max(100);

/**
 * A tour's extra (storefront-and-booking.md §9: "plus an extra per traveler or per booking"): a named
 * amount the funnel offers while it is offered (`active`).
 */
export const ExtraInputSchema = z.strictObject({
  name: z.string(EXTRA_MESSAGES.name).trim().min(1, EXTRA_MESSAGES.name).max(100, TOUR_EDITOR_MESSAGES.tooLong(100)),
  description: z.preprocess(blankToNull, z.string().trim().max(300, TOUR_EDITOR_MESSAGES.tooLong(300)).nullable()),
  amountCents: z.number(EXTRA_MESSAGES.amount).int(EXTRA_MESSAGES.amount).min(0, EXTRA_MESSAGES.amount).max(MAX_PRICE_CENTS, EXTRA_MESSAGES.amount),
  basis: z.enum(EXTRA_BASES, EXTRA_MESSAGES.basis),
  active: z.boolean().default(true),
});
export type ExtraInput = z.output<typeof ExtraInputSchema>;
export const ExtraSaveSchema = z.strictObject({ requestId, extra: ExtraInputSchema });
/** 'Retirar' / 'Volver a ofrecer' on an extra. */
export const ExtraOfferSchema = z.strictObject({ requestId, active: z.boolean() });

/** An extra as the tour editor lists it. */
export type TourEditorExtra = Omit<ExtraInput, 'description'> & { id: string; description: string | null; bookings: number };
