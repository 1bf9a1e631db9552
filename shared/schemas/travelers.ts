/**
 * The travellers desk's contract with `/api/admin/travelers` (cms-and-backoffice.md §2 /admin/travelers,
 * §3 Traveler, §7 listTravelers, getTraveler, updateTraveler, `forcechangepassword`): the search, what a
 * traveller's page shows, the personal-data form, and the presses of its actions. The island and the
 * server check input with these same schemas.
 */
import { z } from 'zod';
import type { BookingStatus } from '../enums.ts';
import { isIsoDate } from '../rules/dates.ts';
import { isValidEmail, isValidNationalId } from '../rules/validation.ts';
import type { StaffActionView } from './backoffice.ts';

export const TRAVELER_PAGE_SIZE = 25;
export const TRAVELER_SORTS = ['name', 'createdAt'] as const;

/** An empty field of a form means "none". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const TravelerListQuerySchema = z.strictObject({
  /** Name and surname, e-mail, phone, DNI/NIE or passport: any part of them, accents and case aside. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100, 'Escribe como mucho 100 caracteres.').optional()),
  sort: z.preprocess(blankToUndefined, z.enum(TRAVELER_SORTS).default('name')),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('asc')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type TravelerListQuery = z.infer<typeof TravelerListQuerySchema>;

/** An account as staff see it at a glance. */
export type AccountState = 'none' | 'active' | 'unverified' | 'must-change-password' | 'disabled';

export const ACCOUNT_STATE_LABELS: Readonly<Record<AccountState, string>> = {
  none: 'Sin cuenta',
  active: 'Cuenta activa',
  unverified: 'Correo sin confirmar',
  'must-change-password': 'Debe elegir contraseña nueva',
  disabled: 'Cuenta desactivada',
};

export interface TravelerListRow {
  id: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  /** DNI/NIE, else passport. */
  document: string | null;
  account: AccountState;
  bookings: number;
  points: number;
  createdAt: string;
  erasedAt: string | null;
}

export interface TravelerListAnswer {
  rows: TravelerListRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const SEX_LABELS = { F: 'Mujer', M: 'Hombre' } as const;

export const TRAVELER_FORM_MESSAGES = {
  name: 'Escribe el nombre.',
  tooLong: 'Es demasiado largo.',
  email: 'Escribe un correo electrónico válido.',
  emailTaken: 'Ya hay otro viajero con ese correo.',
  accountEmailTaken: 'Ya hay otra cuenta con ese correo.',
  emailRequired: 'Este viajero tiene cuenta: necesita un correo para entrar.',
  phone: 'Escribe un teléfono de 6 a 15 cifras; puede empezar por + y llevar espacios.',
  dni: 'Escribe un DNI (8 cifras y letra) o un NIE (X, Y o Z, 7 cifras y letra) válido.',
  passport: 'Escribe el pasaporte: de 5 a 20 letras y cifras.',
  birthdate: 'Escribe una fecha de nacimiento real (AAAA-MM-DD), no posterior a hoy.',
  country: 'Ese país no existe.',
} as const;

/**
 * The personal fields staff may edit. Documents are kept as people write them on forms, compacted and
 * upper-cased ('12345678-z' → '12345678Z'); an empty field clears the value.
 */
export const TravelerFormSchema = z.strictObject({
  name: z.string({ error: TRAVELER_FORM_MESSAGES.name }).trim().min(1, TRAVELER_FORM_MESSAGES.name).max(100, TRAVELER_FORM_MESSAGES.tooLong),
  surname: z.string().trim().max(150, TRAVELER_FORM_MESSAGES.tooLong).default(''),
  email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(254, TRAVELER_FORM_MESSAGES.email)
      .refine(isValidEmail, TRAVELER_FORM_MESSAGES.email)
      .transform((value) => value.toLowerCase())
      .nullable()
      .default(null),
  ),
  phone: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^\+?[\d\s().-]+$/.test(value) && /^\d{6,15}$/.test(value.replace(/\D/g, '')), TRAVELER_FORM_MESSAGES.phone)
      .nullable()
      .default(null),
  ),
  dni: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
      .refine(isValidNationalId, TRAVELER_FORM_MESSAGES.dni)
      .nullable()
      .default(null),
  ),
  passportId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .refine((value) => /^[A-Z0-9]{5,20}$/.test(value), TRAVELER_FORM_MESSAGES.passport)
      .nullable()
      .default(null),
  ),
  birthdate: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      // Not after today is checked where the clock is read (the API), as every date rule is.
      .refine((value) => isIsoDate(value) && value >= '1900-01-01', TRAVELER_FORM_MESSAGES.birthdate)
      .nullable()
      .default(null),
  ),
  sex: z.preprocess(blankToUndefined, z.enum(['F', 'M']).nullable().default(null)),
  countryId: z.preprocess(blankToUndefined, z.string().trim().max(100).nullable().default(null)),
});
export type TravelerForm = z.input<typeof TravelerFormSchema>;
export type TravelerFormValues = z.output<typeof TravelerFormSchema>;

