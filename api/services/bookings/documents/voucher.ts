/**
 * The booking voucher (BONO_RESERVA): what a traveller shows and keeps once the booking is confirmed:
 * references, trip, travellers and their services, what is paid and what is still owed, and who organises.
 */
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { BookingDocument } from './booking-document.ts';
import { PAYMENT_METHOD_LABELS } from './booking-document.ts';
import { paragraph, renderPdf, rows, section } from './pdf.ts';

/** The voucher as a PDF. `issuedAt` (ISO) is printed and is the document's date. */
export function renderVoucherPdf(booking: BookingDocument, { issuedAt }: { issuedAt: string }): Promise<Buffer> {
  const reference = booking.tkId ?? booking.differentId;
  return renderPdf({
    title: 'Bono de reserva',
    office: booking.office,
    subtitle: `Reserva ${reference} · emitido el ${formatSpanishDate({ date: issuedAt.slice(0, 10) })}`,
    issuedAt,
    draw: (doc) => {
      section(doc, 'Tu reserva');
      rows(doc, [
        ['Localizador', booking.tkId ?? 'Pendiente de confirmar'],
        ['Código de reserva', booking.differentId],
        ['Viaje', booking.tourName],
        [
          'Fechas',
          booking.returnDate ? formatDateRange({ from: booking.dayOne, to: booking.returnDate }) : `Salida el ${formatSpanishDate({ date: booking.dayOne })}`,
        ],
        ...(booking.numberOfDays ? ([['Duración', `${booking.numberOfDays} días`]] as const) : []),
        ['Vuelo', booking.flightName ?? 'Sin vuelo incluido'],
        ['Titular', [booking.lead.name, booking.lead.email, booking.lead.phone].filter(Boolean).join(' · ')],
      ]);

      section(doc, `Viajeros (${booking.travellers.length})`);
      rows(
        doc,
        booking.travellers.map((t, i) => [
          `${i + 1}. ${t.ageGroup}${t.lead ? ' (titular)' : ''}`,
          [t.name, t.room ? `Habitación: ${t.room}` : null, t.services.length > 0 ? `Servicios: ${t.services.join(', ')}` : null].filter(Boolean).join(' · '),
        ]),
      );

      section(doc, 'Servicios y precio');
      rows(doc, [...booking.quote.lines.map((line) => [line.label, formatEuros(line.amountCents)] as const), ['Total', formatEuros(booking.totalCents)]]);

      section(doc, 'Pagos');
      rows(doc, [
        ...booking.payments.map(
          (p) =>
            [
              `${formatSpanishDate({ date: p.confirmedAt.slice(0, 10) })}`,
              `${formatEuros(p.amountCents)} · ${PAYMENT_METHOD_LABELS[p.method] ?? p.method} · pedido ${p.orderNumber}`,
            ] as const,
        ),
        ['Pagado', formatEuros(booking.paidCents)],
        ['Pendiente', formatEuros(booking.remainingCents)],
      ]);
      if (booking.schedule.length > 0 && booking.remainingCents > 0) {
        section(doc, 'Plazos de pago');
        rows(
          doc,
          booking.schedule.map(
            (d) =>
              [
                `Antes del ${formatSpanishDate({ date: d.date })}`,
                `${formatEuros(d.amountCents)}${d.owedCents === 0 ? ' · pagado' : d.owedCents < d.amountCents ? ` · quedan ${formatEuros(d.owedCents)}` : ''}`,
              ] as const,
          ),
        );
      }
      doc.moveDown(0.5);
      if (booking.remainingCents > 0) {
        paragraph(
          doc,
          'El importe pendiente se paga en los plazos de tu reserva; te avisaremos por correo antes de cada uno y puedes pagar cuando quieras desde el enlace de tu reserva.',
          { muted: true },
        );
      }
      paragraph(
        doc,
        'Lleva contigo este bono y tu documentación de viaje (DNI o pasaporte en vigor). Ante cualquier incidencia, responde al correo de confirmación o escríbenos desde la web.',
        { muted: true },
      );
    },
  });
}
