/** How the back office prints days and moments: short Spanish dates, Madrid time. */
import { formatMadridDateTime, formatSpanishDate } from '#shared/rules/dates.ts';

export const shortDay = (date: string) => formatSpanishDate({ date, style: 'short' });

export function moment(timestamp: string | null): string {
  if (!timestamp) return '—';
  const { date, time } = formatMadridDateTime(timestamp);
  return `${date}, ${time}`;
}

/** "1 reserva", "3 reservas". */
export const counted = (n: number, one: string, many: string) => `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;
