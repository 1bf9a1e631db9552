/**
 * The agencies' contract with `/api/admin/retailers` (cms-and-backoffice.md §3 Retailer, §6 "Retailer
 * (BUSINESS membership)", §7 `/v2/different/booking/notification/agency/{id}`): the list's search, the
 * agency form with every field of the entity, what the list and an agency's page show, and the agency
 * mail of a booking. The island and the server check input with these same schemas.
 */
import { z } from 'zod';
import { AGENCY_SALE_MESSAGES } from './labels.ts';
import type { ExtraBasis } from '../enums.ts';
import { isValidEmail } from '../rules/validation.ts';
import { normaliseTaxId, type TaxIdKind, taxIdKind } from '../rules/tax-ids.ts';
import type { BookingListRow, StaffActionView } from './backoffice.ts';
import { CreateBookingSchema, LeadContactSchema } from './bookings.ts';

/** "membership (BUSINESS is queried)": the agencies staff screens load; the rest are kept on file. */
export const RETAILER_MEMBERSHIPS = ['BUSINESS', 'STANDARD'] as const;
export type RetailerMembership = (typeof RETAILER_MEMBERSHIPS)[number];
export const RETAILER_MEMBERSHIP_LABELS: Readonly<Record<RetailerMembership, string>> = { BUSINESS: 'Business', STANDARD: 'Estándar' };

/** How Spanish regulation classes travel agencies; an agency on file with another type keeps it. */
export const RETAILER_TYPES = ['Agencia minorista', 'Agencia mayorista', 'Agencia mayorista-minorista'] as const;
/** What staff usually agree with an agency; the field takes any text. */
export const RETAILER_PAYMENT_TYPES = ['Tarjeta', 'Transferencia a 15 días', 'Transferencia a 30 días', 'Domiciliación bancaria'] as const;

export const RETAILER_PAGE_SIZE = 25;

export const RETAILER_MESSAGES = {
  cifMissing: 'Escribe el CIF de la agencia (o el NIF o NIE si es de un autónomo).',
  cif: 'Ese CIF no es válido: revisa la letra y el dígito de control (por ejemplo B12345674).',
  name: 'Escribe el nombre comercial de la agencia.',
  email: 'Escribe un correo electrónico válido, por ejemplo reservas@agencia.es.',
  phone: 'Escribe un teléfono de 9 a 15 cifras; los extranjeros, con su prefijo (+33 1 23 45 67 89).',
  postalCode: 'El código postal tiene 5 cifras, de 01000 a 52999.',
  latitude: 'La latitud es un número entre -90 y 90, por ejemplo 40,4168.',
  longitude: 'La longitud es un número entre -180 y 180, por ejemplo -3,7038.',
  coordinates: 'Escribe la latitud y la longitud, o ninguna de las dos.',
  membership: 'Elige el tipo de colaboración.',
  changed: 'Otra persona ha cambiado esta agencia mientras la editabas. Recarga para ver sus datos actuales y vuelve a hacer tus cambios.',
  notFound: 'No encontramos esa agencia.',
  search: 'Escribe al menos 2 caracteres.',
} as const;

export const duplicateCifMessage = (name: string) => `Ya hay una agencia con ese CIF: ${name}.`;
export const retailerHasBookingsMessage = (count: number) =>
  `Esta agencia tiene ${count === 1 ? '1 reserva' : `${count} reservas`} y no se puede borrar: las reservas perderían su agencia. Si ya no trabajáis con ella, pásala a Estándar.`;

// --------------------------------------------------------------------------------------------------- form

const tooLong = (max: number) => `Escribe como mucho ${max} caracteres.`;
/** An optional text field: trimmed, empty is null. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((value) => (value === '' ? null : value));
const email = text(120).refine((value) => value === null || isValidEmail(value), RETAILER_MESSAGES.email);
const number = z.union([z.string(), z.number()]).transform((value) => String(value).trim().replace(',', '.'));
/** A coordinate as staff type it ('40,4168' or '40.4168'), within ±limit; empty is null. */
const coordinate = (limit: number, message: string) =>
  number
    .transform((value) => (value === '' ? null : /^-?\d{1,3}(\.\d+)?$/.test(value) ? Number(value) : Number.NaN))
    .refine((value) => value === null || Math.abs(value) <= limit, message);

