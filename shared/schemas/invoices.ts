/**
 * Invoices (issue 32, docs/decisions/043) as the office reads them at /admin/facturas: the list's query and rows,
 * and the states of their VERI*FACTU records. The desk and `/api/admin/invoices` check input with these schemas.
 */
import { z } from 'zod';
import type { RecordStatus } from './labels.ts';

export const INVOICE_PAGE_SIZE = 50;
export const INVOICE_SORTS = ['issuedAt'] as const;

export const INVOICE_MESSAGES = {
  voided: 'Factura anulada: su registro de anulación va a la AEAT.',
  voidReason: 'Escribe por qué se anula (al menos 3 caracteres).',
  alreadyVoided: 'Esa factura ya está anulada.',
  month: 'Elige el mes como AAAA-MM.',
  corrected: 'Registro de subsanación generado: va a la AEAT en el próximo envío.',
  nothingToCorrect: 'El último registro de esta factura no tiene errores que subsanar.',
  taxId: 'Escribe el documento como lo tiene el destinatario (de 5 a 20 letras y números), o déjalo vacío.',
  notConfigured: 'No se emiten facturas: faltan los datos de la empresa emisora (INVOICE_ISSUER_NAME, INVOICE_ISSUER_NIF, INVOICE_ISSUER_ADDRESS).',
} as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, INVOICE_MESSAGES.month);

export const InvoiceListQuerySchema = z.strictObject({
  /** Part of the invoice's number, the recipient's name or document, or the booking's reference. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100).optional()),
  month: z.preprocess(blankToUndefined, Month.optional()),
  kind: z.preprocess(blankToUndefined, z.enum(['F1', 'R1'], { error: 'Elige un tipo de factura.' }).optional()),
  record: z.preprocess(blankToUndefined, z.enum(['PENDING', 'ACCEPTED', 'ACCEPTED_WITH_ERRORS', 'REJECTED'], { error: 'Elige un estado.' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(INVOICE_SORTS).default('issuedAt')),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export interface InvoiceRow {
  id: string;
  invoiceNumber: string;
  invoiceType: 'F1' | 'R1';
  issueDate: string;
  recipientName: string;
  recipientTaxId: string | null;
  totalCents: number;
  status: 'ISSUED' | 'VOIDED';
  bookingId: string;
  bookingReference: string;
  /** The state of its registration record at the AEAT, with the AEAT's words when it has any. */
  record: { status: RecordStatus; code: string | null; message: string | null } | null;
}

export interface InvoiceListAnswer {
  rows: InvoiceRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Whether invoices are issued at all, and the chain's state as `verify` finds it. */
  issuing: boolean;
  chain: { records: number; pending: number; rejected: number; broken: string | null };
}

export const MonthQuerySchema = z.strictObject({ month: Month });
export const VoidInvoiceSchema = z.strictObject({
  requestId: z.string().trim().min(8).max(100),
  reason: z.string({ error: INVOICE_MESSAGES.voidReason }).trim().min(3, INVOICE_MESSAGES.voidReason).max(500),
});

/** 'Subsanar': a new record for an invoice the AEAT refused or registered with errors, with the recipient's document corrected if that was it. */
export const CorrectRecordSchema = z.strictObject({
  requestId: z.string().trim().min(8).max(100),
  recipientTaxId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{5,20}$/, INVOICE_MESSAGES.taxId)
      .nullable()
      .optional(),
  ),
});
