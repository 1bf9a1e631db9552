/**
 * The booking page's further staff actions (issue 12; cms-and-backoffice.md §7: documentation send,
 * reservation bond, budget, payment reminders, compensation, optional activity, tk-upload) and the period
 * notifications of the bookings desk. Shared by the island and `/api/admin/*`.
 */
import { z } from 'zod';
import { BOOKING_MAIL_LABELS, type BookingDocumentKind, type BookingMail } from './labels.ts';
import { ReservationFieldsSchema } from './bookings.ts';

const RequestId = z.string().trim().min(8).max(100);
const Id = z.string().trim().min(1).max(100);

export const BOOKING_MAILS = Object.keys(BOOKING_MAIL_LABELS) as BookingMail[];

export const BOOKING_DESK_MESSAGES = {
  noAddress: 'Esta reserva no tiene un correo electrónico al que escribir. Edita los datos del titular.',
  voucherNotConfirmed: 'El bono solo se envía de reservas confirmadas.',
  nothingDue: 'Esta reserva no tiene nada pendiente de pago.',
  notBudget: 'Esta reserva no se guardó como presupuesto.',
  canceled: 'La reserva está cancelada.',
  departed: 'La salida ya ha pasado.',
  percent: 'Escribe un porcentaje entero entre 1 y 100.',
  noBookings: 'Elige al menos una reserva.',
  notInPeriod: 'Alguna de las reservas elegidas no es de esta salida.',
  points: 'Escribe un número entero de puntos entre 1 y 100.000.',
  reason: 'Escribe el motivo.',
  activity: 'Elige una actividad de esta salida.',
  travellers: 'Elige al menos un viajero.',
  alreadyChosen: 'Ese viajero ya tiene esa actividad.',
  traveller: 'Ese viajero no pertenece a esta reserva.',
  file: 'Elige un archivo PDF, JPG o PNG de hasta 10 MB.',
  fileMissing: 'Ese documento no existe.',
} as const;

/** `POST /api/admin/bookings/:id/mails`: one press of 'Enviar' for one of the booking's mails. */
export const BookingMailSchema = z.strictObject({
  requestId: RequestId,
  mail: z.enum(BOOKING_MAILS, { error: 'Ese correo no existe.' }),
});
export type BookingMailRequest = z.infer<typeof BookingMailSchema>;

/** What the period notifications send: the documentation (with or without tickets), or a payment reminder. */
export const PERIOD_NOTICE_LABELS = {
  documentation: 'Documentación del viaje',
  'documentation-eticket': 'Documentación con billetes',
  'payment-reminder': 'Recordatorio de pago',
} as const;
export type PeriodNotice = keyof typeof PERIOD_NOTICE_LABELS;

/**
 * `POST /api/admin/periods/:id/notifications`. A payment reminder at `percent` goes to the bookings that
 * have paid less than that share of their price, asking for what reaches it; without `bookingIds` the
 * notice goes to every confirmed or transfer-waiting booking of the departure.
 */
export const PeriodNoticeSchema = z
  .strictObject({
    requestId: RequestId,
    notice: z.enum(Object.keys(PERIOD_NOTICE_LABELS) as PeriodNotice[], { error: 'Ese aviso no existe.' }),
    percent: z.coerce
      .number({ error: BOOKING_DESK_MESSAGES.percent })
      .int(BOOKING_DESK_MESSAGES.percent)
      .min(1, BOOKING_DESK_MESSAGES.percent)
      .max(100, BOOKING_DESK_MESSAGES.percent)
      .optional(),
    bookingIds: z.array(Id).min(1, BOOKING_DESK_MESSAGES.noBookings).max(1000).optional(),
  })
  .refine((n) => n.notice !== 'payment-reminder' || n.percent !== undefined, { message: BOOKING_DESK_MESSAGES.percent, path: ['percent'] });
export type PeriodNoticeRequest = z.infer<typeof PeriodNoticeSchema>;

export interface PeriodNoticeAnswer {
  /** Bookings a mail was queued for, and those skipped with why (no address, nothing due…). */
  sent: number;
  skipped: { bookingId: string; reference: string; why: string }[];
  applied: boolean;
}

/** `POST /api/admin/bookings/:id/traveller`: staff correct one traveller's data; `expectedUpdatedAt` is what they saw. */
export const TravellerEditSchema = z.strictObject({
  requestId: RequestId,
  expectedUpdatedAt: z.string().min(1).max(40),
  travellerId: Id,
  fields: ReservationFieldsSchema,
});
export type TravellerEditRequest = z.infer<typeof TravellerEditSchema>;

/** `POST /api/admin/bookings/:id/activity`: an optional activity added after booking, for some travellers. */
export const AddActivitySchema = z.strictObject({
  requestId: RequestId,
  expectedUpdatedAt: z.string().min(1).max(40),
  activityId: z.string({ error: BOOKING_DESK_MESSAGES.activity }).trim().min(1, BOOKING_DESK_MESSAGES.activity).max(100),
  travellerIds: z.array(Id).min(1, BOOKING_DESK_MESSAGES.travellers).max(50),
});
export type AddActivityRequest = z.infer<typeof AddActivitySchema>;

/** `POST /api/admin/bookings/:id/compensation`: points credited to the booking's traveller, with why. */
export const CompensationSchema = z.strictObject({
  requestId: RequestId,
  points: z.coerce
    .number({ error: BOOKING_DESK_MESSAGES.points })
    .int(BOOKING_DESK_MESSAGES.points)
    .min(1, BOOKING_DESK_MESSAGES.points)
    .max(100_000, BOOKING_DESK_MESSAGES.points),
  reason: z.string().trim().min(1, BOOKING_DESK_MESSAGES.reason).max(1000),
});
export type CompensationRequest = z.infer<typeof CompensationSchema>;

/** The documents staff upload for a booking (tk-upload): tickets and papers the traveller needs. */
export const BOOKING_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export interface BookingDocumentView {
  key: string;
  name: string;
  kind: BookingDocumentKind;
  bytes: number;
  uploadedAt: string;
  uploadedBy: string;
}

/** What the booking's page needs to offer these actions: the departure's optional activities. */
export interface BookingActivityOption {
  activityId: string;
  name: string;
  left: number | null;
}

// ------------------------------------------------------------------------------------------------ budgets

/** `GET /api/admin/budgets`: saved budgets (bookings the visitor saved with a name and did not pay), newest change first. */
export const BudgetListQuerySchema = z.strictObject({
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100).optional(),
  ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type BudgetListQuery = z.infer<typeof BudgetListQuerySchema>;

export interface BudgetListRow {
  id: string;
  budgetName: string;
  differentId: string;
  leadName: string;
  email: string | null;
  tourName: string;
  periodId: string;
  dayOne: string;
  travellers: number;
  priceCents: number;
  updatedAt: string;
  /** Where the shop continues it: the funnel's customise step of this booking. */
  continuePath: string;
}
