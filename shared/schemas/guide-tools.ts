/**
 * The guides' tools (cms-and-backoffice.md §2, §3 Guide and Transaction; issue 14): staff assign guides to
 * a departure (/admin/tour/{tourID}/guide/{periodID}), the guide rates a departure and writes the report
 * (/admin/guias/{periodId}/calificar/{guideId}), asks the office for help (/admin/guia/soporte) and records
 * the expenses paid on tour (/admin/guia/gastos*), which staff approve or reject. The islands and the
 * server check input with these same schemas (docs/decisions/024-guide-tools.md).
 */
import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';
import { parseEurosInput } from '../rules/money.ts';
import type { GuideSummary } from './guides.ts';

const RequestId = z.string().trim().min(8).max(100);
const Id = z.string().trim().min(1).max(100);
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const GUIDE_TOOL_MESSAGES = {
  periodNotFound: 'No encontramos esta salida.',
  guideNotFound: 'No encontramos a este guía.',
  expenseNotFound: 'No encontramos este gasto.',
  notAGuide: 'Solo los guías pueden hacer esto.',
  chooseGuide: 'Elige un guía.',
  chooseDeparture: 'Elige una de tus salidas.',
  chooseKind: 'Elige el tipo de gasto.',
  rating: 'Puntúa de 1 a 5.',
  reportRequired: 'Escribe tu informe de la salida.',
  reportTooLong: 'Escribe como mucho 5000 caracteres.',
  commentTooLong: 'Escribe como mucho 2000 caracteres.',
  reportNotYet: 'Podrás calificar la salida a partir de su primer día.',
  reportClosed: 'El plazo para calificar esta salida ya ha terminado.',
  helpRequired: 'Cuéntanos qué pasa (al menos 10 caracteres).',
  helpTooLong: 'Escribe como mucho 2000 caracteres.',
  noOfficeAddress: 'La oficina no tiene correo configurado: llama al teléfono de la oficina.',
  concept: 'Escribe el concepto del gasto.',
  conceptTooLong: 'Escribe como mucho 200 caracteres.',
  amount: 'Escribe el importe, por ejemplo 120 o 120,50.',
  currency: 'Elige la moneda.',
  exchangeRate: 'Escribe el cambio a euros, por ejemplo 0,0062.',
  spentOn: 'Escribe la fecha del gasto.',
  spentOnOutside: 'La fecha debe estar entre el primer y el último día de la salida.',
  receiptRequired: 'Adjunta una foto del recibo.',
  receiptTooLarge: 'La foto del recibo no puede ocupar más de 8 MB.',
  receiptNotImage: 'La foto del recibo debe ser JPG, PNG, WebP o AVIF.',
  receiptUnreadable: 'No hemos podido leer la foto del recibo. Prueba con otra.',
  reasonRequired: 'Escribe el motivo del rechazo.',
  alreadyDecided: 'Este gasto ya está decidido.',
} as const;

// Assignments

/** One press of 'Asignar' or 'Quitar' on a departure's guides. */
export const GuideAssignmentSchema = z.strictObject({
  requestId: RequestId,
  guideId: Id.or(z.literal('')).refine((v) => v !== '', GUIDE_TOOL_MESSAGES.chooseGuide),
});

export interface GuideAssignmentView {
  period: { id: string; tourId: string; tourName: string; dayOne: string; returnDate: string };
  /** The departure's guides (co-guides allowed), by name. */
  assigned: GuideSummary[];
  /** Every guide, by name, for the select. */
  guides: GuideSummary[];
  /** What staff did to this departure's guides, newest first. */
  history: { id: string; action: string; actorEmail: string; guideName: string | null; createdAt: string }[];
}

export interface GuideAssignmentAnswer {
  /** False for a press already applied, or a change that was already so. */
  applied: boolean;
  /** Whether this press queued the guide's mail. */
  mailed: boolean;
  view: GuideAssignmentView;
}

// The guide's report of a departure

