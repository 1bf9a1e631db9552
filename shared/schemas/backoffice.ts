/**
 * The back office's contract with `/api/admin/*` (cms-and-backoffice.md §2, §7; issue 12): the bookings
 * desk's filters, what a list and a booking's page show, and the staff actions on a booking. The island
 * and the server check input with these same schemas.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus, type ExtraBasis } from '../enums.ts';
import { parseEurosInput } from '../rules/money.ts';
import type { BookingDocumentView } from './booking-desk.ts';
import type { CampaignFigures, PageFigures } from './visits.ts';

export const BOOKING_ISSUE_LABELS = { 'failed-payment': 'Con un pago fallido', 'failed-mail': 'Con un correo sin enviar' } as const;

export const BOOKING_SORTS = ['createdAt', 'dayOne', 'price', 'status'] as const;
export const BOOKING_PAGE_SIZE = 50;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Escribe la fecha como AAAA-MM-DD.');
const Id = z.string().trim().min(1).max(100);
/** An empty field of the filter form means "any". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const BookingListQuerySchema = z.strictObject({
  status: z.preprocess(blankToUndefined, z.enum(BOOKING_STATUSES, { error: 'Ese estado no existe.' }).optional()),
  tourId: z.preprocess(blankToUndefined, Id.optional()),
  periodId: z.preprocess(blankToUndefined, Id.optional()),
  retailerId: z.preprocess(blankToUndefined, Id.optional()),
  departureFrom: z.preprocess(blankToUndefined, Day.optional()),
  departureTo: z.preprocess(blankToUndefined, Day.optional()),
  bookedFrom: z.preprocess(blankToUndefined, Day.optional()),
  bookedTo: z.preprocess(blankToUndefined, Day.optional()),
  /** Bookings with a payment that failed or a mail that could not be sent. */
  issue: z.preprocess(blankToUndefined, z.enum(['failed-payment', 'failed-mail']).optional()),
  /** Name, e-mail or phone of the lead traveller, or the booking's tkId or differentId. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(BOOKING_SORTS).default('createdAt')),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

export interface BookingListRow {
  id: string;
  tkId: string | null;
  differentId: string;
  status: BookingStatus;
  createdAt: string;
  tourId: string;
  tourName: string;
  periodId: string;
  dayOne: string;
  returnDate: string;
  leadName: string;
  email: string | null;
  phone: string | null;
  retailerId: string | null;
  retailerName: string | null;
  travellers: number;
  priceCents: number;
  paidCents: number;
}

export interface BookingFilterOptions {
  tours: { id: string; name: string }[];
  retailers: { id: string; name: string }[];
}

export interface BookingListAnswer {
  rows: BookingListRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StaffActionView {
  id: string;
  action: string;
  actorEmail: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface BookingDetail {
  booking: BookingListRow & {
    updatedAt: string;
    tkStatus: string;
    couponCode: string | null;
    quote: unknown;
    /** The schedule, each deadline with what is still owed of it (docs/decisions/042). */
    deadlines: { date: string; amountCents: number; owedCents: number }[];
    /** What staff uploaded for the traveller (tk-upload). */
    documents: BookingDocumentView[];
    /** Who a compensation in points goes to: the booking's traveller with an account, if any. */
    pointsHolder: { travelerId: string; points: number } | null;
    /** An agency's sale: the agency's own reference and the commission it keeps (docs/decisions/042). */
    retailerReference: string | null;
    retailerCommissionPercent: number | null;
    /** The tour extras chosen for the whole booking, at today's amounts. */
    extras: { id: string; name: string; amountCents: number; basis: ExtraBasis }[];
  };
  travellers: {
    id: string;
    ageGroup: string;
    lead: boolean;
    name: string;
    surname: string;
    email: string | null;
    document: string | null;
    /** Every reservation field as stored, for the edit form. */
    fields: Record<string, string>;
    /** The optional activities chosen: their `activityId` and name. */
    activities: { id: string; name: string }[];
  }[];
  payments: {
    id: string;
    orderNumber: string;
    method: string;
    amountCents: number;
    status: string;
    reviewReason: string | null;
    createdAt: string;
    confirmedAt: string | null;
    refundedCents: number;
    /** What can still be given back (0 for points and payments not taken): through the terminal, or recorded. */
    refundableCents: number;
    /** A payment staff recorded: its reference, the day the money came and who recorded it. */
    reference: string | null;
    paidOn: string | null;
    recordedBy: string | null;
  }[];
  transactions: { id: string; type: 'CREDIT' | 'DEBIT'; kind: string; amount: number; status: string; createdAt: string }[];
  /** Its invoices (docs/decisions/043), with their record's state at the AEAT. */
  invoices: {
    id: string;
    invoiceNumber: string;
    invoiceType: 'F1' | 'R1';
    issueDate: string;
    totalCents: number;
    status: string;
    recordStatus: string | null;
  }[];
  mails: { id: string; type: string; to: string; subject: string; status: string; attempts: number; createdAt: string; sentAt: string | null }[];
  statusChanges: { id: string; from: BookingStatus | null; to: BookingStatus; by: string | null; reason: string | null; createdAt: string }[];
  actions: StaffActionView[];
  /** The actions the booking's status allows now. */
  allowed: BookingAction[];
}

