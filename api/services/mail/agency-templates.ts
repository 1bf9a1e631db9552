/**
 * The agency mail of a booking (cms-and-backoffice.md §7, `GET /v2/different/booking/notification/agency/{id}`):
 * what an agency that sold a booking needs to look after its travellers — the booking as it is now,
 * the trip, who travels with what, and the money — sent to its documentation address.
 */
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { type MailContent, renderMail } from './layout.ts';

export interface AgencyBookingMailData {
  agencyName: string;
  /** The person at the agency the mail greets, if the agency gave one. */
  contactPerson: string | null;
  /** The booking's locator (tkId), or its web reference before it has one. */
  bookingReference: string;
  /** The agency's own reference for the booking, when it gave one. */
  agencyReference: string | null;
  /** The booking's state as staff read it ('Confirmada', 'Esperando transferencia'…). */
  statusLabel: string;
  tourName: string;
  /** `YYYY-MM-DD`. */
  dayOne: string;
  returnDate: string | null;
  flightName: string | null;
  lead: { name: string; email: string | null; phone: string | null };
  travellers: { name: string; ageGroup: string; lead: boolean; room: string | null; services: string[] }[];
  totalCents: number;
  paidCents: number;
  remainingCents: number;
  /** The booking voucher goes along (a confirmed booking). */
  voucherAttached: boolean;
}

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] ?? null;

export function renderAgencyBookingMail(d: AgencyBookingMailData): MailContent {
  const dates = d.returnDate ? formatDateRange({ from: d.dayOne, to: d.returnDate }) : `salida el ${formatSpanishDate({ date: d.dayOne })}`;
  const traveller = (t: AgencyBookingMailData['travellers'][number]) =>
    [
      `${t.name} (${t.ageGroup.toLocaleLowerCase('es')}${t.lead ? ', titular' : ''})`,
      t.room ? `habitación: ${t.room}` : null,
      t.services.length ? `servicios: ${t.services.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return renderMail(`Reserva ${d.bookingReference} de ${d.agencyName}: «${d.tourName}», ${dates}`, {
    greeting: firstName(d.contactPerson) ? `Hola, ${firstName(d.contactPerson)}:` : `Hola, equipo de ${d.agencyName}:`,
    paragraphs: [
      `Os enviamos los datos de la reserva ${d.bookingReference}, hecha a través de ${d.agencyName}, tal como están hoy. Estado: ${d.statusLabel.toLocaleLowerCase('es')}.`,
      d.voucherAttached
        ? 'Adjuntamos el bono de reserva en PDF para que se lo podáis entregar a los viajeros.'
        : 'Os enviaremos el bono de reserva cuando la reserva esté confirmada.',
    ],
    rows: [
      { label: 'Reserva', value: d.bookingReference },
      ...(d.agencyReference ? [{ label: 'Vuestra referencia', value: d.agencyReference }] : []),
      { label: 'Viaje', value: d.tourName },
      { label: 'Fechas', value: dates.charAt(0).toUpperCase() + dates.slice(1) },
      { label: 'Vuelo', value: d.flightName ?? 'Sin vuelo incluido' },
      { label: 'Titular', value: [d.lead.name, d.lead.email, d.lead.phone].filter(Boolean).join(' · ') },
      ...d.travellers.map((t, i) => ({ label: `Viajero ${i + 1}`, value: traveller(t) })),
      { label: 'Importe total', value: formatEuros(d.totalCents) },
      { label: 'Pagado', value: formatEuros(d.paidCents) },
      { label: 'Pendiente de pago', value: formatEuros(d.remainingCents), strong: true },
    ],
    footnote: `Si algún dato no es correcto, responded a este correo y lo corregimos. Recibís este aviso en la dirección de documentación que ${d.agencyName} tiene con nosotros.`,
  });
}
