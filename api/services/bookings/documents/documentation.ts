/**
 * The trip's documentation (INFO_PRACTICA; cms-and-backoffice.md §7 "documentation send/pdf"): what a
 * traveller reads before leaving — the trip and its references, who travels with which services, the day
 * by day, what is included, and what to carry. The e-tickets staff uploaded go with it as attachments.
 */
import { periodTours } from '../../catalogue/trips.ts';
import { addDays, formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import type { Db } from '../../../db/database.ts';
import type { Trx } from '../../../db/database.ts';
import type { BookingDocument } from './booking-document.ts';
import { paragraph, renderPdf, rows, section } from './pdf.ts';

export interface TripDocumentation {
  days: { rank: number; title: string; description: string | null; city: string | null }[];
  included: string | null;
  notIncluded: string | null;
}

/** The tour's active itinerary and its included services, for the booking's period. */
export async function loadTripDocumentation(db: Db | Trx, periodId: string): Promise<TripDocumentation> {
  const tour = await periodTours(db)
    .select(['tours.id', 'tours.includedServices', 'tours.includedServicesWeb', 'tours.notIncludedServices'])
    .where('periods.id', '=', periodId)
    .executeTakeFirstOrThrow();
  const days = await db
    .selectFrom('itineraryDays')
    .innerJoin('itineraries', 'itineraries.id', 'itineraryDays.itineraryId')
    .select(['itineraryDays.rank', 'itineraryDays.title', 'itineraryDays.description', 'itineraryDays.city'])
    .where('itineraries.tourId', '=', tour.id)
    .where('itineraries.status', '=', 'ACTIVE')
    .orderBy('itineraryDays.rank')
    .execute();
  return { days, included: tour.includedServicesWeb ?? tour.includedServices, notIncluded: tour.notIncludedServices };
}

/** Markdown or HTML of the catalogue as plain lines for the PDF. */
const plain = (text: string) =>
  text
    .replace(/<[^>]+>/g, '\n')
    .replace(/[*_#>`]/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*[-•]\s*/, '').trim())
    .filter(Boolean);

export function renderDocumentationPdf(booking: BookingDocument, trip: TripDocumentation, { issuedAt }: { issuedAt: string }): Promise<Buffer> {
  const reference = booking.tkId ?? booking.differentId;
  return renderPdf({
    title: 'Documentación del viaje',
    office: booking.office,
    subtitle: `${booking.tourName} · reserva ${reference} · ${formatSpanishDate({ date: issuedAt.slice(0, 10) })}`,
    issuedAt,
    draw: (doc) => {
      section(doc, 'Tu viaje');
      rows(doc, [
        ['Viaje', booking.tourName],
        [
          'Fechas',
          booking.returnDate ? formatDateRange({ from: booking.dayOne, to: booking.returnDate }) : `Salida el ${formatSpanishDate({ date: booking.dayOne })}`,
        ],
        ['Localizador', booking.tkId ?? 'Pendiente de confirmar'],
        ['Vuelo', booking.flightName ?? 'Sin vuelo incluido'],
        ['Titular', [booking.lead.name, booking.lead.phone].filter(Boolean).join(' · ')],
      ]);
      section(doc, `Viajeros (${booking.travellers.length})`);
      rows(
        doc,
        booking.travellers.map((t, i) => [
          `${i + 1}. ${t.name}`,
          [t.ageGroup, t.room ? `Habitación: ${t.room}` : null, t.services.length > 0 ? `Actividades: ${t.services.join(', ')}` : null]
            .filter(Boolean)
            .join(' · '),
        ]),
      );
      if (trip.days.length > 0) {
        section(doc, 'Día a día');
        for (const day of trip.days) {
          const date = formatSpanishDate({ date: addDays({ date: booking.dayOne, days: day.rank - 1 }) });
          paragraph(doc, `Día ${day.rank} (${date}): ${day.title}${day.city ? ` · ${day.city}` : ''}`);
          if (day.description) for (const line of plain(day.description)) paragraph(doc, line, { muted: true, size: 9 });
        }
      }
      if (trip.included) {
        section(doc, 'Qué incluye');
        for (const line of plain(trip.included)) paragraph(doc, `• ${line}`, { size: 9 });
      }
      if (trip.notIncluded) {
        section(doc, 'Qué no incluye');
        for (const line of plain(trip.notIncluded)) paragraph(doc, `• ${line}`, { size: 9 });
      }
      section(doc, 'Antes de salir');
      for (const line of [
        'DNI o pasaporte en vigor de cada viajero, con al menos seis meses de validez si el destino lo pide.',
        'Este documento, el bono de reserva y, si van adjuntos, los billetes electrónicos.',
        booking.flightName ? 'En el aeropuerto, llega al menos dos horas antes de la salida del vuelo.' : null,
        booking.remainingCents > 0 ? 'Recuerda pagar lo que queda de la reserva antes de la fecha que te indicamos.' : null,
      ]) {
        if (line) paragraph(doc, `• ${line}`, { size: 9 });
      }
    },
  });
}