export const REPORT_RATINGS = [
  { key: 'rateGroup', label: 'Ambiente del grupo' },
  { key: 'rateAccommodation', label: 'Alojamientos' },
  { key: 'rateActivities', label: 'Actividades y visitas' },
  { key: 'rateTransport', label: 'Transportes' },
] as const;
export type ReportRatingKey = (typeof REPORT_RATINGS)[number]['key'];
/** The report can be written from the departure's first day until this many days after its return. */
export const REPORT_EDITABLE_DAYS_AFTER_RETURN = 90;
export const REPORT_MAX_LENGTH = 5000;
export const REPORT_COMMENT_MAX_LENGTH = 2000;

const Rating = z.coerce
  .number({ error: GUIDE_TOOL_MESSAGES.rating })
  .int(GUIDE_TOOL_MESSAGES.rating)
  .min(1, GUIDE_TOOL_MESSAGES.rating)
  .max(5, GUIDE_TOOL_MESSAGES.rating);

export const GuideReportSchema = z.strictObject({
  rateGroup: Rating,
  rateAccommodation: Rating,
  rateActivities: Rating,
  rateTransport: Rating,
  comment: z.string().trim().max(REPORT_COMMENT_MAX_LENGTH, GUIDE_TOOL_MESSAGES.commentTooLong).default(''),
  report: z.string().trim().min(1, GUIDE_TOOL_MESSAGES.reportRequired).max(REPORT_MAX_LENGTH, GUIDE_TOOL_MESSAGES.reportTooLong),
});
export type GuideReportInput = z.infer<typeof GuideReportSchema>;

export interface GuideReportView {
  guideId: string;
  guideName: string;
  rateGroup: number;
  rateAccommodation: number;
  rateActivities: number;
  rateTransport: number;
  comment: string;
  report: string;
  createdAt: string;
  updatedAt: string;
}

export interface GuideReportScreen {
  period: { id: string; tourName: string; dayOne: string; returnDate: string };
  guide: { id: string; name: string };
  report: GuideReportView | null;
  /** The window the guide may write in (`YYYY-MM-DD`, both days included) and whether today is in it. */
  opensOn: string;
  closesOn: string;
  /** Only the guide themself, inside the window; staff read it. */
  editable: boolean;
}

/** A departure's reports, for the departure screen: staff see every guide's, a guide their own. */
export interface GuideReportList {
  /** The caller's own guide id when they lead this departure; null for staff. */
  ownGuideId: string | null;
  reports: GuideReportView[];
}

// Urgent help

export const HELP_MESSAGE_MIN = 10;
export const HELP_MESSAGE_MAX = 2000;

export const GuideHelpSchema = z.strictObject({
  periodId: z.preprocess(blankToUndefined, Id.optional()),
  message: z.string().trim().min(HELP_MESSAGE_MIN, GUIDE_TOOL_MESSAGES.helpRequired).max(HELP_MESSAGE_MAX, GUIDE_TOOL_MESSAGES.helpTooLong),
});
export type GuideHelp = z.infer<typeof GuideHelpSchema>;

export interface GuideSupportView {
  office: { name: string; phone: string | null; email: string | null; schedules: string | null };
  /** The guide's departures, for "which departure is it about". */
  departures: { periodId: string; tourName: string; dayOne: string }[];
}

// Expenses (the spec's Transaction: amount, curency, exchangeRate, status)

export const EXPENSE_KINDS = ['BUDGETED', 'EXTRA'] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
export const EXPENSE_KIND_LABELS: Readonly<Record<ExpenseKind, string>> = {
  BUDGETED: 'Previsto en el presupuesto',
  EXTRA: 'Gasto extra',
};
export const EXPENSE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Readonly<Record<ExpenseStatus, string>> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprobado',
  REJECTED: 'Rechazado',
};
export const RECEIPT_MAX_BYTES = 8 * 1024 * 1024;
export const EXPENSE_CONCEPT_MAX = 200;

/** ISO 4217 codes this runtime knows (Node and every current browser): the select's options and the server's check. */
export function currencyCodes(): string[] {
  return Intl.supportedValuesOf('currency');
}

/**
 * An exchange rate as people type it ('0,0062', '1.08', 1), euros per unit of the currency; null when it
 * is not a positive number. Six decimals at most.
 */