export const BOOKING_ACTIONS = ['confirm-transfer', 'approve-review', 'reject-review', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export const BOOKING_CHANGED_MESSAGE = 'La reserva ha cambiado mientras tanto. Recarga para ver su estado actual.';

/**
 * One press of an action button. `expectedStatus` is the status the staff member saw: a booking that
 * moved meanwhile (another staff member, a payment notification) is refused, not acted on blindly.
 */
export const BookingActionSchema = z.strictObject({
  requestId: z.string().trim().min(8).max(100),
  expectedStatus: z.enum(BOOKING_STATUSES),
  reason: z.string().trim().max(1000).optional(),
});
export type BookingActionRequest = z.infer<typeof BookingActionSchema>;

export interface DashboardFigure {
  label: string;
  value: number;
  /** Cents when the figure is money. */
  money?: boolean;
  /** The filtered list the figure comes from. */
  href: string;
}

export interface DashboardAnswer {
  figures: DashboardFigure[];
  departures: { periodId: string; tourName: string; dayOne: string; sold: number; capacity: number }[];
  /** Visits, bookings and money per campaign and source over the last 30 days. */
  campaigns: CampaignFigures[];
  /** The pages most seen by visitors who agreed to be counted, over the last 30 days. */
  pages: PageFigures[];
}

export const REFUND_AMOUNT_MESSAGE = 'Escribe el importe en euros, por ejemplo 120 o 120,50.';

/** One press of 'Devolver' on a payment: how much, and why. */
export const RefundSchema = z.strictObject({
  requestId: z.string().trim().min(8).max(100),
  paymentId: Id,
  amount: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const cents = parseEurosInput(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: REFUND_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return cents;
  }),
  reason: z.string().max(1000),
});

// ------------------------------------------------------------------------------------------------ coupons

export const COUPON_CONDITION_LABELS = {
  PER_TRAVELER: 'Por viajero',
  PER_BOOKING: 'Por reserva',
  PER_FOUR_TRAVELER: 'Por cada cuatro viajeros',
} as const;
export const COUPON_TYPE_LABELS = { percentage: 'Porcentaje', fixed: 'Importe fijo' } as const;
export const COUPON_STATUS_LABELS = { active: 'Activo', inactive: 'Inactivo' } as const;

export const COUPON_FORM_MESSAGES = {
  code: 'Escribe el código: letras y números, sin espacios (de 3 a 40).',
  duplicate: 'Ya hay un cupón con ese código.',
  value: 'Escribe el descuento: un porcentaje de 1 a 100, o un importe en euros.',
  uses: 'Indica cuántas veces se puede usar (0 o más).',
  dates: 'La fecha de fin no puede ser anterior a la de inicio.',
  used: 'Este cupón ya se ha usado en reservas: desactívalo en lugar de borrarlo.',
  advertised: 'Una oferta publicada anuncia este cupón: quítalo de la oferta antes de borrarlo.',
} as const;