const RequestId = z.string().trim().min(8).max(100);

/** 'Guardar' on the form: the version the staff member opened, and one id per press. */
export const TravelerSaveSchema = z.strictObject({ requestId: RequestId, version: z.number().int().positive(), traveler: TravelerFormSchema });

export const ERASE_REASON_REQUIRED = 'Escribe el motivo: quién lo ha pedido, cuándo y por qué vía.';

/** 'Forzar cambio de contraseña': optionally with the reset mail as well. */
export const ForcePasswordChangeSchema = z.strictObject({ requestId: RequestId, sendMail: z.boolean().default(true) });

/** 'Borrar datos personales': always with the reason (who asked, when, how), kept in the record. */
export const EraseTravelerSchema = z.strictObject({
  requestId: RequestId,
  reason: z.string({ error: ERASE_REASON_REQUIRED }).trim().min(5, ERASE_REASON_REQUIRED).max(1000, TRAVELER_FORM_MESSAGES.tooLong),
});

export const TRAVELER_ACTION_MESSAGES = {
  noAccount: 'Este viajero no tiene cuenta: no hay contraseña que cambiar.',
  erased: 'Los datos personales de este viajero ya se borraron.',
  staffAccount: 'Es una cuenta del equipo: quítale antes el acceso de administración o de guía.',
  tripPending: (reference: string) =>
    `Tiene un viaje en curso o por hacer (reserva ${reference}). Cancélalo o espera a que vuelva antes de borrar sus datos: hacen falta para el viaje.`,
} as const;

export interface TravelerProfile {
  id: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  dni: string | null;
  passportId: string | null;
  birthdate: string | null;
  sex: 'F' | 'M' | null;
  countryId: string | null;
  countryName: string | null;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  erasedAt: string | null;
}

export interface TravelerAccount {
  id: string;
  email: string;
  state: AccountState;
  verifiedAt: string | null;
  disabledAt: string | null;
  passwordChangeRequiredAt: string | null;
  /** False for an account that signs in only with Google or Facebook. */
  hasPassword: boolean;
  groups: string[];
  createdAt: string;
  /** Sign-ins (session families) still able to refresh. */
  activeSessions: number;
  /** When the account last signed in or refreshed its session. */
  lastActiveAt: string | null;
}

export interface TravelerBookingRow {
  id: string;
  differentId: string;
  tkId: string | null;
  status: BookingStatus;
  tourName: string;
  dayOne: string;
  returnDate: string;
  /** The traveller holds the booking, or travels on someone else's. */
  role: 'holder' | 'passenger';
  travellers: number;
  priceCents: number;
  paidCents: number;
  createdAt: string;
}

export interface TravelerBudgetRow {
  id: string;
  differentId: string;
  budgetName: string;
  tourName: string;
  dayOne: string;
  travellers: number;
  priceCents: number;
  /** The funnel step that continues it. */
  budgetPath: string | null;
  updatedAt: string;
}

export interface TravelerFavourite {
  tourId: string;
  tourName: string;
  webSlug: string;
  createdAt: string;
}

export interface PointsMovement {
  id: string;
  type: 'CREDIT' | 'DEBIT';
  amount: number;
  status: string;
  bookingId: string | null;
  differentId: string | null;
  createdAt: string;
}

export interface TravelerDetail {
  traveler: TravelerProfile;
  account: TravelerAccount | null;
  bookings: TravelerBookingRow[];
  budgets: TravelerBudgetRow[];
  favourites: TravelerFavourite[];
  points: {
    /** The balance a booking can spend (Traveler.accumulatedReward). */
    balance: number;
    /** Cents the balance is worth as a discount today. */
    valueCents: number;
    movements: PointsMovement[];
  };
  actions: StaffActionView[];
  countries: { id: string; name: string }[];
}
