/** How the pay screens name payment methods and statuses, in Spanish. */
import type { PaymentMethodChoice } from '#shared/schemas/payments.ts';
import { formatMadridDateTime } from '#shared/rules/dates.ts';

export const METHOD_LABELS: Record<PaymentMethodChoice | 'points', string> = {
  card: 'Tarjeta',
  bizum: 'Bizum',
  transfer: 'Transferencia bancaria',
  points: 'Puntos',
};

export const METHOD_HINTS: Record<PaymentMethodChoice, string> = {
  card: 'Visa o Mastercard, en la pasarela segura de nuestro banco.',
  bizum: 'Con tu móvil, en la pasarela segura de nuestro banco.',
  transfer: 'Te damos los datos de la cuenta; la reserva queda pendiente hasta que recibamos el importe.',
};

/** A method as the API names it ('card', 'bizum', …); an unknown one as it came. */
export const methodLabel = (method: string): string => METHOD_LABELS[method as PaymentMethodChoice | 'points'] ?? method;

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  CONFIRMED: 'Confirmado',
  FAILED: 'No completado',
  CANCELED: 'Cancelado',
  REVIEW: 'En revisión',
};

/** '24 mar 2027, 11:00' in Madrid time. */
export function formatMoment(timestamp: string): string {
  const { date, time } = formatMadridDateTime(timestamp);
  return `${date}, ${time}`;
}