const OptionalDay = z.preprocess(blankToUndefined, Day.nullable().default(null));
const OptionalId = z.preprocess(blankToUndefined, Id.nullable().default(null));

/** The coupon form, as staff fill it: the value is a percentage or euros, as the type says. */
export const CouponFormSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, COUPON_FORM_MESSAGES.code),
    type: z.enum(['percentage', 'fixed']),
    value: z.union([z.number(), z.string()]),
    couponCondition: z.enum(['PER_TRAVELER', 'PER_BOOKING', 'PER_FOUR_TRAVELER']),
    startDate: OptionalDay,
    endDate: OptionalDay,
    uses: z.coerce.number({ error: COUPON_FORM_MESSAGES.uses }).int(COUPON_FORM_MESSAGES.uses).min(0, COUPON_FORM_MESSAGES.uses).max(1_000_000),
    status: z.enum(['active', 'inactive']),
    tourId: OptionalId,
    tourType: z.preprocess(blankToUndefined, z.enum(['Group', 'FIT', 'Private']).nullable().default(null)),
    periodId: OptionalId,
    flightId: OptionalId,
  })
  .transform((form, ctx) => {
    // A percentage is kept as the whole percent, a fixed amount in cents (the Coupon entity's `value`).
    const value =
      form.type === 'percentage'
        ? /^\d{1,3}$/.test(String(form.value).trim()) && Number(form.value) >= 1 && Number(form.value) <= 100
          ? Number(form.value)
          : null
        : parseEurosInput(form.value);
    if (value === null || value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: COUPON_FORM_MESSAGES.value });
    if (form.startDate && form.endDate && form.endDate < form.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: COUPON_FORM_MESSAGES.dates });
    return { ...form, code: form.code.toUpperCase(), value: value ?? 0 };
  });
export type CouponForm = z.input<typeof CouponFormSchema>;

export const CouponCreateSchema = z.strictObject({ requestId: z.string().trim().min(8).max(100), coupon: CouponFormSchema });
export const CouponSaveSchema = z.strictObject({ version: z.number().int().positive(), coupon: CouponFormSchema });

export interface CouponView {
  id: string;
  code: string;
  type: 'percentage' | 'fixed';
  /** Whole percent, or cents. */
  value: number;
  couponCondition: keyof typeof COUPON_CONDITION_LABELS;
  startDate: string | null;
  endDate: string | null;
  uses: number;
  status: 'active' | 'inactive';
  tourId: string | null;
  tourName: string | null;
  tourType: 'Group' | 'FIT' | 'Private' | null;
  periodId: string | null;
  /** The departure the coupon is limited to, as staff know it. */
  period: { dayOne: string; tourName: string } | null;
  flightId: string | null;
  flightName: string | null;
  version: number;
  /** Bookings that carry the coupon (confirmed or not). */
  usedBy: { id: string; differentId: string; status: BookingStatus }[];
}

// ----------------------------------------------------------------------------------------------- manifest

export interface PeriodManifest {
  period: {
    id: string;
    tourId: string;
    tourName: string;
    dayOne: string;
    returnDate: string;
    /** Seats paid for (confirmed holds). */
    sold: number;
    /** Seats held for bookings still paying (a transfer on its way, a payment in review, the funnel). */
    held: number;
    capacity: number;
  };
  rows: {
    bookingId: string;
    differentId: string;
    tkId: string | null;
    status: BookingStatus;
    lead: boolean;
    name: string;
    surname: string;
    document: string | null;
    birthdate: string | null;
    ageGroup: string;
    room: string | null;
    roommates: string[];
    flight: string | null;
    activities: string[];
    insurance: string[];
    /** What the traveller's booking has paid and still owes (the same on each of its travellers). */
    paidCents: number;
    dueCents: number;
  }[];
}