/** The tax id: required, and a valid CIF, NIF or NIE however it is typed. */
const taxId = z
  .string()
  .trim()
  .max(20, RETAILER_MESSAGES.cif)
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: RETAILER_MESSAGES.cifMissing });
    else if (taxIdKind(value) === null) ctx.addIssue({ code: 'custom', message: RETAILER_MESSAGES.cif });
  })
  .transform(normaliseTaxId);

/**
 * The agency form, as staff fill it (every field a string). Gives the record as stored: the tax id
 * normalised (upper case, no separators), e-mails in lower case, empty fields null, coordinates numbers.
 * Each field is checked on its own, so every mistake of a form is named at once.
 */
export const RetailerFormSchema = z
  .strictObject({
    cif: taxId,
    name: z.string().trim().min(1, RETAILER_MESSAGES.name).max(120, tooLong(120)),
    corporateName: text(160),
    fiscalName: text(160),
    type: text(60),
    contactPerson: text(120),
    phone: text(30).refine(
      (value) => value === null || (/^\+?[\d\s().-]+$/.test(value) && /^\d{9,15}$/.test(value.replace(/\D/g, ''))),
      RETAILER_MESSAGES.phone,
    ),
    email,
    invoiceEmail: email,
    documentationEmail: email,
    address: text(200),
    postalCode: text(10).refine((value) => value === null || (/^\d{5}$/.test(value) && Number(value.slice(0, 2)) >= 1 && Number(value.slice(0, 2)) <= 52), {
      message: RETAILER_MESSAGES.postalCode,
    }),
    city: text(80),
    latitude: coordinate(90, RETAILER_MESSAGES.latitude),
    longitude: coordinate(180, RETAILER_MESSAGES.longitude),
    membership: z.enum(RETAILER_MEMBERSHIPS, { error: RETAILER_MESSAGES.membership }),
    paymentType: text(80),
  })
  .superRefine(
    (form, ctx) => {
      if ((form.latitude === null) !== (form.longitude === null))
        ctx.addIssue({ code: 'custom', path: [form.latitude === null ? 'latitude' : 'longitude'], message: RETAILER_MESSAGES.coordinates });
    },
    // Named with the other fields' mistakes, not after they are fixed; skipped when a coordinate has a
    // mistake of its own, or when there is no form at all.
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === 'latitude' || issue.path[0] === 'longitude'),
    },
  )
  .transform((form) => {
    const lower = (value: string | null) => value?.toLowerCase() ?? null;
    return {
      ...form,
      email: lower(form.email),
      invoiceEmail: lower(form.invoiceEmail),
      documentationEmail: lower(form.documentationEmail),
    };
  });
export type RetailerForm = z.input<typeof RetailerFormSchema>;
export type RetailerInput = z.output<typeof RetailerFormSchema>;

const RequestId = z.string().trim().min(8).max(100);
export const RetailerCreateSchema = z.strictObject({ requestId: RequestId, retailer: RetailerFormSchema });
export const RetailerSaveSchema = z.strictObject({ version: z.number().int().positive(), retailer: RetailerFormSchema });

/** An empty field of the search form means "any". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const RetailerListQuerySchema = z.strictObject({
  /** Name (commercial, corporate or fiscal), CIF, city or any of its e-mails. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, RETAILER_MESSAGES.search).max(100, tooLong(100)).optional()),
  membership: z.preprocess(blankToUndefined, z.enum(RETAILER_MEMBERSHIPS, { error: RETAILER_MESSAGES.membership }).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type RetailerListQuery = z.infer<typeof RetailerListQuerySchema>;

export const RetailerBookingsQuerySchema = z.strictObject({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});

/** One press of 'Enviar a la agencia' on a booking. */
export const AgencyMailSchema = z.strictObject({ requestId: RequestId });

export const AGENCY_MAIL_MESSAGES = {
  noAgency: 'Esta reserva no es de ninguna agencia: no hay a quién enviar el aviso.',
  noEmail: (name: string) => `La agencia ${name} no tiene correo de documentación ni correo general: añádelo en su ficha y vuelve a enviarlo.`,
} as const;

// -------------------------------------------------------------------------------------------------- views

