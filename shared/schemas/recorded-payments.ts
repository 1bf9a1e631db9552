/**
 * Payments staff record (issue 31, docs/decisions/042): money that did not go through the card terminal — a
 * bank transfer for any deadline, cash or card at the office, an agency's settlement. The booking page's form
 * and `POST /api/admin/bookings/{id}/payments` check it with this one schema.
 */
import { z } from 'zod';
import { RECORDED_METHODS, RECORDED_PAYMENT_MESSAGES } from './labels.ts';
import { parseEurosInput } from '../rules/money.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const RecordPaymentSchema = z
  .strictObject({
    requestId: z.string().trim().min(8).max(100),
    method: z.enum(RECORDED_METHODS, { error: RECORDED_PAYMENT_MESSAGES.method }),
    amount: z.union([z.number(), z.string()]).transform((value, ctx) => {
      const cents = parseEurosInput(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: RECORDED_PAYMENT_MESSAGES.amount });
        return z.NEVER;
      }
      return cents;
    }),
    paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, RECORDED_PAYMENT_MESSAGES.paidOn),
    reference: z.preprocess(blankToNull, z.string().trim().max(100).nullable().default(null)),
    note: z.preprocess(blankToNull, z.string().trim().max(1000).nullable().default(null)),
  })
  .refine((p) => p.reference !== null || (p.method !== 'transfer' && p.method !== 'agency'), {
    path: ['reference'],
    message: RECORDED_PAYMENT_MESSAGES.reference,
  });
export type RecordPaymentInput = z.output<typeof RecordPaymentSchema>;
