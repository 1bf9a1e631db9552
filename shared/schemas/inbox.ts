/**
 * The office's inbox (issue 33): the customers' questions (ContactTour) at /admin/consultas, their thread of
 * replies, and the presses on one — reply (mailed through the outbox), assign, close or open again. The desk
 * and `/api/admin/inbox` check input with these schemas.
 */
import { z } from 'zod';

export const INBOX_PAGE_SIZE = 50;
export const INBOX_SORTS = ['createdAt'] as const;
export const INBOX_STATUSES = ['NEW', 'ANSWERED', 'CLOSED'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Readonly<Record<InboxStatus, string>> = { NEW: 'Sin responder', ANSWERED: 'Respondida', CLOSED: 'Cerrada' };

export const INBOX_MESSAGES = {
  reply: 'Escribe la respuesta (de 2 a 5.000 caracteres).',
  replied: 'Respuesta enviada: va por correo al cliente y queda en la conversación.',
  assigned: 'Consulta asignada.',
  unassigned: 'La consulta ya no tiene a nadie asignado.',
  closed: 'Consulta cerrada.',
  reopened: 'Consulta abierta de nuevo.',
  assignee: 'Elige a alguien del equipo.',
  notFound: 'No encontramos esa consulta.',
} as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Escribe la fecha como AAAA-MM-DD.');
const RequestId = z.string().trim().min(8).max(100);

export const InboxQuerySchema = z
  .strictObject({
    /** Part of the customer's name, e-mail, phone or question. */
    q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100).optional()),
    status: z.preprocess(blankToUndefined, z.enum(INBOX_STATUSES, { error: 'Elige un estado.' }).optional()),
    tourId: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional()),
    from: z.preprocess(blankToUndefined, Day.optional()),
    to: z.preprocess(blankToUndefined, Day.optional()),
    sort: z.preprocess(blankToUndefined, z.enum(INBOX_SORTS).default('createdAt')),
    dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'La fecha final no puede ser anterior a la inicial.' });
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export interface InboxRow {
  id: string;
  createdAt: string;
  status: InboxStatus;
  name: string;
  email: string;
  phone: string | null;
  tourId: string | null;
  tourName: string | null;
  /** The departure the question is about (chosen on the tour page), its first day 'YYYY-MM-DD'. */
  periodId: string | null;
  dayOne: string | null;
  /** The question's first words. */
  excerpt: string;
  assignedTo: string | null;
  replies: number;
}

export interface InboxAnswer {
  rows: InboxRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface InboxMessage {
  author: 'STAFF' | 'TRAVELLER';
  authorEmail: string;
  body: string;
  createdAt: string;
  /** The reply's mail: whether it has gone. */
  mailStatus: 'PENDING' | 'SENT' | 'FAILED' | null;
}

export interface InboxDetail extends InboxRow {
  question: string;
  surname: string | null;
  travelerId: string | null;
  messages: InboxMessage[];
  /** The staff it may be assigned to. */
  staff: { email: string; name: string }[];
}

export const ReplySchema = z.strictObject({
  requestId: RequestId,
  body: z.string({ error: INBOX_MESSAGES.reply }).trim().min(2, INBOX_MESSAGES.reply).max(5000, INBOX_MESSAGES.reply),
});
export const AssignSchema = z.strictObject({
  requestId: RequestId,
  assignedTo: z.preprocess((value) => (value === '' ? null : value), z.string().trim().max(200).nullable()),
});
export const StatusSchema = z.strictObject({ requestId: RequestId, status: z.enum(['NEW', 'CLOSED']) });

/** A traveller's own question, as `/perfil` lists it. */
export interface MyQuestion {
  id: string;
  createdAt: string;
  status: InboxStatus;
  tourName: string | null;
  question: string;
  replies: { body: string; createdAt: string }[];
}