export function parseExchangeRate(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,6})?$/.test(text)) return null;
  const rate = Number(text);
  return rate > 0 ? rate : null;
}

/**
 * The euro value of an amount in another currency, in cents: amount × rate, rounded to the cent (half up).
 *
 * @example euroCents(150000, 0.0062) // 930: 1.500 yenes a 0,0062 € son 9,30 €
 */
export function euroCents(amount: number, exchangeRate: number): number {
  // toPrecision absorbs binary noise (e.g. 1005 × 1 = 1004.9999…) before the half-up rounding.
  return Math.round(Number((amount * exchangeRate).toPrecision(12)));
}

/** The fields of the expense form (multipart, for the receipt photo): strings as the form sends them. */
export const GuideExpenseSchema = z.strictObject({
  requestId: RequestId,
  periodId: z.string().trim().min(1, GUIDE_TOOL_MESSAGES.chooseDeparture).max(100, GUIDE_TOOL_MESSAGES.chooseDeparture),
  kind: z.enum(EXPENSE_KINDS, { error: GUIDE_TOOL_MESSAGES.chooseKind }),
  concept: z.string().trim().min(1, GUIDE_TOOL_MESSAGES.concept).max(EXPENSE_CONCEPT_MAX, GUIDE_TOOL_MESSAGES.conceptTooLong),
  amount: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const cents = parseEurosInput(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: GUIDE_TOOL_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  }),
  curency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{3}$/.test(code) && currencyCodes().includes(code), GUIDE_TOOL_MESSAGES.currency),
  exchangeRate: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const rate = parseExchangeRate(value);
    if (rate === null) {
      ctx.addIssue({ code: 'custom', message: GUIDE_TOOL_MESSAGES.exchangeRate });
      return z.NEVER;
    }
    return rate;
  }),
  spentOn: z.string().trim().refine(isIsoDate, GUIDE_TOOL_MESSAGES.spentOn),
});
export type GuideExpenseInput = z.infer<typeof GuideExpenseSchema>;

export const GuideExpenseListQuerySchema = z.strictObject({
  /** Staff only: one guide's expenses. */
  guideId: z.preprocess(blankToUndefined, Id.optional()),
  periodId: z.preprocess(blankToUndefined, Id.optional()),
  status: z.preprocess(blankToUndefined, z.enum(EXPENSE_STATUSES).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(EXPENSE_KINDS).optional()),
});
export type GuideExpenseListQuery = z.infer<typeof GuideExpenseListQuerySchema>;

/** Staff's decision on one expense: a rejection says why. */
export const ExpenseDecisionSchema = z
  .strictObject({
    requestId: RequestId,
    status: z.enum(['APPROVED', 'REJECTED']),
    reason: z.string().trim().max(1000).default(''),
  })
  .refine((d) => d.status === 'APPROVED' || d.reason.length > 0, { message: GUIDE_TOOL_MESSAGES.reasonRequired, path: ['reason'] });
export type ExpenseDecision = z.infer<typeof ExpenseDecisionSchema>;

export interface GuideExpenseView {
  id: string;
  guideId: string;
  guideName: string;
  periodId: string;
  tourName: string;
  dayOne: string;
  kind: ExpenseKind;
  concept: string;
  /** In hundredths of the currency, as the guide paid. */
  amount: number;
  curency: string;
  exchangeRate: number;
  amountEurCents: number;
  spentOn: string;
  /** A signed link to the receipt photo, or null. */
  receiptUrl: string | null;
  status: ExpenseStatus;
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface ExpenseDepartureTotal {
  periodId: string;
  tourName: string;
  dayOne: string;
  count: number;
  totalEurCents: number;
  approvedEurCents: number;
  pendingEurCents: number;
}

export interface GuideExpenseList {
  viewer: 'guide' | 'admin';
  /** Staff: every guide, for the filter. */
  guides: GuideSummary[];
  /** The departures the filter offers: the guide's own; for staff those with expenses. */
  departures: { periodId: string; tourName: string; dayOne: string }[];
  expenses: GuideExpenseView[];
  totals: ExpenseDepartureTotal[];
}

export interface ExpenseDecisionAnswer {
  applied: boolean;
  expense: GuideExpenseView;
}
