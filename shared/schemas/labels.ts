/**
 * The words staff screens show for a booking's values, and the messages of its forms, apart from the
 * schemas that check those values: a screen that only shows a booking (/admin/booking/{id}) then loads no
 * zod, a fifth of its script (docs/decisions/053-fewer-script-files.md). The schemas import them from here.
 */
import type { BookingStatus, ExtraBasis } from '../enums.ts';

/** How staff read each booking status. */
export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  IN_PROGRESS: 'En curso',
  CONFIRMED: 'Confirmada',
  WAITING_FOR_TRANSFER: 'Esperando transferencia',
  PAYPAL_REVIEW: 'Pago en revisión',
  CANCELED: 'Cancelada',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  PENDING: 'Pendiente',
  CONFIRMED: 'Confirmado',
  FAILED: 'Fallido',
  CANCELED: 'Cancelado',
  REVIEW: 'En revisión',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Tarjeta',
  bizum: 'Bizum',
  transfer: 'Transferencia',
  points: 'Puntos',
  cash: 'Efectivo en la oficina',
  'office-card': 'Tarjeta en la oficina',
  agency: 'Liquidación de la agencia',
};

export const CANCEL_REASON_REQUIRED = 'Escribe el motivo de la cancelación.';
export const REFUND_REASON_REQUIRED = 'Escribe el motivo de la devolución.';

export const EXTRA_BASIS_LABELS = { PER_TRAVELER: 'por viajero', PER_BOOKING: 'por reserva' } as const satisfies Record<ExtraBasis, string>;

export const RECORD_STATUS_LABELS = {
  PENDING: 'Pendiente de envío',
  ACCEPTED: 'Aceptado por la AEAT',
  ACCEPTED_WITH_ERRORS: 'Aceptado con errores',
  REJECTED: 'Rechazado por la AEAT',
} as const;
export type RecordStatus = keyof typeof RECORD_STATUS_LABELS;

export const INVOICE_KIND_LABELS = { F1: 'Factura', R1: 'Rectificativa' } as const;

/** The mails staff send again from a booking's page, with what their button says. */
export const BOOKING_MAIL_LABELS = {
  voucher: 'Bono de reserva',
  documentation: 'Documentación del viaje',
  'documentation-eticket': 'Documentación con billetes',
  'payment-reminder': 'Recordatorio de pago',
  budget: 'Presupuesto',
} as const;
export type BookingMail = keyof typeof BOOKING_MAIL_LABELS;

export const BOOKING_DOCUMENT_KINDS = { ETICKET: 'Billete electrónico', DOCUMENT: 'Documento' } as const;
export type BookingDocumentKind = keyof typeof BOOKING_DOCUMENT_KINDS;

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

export const AGENCY_SALE_MESSAGES = {
  commission: 'Escribe la comisión: un porcentaje de 0 a 100.',
  reference: 'La referencia de la agencia tiene como mucho 60 caracteres.',
  created: 'Reserva de agencia creada y confirmada. La agencia recibe el bono por correo.',
  attached: 'Reserva asignada a la agencia.',
  detached: 'La reserva ya no es de ninguna agencia.',
  canceled: 'Una reserva cancelada no cambia de agencia.',
  month: 'Elige el mes como AAAA-MM.',
} as const;
