import type { BookingStatus } from '#shared/enums.ts';

/** How a traveller reads their booking's status. */
export const TRIP_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  IN_PROGRESS: 'Sin terminar',
  CONFIRMED: 'Confirmada',
  WAITING_FOR_TRANSFER: 'Esperando tu transferencia',
  PAYPAL_REVIEW: 'Pago en revisión',
  CANCELED: 'Cancelada',
};

export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  card: 'Tarjeta',
  bizum: 'Bizum',
  transfer: 'Transferencia',
  points: 'Puntos',
};