export interface RetailerView {
  id: string;
  cif: string;
  /** What the tax id is (a company's CIF, or a self-employed agent's NIF or NIE); null for one on file that is not valid. */
  taxIdKind: TaxIdKind | null;
  name: string;
  corporateName: string | null;
  fiscalName: string | null;
  type: string | null;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  invoiceEmail: string | null;
  documentationEmail: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  membership: string | null;
  paymentType: string | null;
  version: number;
}

export interface RetailerListRow {
  id: string;
  name: string;
  cif: string;
  city: string | null;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  membership: string | null;
  bookings: number;
}

export interface RetailerListAnswer {
  rows: RetailerListRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** What an agency has brought: its bookings by state and the money of the confirmed ones. */
export interface RetailerFigures {
  bookings: number;
  confirmed: number;
  /** In progress, waiting for a transfer or with a payment in review. */
  open: number;
  canceled: number;
  /** The price of its confirmed bookings. */
  revenueCents: number;
  /** What the agency keeps of its confirmed bookings (each booking's commission). */
  commissionCents: number;
  /** Confirmed payments on its bookings, counted as the bookings desk counts them. */
  paidCents: number;
  /** What its confirmed bookings still owe. */
  owedCents: number;
  lastBookingAt: string | null;
}

export interface RetailerDetail {
  retailer: RetailerView;
  figures: RetailerFigures;
  /** Traveller accounts that came through the agency (they stay, without agency, if it is deleted). */
  travelers: number;
  /** Where the agency mail of a booking goes: the documentation address, or the general one. */
  agencyMailTo: string | null;
  actions: StaffActionView[];
}

/** A booking of the agency: the bookings desk's row, and when the agency was last sent its mail. */
export interface RetailerBookingRow extends BookingListRow {
  agencyMailedAt: string | null;
}

export interface RetailerBookingsAnswer {
  rows: RetailerBookingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** Agency sales (issue 31, docs/decisions/042): a booking the office makes for an agency, or one it hands to one. */
const Commission = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  const percent = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  if (!(percent >= 0 && percent <= 100)) {
    ctx.addIssue({ code: 'custom', message: AGENCY_SALE_MESSAGES.commission });
    return z.NEVER;
  }
  return percent;
});
const AgencyReference = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(60, AGENCY_SALE_MESSAGES.reference).nullable().default(null),
);

/** `POST /api/admin/retailers/{id}/bookings`: a booking for the agency, priced by the funnel's quote and confirmed. */
export const AgencyBookingSchema = z.strictObject({
  requestId: RequestId,
  periodId: CreateBookingSchema.shape.periodId,
  adults: CreateBookingSchema.shape.adults,
  children: CreateBookingSchema.shape.children,
  lead: LeadContactSchema,
  flightId: z.preprocess((value) => (value === '' ? null : value), z.string().trim().min(1).max(100).nullable().default(null)),
  /** One room type for every traveller, and the optional activities they all take. */
  roomId: z.preprocess((value) => (value === '' ? null : value), z.string().trim().min(1).max(100).nullable().default(null)),
  activityIds: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  /** The tour extras, for the whole booking. */
  extraIds: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  reference: AgencyReference,
  commissionPercent: Commission,
});
export type AgencyBookingRequest = z.output<typeof AgencyBookingSchema>;

/** `PUT /api/admin/bookings/{id}/agency`: the booking handed to an agency (or to none), with its reference and commission. */
export const AgencyAttachSchema = z.strictObject({
  requestId: RequestId,
  retailerId: z.string().trim().min(1).max(100).nullable(),
  reference: AgencyReference,
  commissionPercent: Commission,
});

/** The agency's statement of a month: its bookings made that month, as CSV or XLSX. */
export const StatementQuerySchema = z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, AGENCY_SALE_MESSAGES.month) });

export interface AgencyStatementRow {
  bookingId: string;
  reference: string;
  agencyReference: string | null;
  bookedOn: string;
  tourName: string;
  dayOne: string;
  leadName: string;
  status: string;
  grossCents: number;
  commissionPercent: number;
  commissionCents: number;
  netCents: number;
  paidCents: number;
  owedCents: number;
}

/** What a departure offers a sale from the back office: its flights, rooms, optional activities and its tour's extras. */
export interface SaleOptions {
  flights: { id: string; name: string; onSale: number }[];
  rooms: { activityId: string; name: string }[];
  activities: { activityId: string; name: string }[];
  extras: { id: string; name: string; amountCents: number; basis: ExtraBasis }[];
}
