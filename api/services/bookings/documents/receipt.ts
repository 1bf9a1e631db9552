/** The receipt of one confirmed payment (attached to the PAYMENT mail and downloadable from /recibos-de-pago). */
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { BookingDocument, DocumentPayment } from './booking-document.ts';
import { PAYMENT_METHOD_LABELS } from './booking-document.ts';
import { paragraph, renderPdf, rows, section } from './pdf.ts';

const MADRID_TIME = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * A receipt as a PDF. The totals printed are the booking's as they stood once this payment was counted
 * (payments confirmed up to it), so an old receipt keeps saying what it said.
 */
export function renderReceiptPdf(booking: BookingDocument, payment: DocumentPayment): Promise<Buffer> {
  const upToThis = booking.payments.slice(0, booking.payments.findIndex((p) => p.id === payment.id) + 1);
  const paid = (upToThis.length > 0 ? upToThis : [payment]).reduce((sum, p) => sum + p.amountCents, 0);
  const day = payment.confirmedAt.slice(0, 10);
  return renderPdf({
    title: 'Recibo de pago',
    office: booking.office,
    subtitle: `Pedido ${payment.orderNumber} · ${formatSpanishDate({ date: day })}`,
    issuedAt: payment.confirmedAt,
    draw: (doc) => {
      section(doc, 'Pago');
      rows(doc, [
        ['Importe', formatEuros(payment.amountCents)],
        ['Forma de pago', PAYMENT_METHOD_LABELS[payment.method] ?? payment.method],
        ['Fecha', `${formatSpanishDate({ date: day })}, ${MADRID_TIME.format(new Date(payment.confirmedAt))} (hora de Madrid)`],
        ['Número de pedido', payment.orderNumber],
        ['Recibo', payment.id],
      ]);
      section(doc, 'Reserva');
      rows(doc, [
        ['Localizador', booking.tkId ?? booking.differentId],
        ['Código de reserva', booking.differentId],
        ['Viaje', `${booking.tourName}, salida el ${formatSpanishDate({ date: booking.dayOne })}`],
        ['Titular', booking.lead.name],
        ['Total de la reserva', formatEuros(booking.totalCents)],
        ['Pagado hasta este recibo', formatEuros(paid)],
        ['Pendiente tras este pago', formatEuros(Math.max(0, booking.totalCents - paid))],
      ]);
      doc.moveDown(0.5);
      paragraph(doc, 'Este recibo justifica el pago a cuenta de un viaje combinado. Cada pago tiene su factura, del mismo día, en tu área de cliente.', {
        muted: true,
      });
    },
  });
}
