/**
 * Payments staff record (issue 31, docs/decisions/042): money that did not go through the card terminal — a
 * bank transfer for any deadline, cash or card at the office, an agency's settlement. The booking page's form
 * and `POST /api/admin/bookings/{id}/payments` check it with this one schema.
 */
import { z } from 'zod';
import { parseEurosInput } from '../rules/money.ts';

export const RECORDED_METHODS = ['transfer', 'cash', 'office-card', 'agency'] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

export const RECORDED_METHOD_LABELS: Readonly<Record<RecordedMethod, string>> = {
  transfer: 'Transferencia bancaria',
  cash: 'Efectivo en la oficina',
  'office-card': 'Tarjeta en la oficina',
  agency: 'Liquidación de la agencia',
};

export const RECORDED_PAYMENT_MESSAGES = {
  method: 'Elige cómo se ha pagado.',
  amount: 'Escribe el importe en euros, por ejemplo 120 o 120,50.',
  paidOn: 'Escribe la fecha del pago como AAAA-MM-DD.',
  future: 'La fecha del pago no puede ser posterior a hoy.',
  reference: 'Escribe la referencia de la transferencia o de la liquidación.',
  tooMuch: (left: string) => `El importe es mayor que lo que queda por pagar (${left}).`,
  paidUp: 'Esta reserva ya está pagada del todo.',
  duplicate: 'Ya hay un pago registrado con esa referencia en esta reserva.',
  notConfirmed: 'Solo se registran pagos de reservas confirmadas. Si espera su primera transferencia, usa «Transferencia recibida».',
  pendingTransfer: 'Esta reserva tiene una transferencia pendiente: confírmala con «Transferencia recibida» en lugar de registrar otra.',
  cardUnderWay: 'Hay un pago con tarjeta en curso en esta reserva. Espera unos minutos a que termine antes de registrar otro.',
  recorded: 'Pago registrado. El titular recibe el justificante por correo.',
} as const;

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
