/**
 * Balances collected (issue 31, docs/decisions/042): the bookings whose deadlines passed unpaid, at
 * /admin/cobros, and the presses on them: remind again, extend the deadline with a reason (cancelling is the
 * booking's own 'Cancelar'). The desk and `/api/admin/balances` check input with these schemas.
 */
import { z } from 'zod';
import type { BookingListRow } from './backoffice.ts';

export const OVERDUE_PAGE_SIZE = 50;
export const OVERDUE_SORTS = ['owedSince', 'dayOne'] as const;

export const BALANCE_MESSAGES = {
  reminded: 'Recordatorio enviado al titular.',
  extended: 'Plazo ampliado.',
  nothingOverdue: 'Esta reserva ya no tiene nada vencido.',
  noEmail: 'La reserva no tiene un correo del titular al que escribir.',
  date: 'Escribe la fecha como AAAA-MM-DD.',
  datePast: 'La nueva fecha no puede ser anterior a hoy.',
  dateNotLater: 'La nueva fecha tiene que ser posterior al plazo actual.',
  dateAfterDeparture: 'La nueva fecha tiene que ser anterior a la salida.',
  reason: 'Escribe el motivo (al menos 3 caracteres).',
} as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, BALANCE_MESSAGES.date);
const RequestId = z.string().trim().min(8).max(100);

export const OverdueQuerySchema = z.strictObject({
  /** Name, e-mail or phone of the lead traveller, or the booking's tkId or differentId. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100).optional()),
  retailerId: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(OVERDUE_SORTS).default('owedSince')),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('asc')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type OverdueQuery = z.infer<typeof OverdueQuerySchema>;

export interface OverdueRow extends BookingListRow {
  /** The earliest deadline still unpaid. */
  owedSince: string;
  /** What the passed deadlines still owe, with the insurance not paid yet. */
  overdueCents: number;
  /** Everything left to pay. */
  remainingCents: number;
  lastRemindedAt: string | null;
}

export interface OverdueAnswer {
  rows: OverdueRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const RemindSchema = z.strictObject({ requestId: RequestId });

/** 'Ampliar plazo': the earliest unpaid deadline moves to `date`, for a reason the log keeps. */
export const ExtendDeadlineSchema = z.strictObject({
  requestId: RequestId,
  date: Day,
  reason: z.string({ error: BALANCE_MESSAGES.reason }).trim().min(3, BALANCE_MESSAGES.reason).max(1000),
});
