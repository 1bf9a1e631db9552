/**
 * The spec's mail types (INFO_PRACTICA … PETITON_RESERVA): a subject and a body built from the data the
 * caller gives, each sent by the service that owns its moment (payments, jobs, the back office).
 */
import type { MailType } from '#shared/enums.ts';
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { greet, type MailContent, renderMail } from './layout.ts';

/** What a booking mail may say; every field is optional until the booking issue settles each mail. */
export interface BookingMailData {
  travelerName?: string;
  tourName?: string;
  bookingReference?: string;
  /** The departure day, `YYYY-MM-DD`. */
  dayOne?: string;
  amountCents?: number;
  /** Where the traveller acts on the mail (pay, see the booking, download the voucher). */
  link?: string;
  /** The pay-by-link address for what is still owed (the tkId is in it, no account needed). */
  payLink?: string;
  /** Payment mails: the return day (`YYYY-MM-DD`), how many travel, what is paid and owed, how it was paid. */
  returnDate?: string;
  travellerCount?: number;
  paidCents?: number;
  remainingCents?: number;
  paymentMethod?: string;
  /** A payment reminder's deadline, `YYYY-MM-DD`. */
  deadline?: string;
  /** A bank transfer's instructions: the shop's account and the reference to write on it. */
  transfer?: { iban: string; beneficiary: string; bank: string; reference: string };
  /** A pre-booking's payment deadlines: what is owed by which day. */
  deadlines?: { date: string; amountCents: number }[];
}

const trip = (d: BookingMailData) => (d.tourName ? ` «${d.tourName}»` : '');
const ref = (d: BookingMailData) => (d.bookingReference ? ` (reserva ${d.bookingReference})` : '');
const departure = (d: BookingMailData) => (d.dayOne ? `Salida: ${formatSpanishDate({ date: d.dayOne })}.` : null);
const amount = (label: string, d: BookingMailData) => (d.amountCents !== undefined ? `${label}: ${formatEuros(d.amountCents)}.` : null);
const lines = (...items: (string | null)[]) => items.filter((item): item is string => item !== null);
const button = (label: string, d: BookingMailData) => (d.link ? { button: { label, url: d.link } } : {});

const FOOTNOTE = 'Si tienes cualquier duda, responde a este correo y te ayudamos.';

/** What the BUDGET mail adds: the name the visitor gave it and today's quote, line by line. */
export interface BudgetMailData extends BookingMailData {
  budgetName?: string;
  /** The quote's lines ('Precio base', 'Vuelos', discounts negative); `amountCents` is the total. */
  lines?: { label: string; amountCents: number }[];
}

export const BOOKING_TEMPLATES: Record<MailType, (data: BookingMailData) => MailContent> = {
  INFO_PRACTICA: (d) =>
    renderMail(`Información práctica para tu viaje${trip(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(`Te enviamos la información práctica de tu viaje${trip(d)}${ref(d)}.`, departure(d)),
      ...button('Ver la información del viaje', d),
      footnote: FOOTNOTE,
    }),
  BONO_RESERVA: (d) =>
    renderMail(`Reserva confirmada${trip(d)}${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `¡Tu viaje${trip(d)} está confirmado! Tu reserva${d.bookingReference ? ` ${d.bookingReference}` : ''} ya tiene sus plazas garantizadas.`,
        d.dayOne && d.returnDate ? `Fechas: ${formatDateRange({ from: d.dayOne, to: d.returnDate })}.` : departure(d),
        d.travellerCount !== undefined ? `Viajeros: ${d.travellerCount}.` : null,
        d.paidCents !== undefined
          ? `Has pagado ${formatEuros(d.paidCents)}${d.remainingCents ? ` y quedan ${formatEuros(d.remainingCents)} por pagar en los plazos de tu reserva; te avisaremos antes de cada uno` : ': tu viaje está pagado por completo'}.`
          : null,
        'Adjuntamos tu bono de reserva en PDF con todos los datos del viaje. Guárdalo y llévalo contigo junto con tu DNI o pasaporte.',
      ),
      ...button('Ver mi reserva', d),
      footnote: FOOTNOTE,
    }),
  PAYMENT: (d) =>
    renderMail(`Hemos recibido tu pago${d.amountCents !== undefined ? ` de ${formatEuros(d.amountCents)}` : ''}${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Gracias: hemos recibido tu pago para el viaje${trip(d)}${ref(d)}.`,
        amount('Importe', d),
        d.paymentMethod ? `Forma de pago: ${d.paymentMethod}.` : null,
        d.paidCents !== undefined ? `Llevas pagado ${formatEuros(d.paidCents)}.` : null,
        d.remainingCents !== undefined ? (d.remainingCents > 0 ? `Queda por pagar: ${formatEuros(d.remainingCents)}.` : 'No queda nada por pagar.') : null,
        d.payLink && (d.remainingCents ?? 0) > 0 ? `Puedes pagar lo que queda cuando quieras en ${d.payLink}` : null,
        'Adjuntamos el recibo en PDF.',
      ),
      ...button('Ver mis recibos', d),
      footnote: FOOTNOTE,
    }),
  REMINDER_PAYMENT: (d) =>
    renderMail(`Recordatorio: tienes un pago pendiente${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Te recordamos que tienes un pago pendiente del viaje${trip(d)}${ref(d)}.`,
        amount('Importe pendiente', d),
        d.deadline ? `Fecha límite: ${formatSpanishDate({ date: d.deadline })}.` : null,
        departure(d),
      ),
      ...button('Pagar ahora', d),
      footnote: FOOTNOTE,
    }),
  ON_REQUEST: (d) =>
    renderMail(`Tu reserva está en petición${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Hemos recibido tu reserva del viaje${trip(d)}${ref(d)}. Estamos confirmando las plazas y te escribiremos en cuanto lo tengamos.`,
        departure(d),
      ),
      ...button('Ver mi reserva', d),
      footnote: FOOTNOTE,
    }),
  PAYMENT_FALLIDO: (d) =>
    renderMail(`Tu pago no se ha completado${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `El banco no ha autorizado el pago${d.amountCents !== undefined ? ` de ${formatEuros(d.amountCents)}` : ''} de tu reserva del viaje${trip(d)}${ref(d)}. No se ha hecho ningún cargo.`,
        'Tu reserva y lo que elegiste siguen guardados. Puedes intentarlo de nuevo con otra tarjeta o con Bizum, o elegir transferencia bancaria.',
        'Si el problema continúa, consulta con tu banco: a veces bloquea los pagos por internet o pide confirmarlos en su aplicación.',
      ),
      ...button('Intentar el pago de nuevo', d),
      footnote: FOOTNOTE,
    }),
  PRE_BOOKING: (d) =>
    renderMail(`Tu prerreserva está confirmada${trip(d)}${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Tus plazas del viaje${trip(d)} están reservadas${d.amountCents !== undefined ? `: has pagado ${formatEuros(d.amountCents)} de prerreserva` : ''}${ref(d)}.`,
        d.dayOne && d.returnDate ? `Fechas: ${formatDateRange({ from: d.dayOne, to: d.returnDate })}.` : departure(d),
        d.remainingCents !== undefined && d.remainingCents > 0
          ? d.deadlines?.length
            ? `Quedan ${formatEuros(d.remainingCents)} por pagar en estos plazos; te avisaremos antes de cada uno.`
            : `Quedan ${formatEuros(d.remainingCents)} por pagar antes de la salida; te lo recordaremos.`
          : null,
        d.payLink ? `Puedes pagar cuando quieras en ${d.payLink}` : null,
        'Adjuntamos el recibo en PDF. El bono de reserva va en otro correo.',
      ),
      ...(d.deadlines?.length
        ? {
            rows: d.deadlines.map((deadline) => ({
              label: `Antes del ${formatSpanishDate({ date: deadline.date })}`,
              value: formatEuros(deadline.amountCents),
            })),
          }
        : {}),
      ...button('Ver mi reserva', d),
      footnote: FOOTNOTE,
    }),
  BUDGET: (d: BudgetMailData) =>
    renderMail(`Tu presupuesto${d.budgetName ? ` «${d.budgetName}»` : ''}${d.tourName ? ` para el viaje${trip(d)}` : ''}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Aquí tienes el presupuesto${d.budgetName ? ` «${d.budgetName}»` : ''} que has guardado para el viaje${trip(d)}.`,
        departure(d),
        d.travellerCount ? `Viajeros: ${d.travellerCount}.` : null,
        // Without lines the total is the whole budget; with them it closes the table.
        d.lines?.length ? null : amount('Total', d),
      ),
      ...(d.lines?.length
        ? {
            rows: [
              ...d.lines.map((line) => ({ label: line.label, value: formatEuros(line.amountCents) })),
              ...(d.amountCents !== undefined ? [{ label: 'Total', value: formatEuros(d.amountCents), strong: true }] : []),
            ],
          }
        : {}),
      ...button('Continuar con mi reserva', d),
      footnote: `Los precios y las plazas no quedan reservados hasta que confirmes la reserva: pueden cambiar. Con el botón retomas la reserva donde la dejaste. ${FOOTNOTE}`,
    }),
  PETITON_RESERVA: (d) =>
    renderMail(`Hemos recibido tu petición de reserva${trip(d)}${ref(d)}`, {
      greeting: greet(d.travelerName),
      paragraphs: lines(
        `Hemos recibido tu petición de reserva para el viaje${trip(d)}${ref(d)}. Guardamos tus plazas mientras llega tu transferencia.`,
        departure(d),
        d.transfer
          ? `Haz la transferencia${d.amountCents !== undefined ? ` de ${formatEuros(d.amountCents)}` : ''} con estos datos${d.deadline ? ` antes del ${formatSpanishDate({ date: d.deadline })}` : ''}:`
          : null,
      ),
      ...(d.transfer
        ? {
            rows: [
              { label: 'Titular', value: d.transfer.beneficiary },
              { label: 'IBAN', value: d.transfer.iban },
              { label: 'Banco', value: d.transfer.bank },
              { label: 'Concepto', value: d.transfer.reference, strong: true },
              ...(d.amountCents !== undefined ? [{ label: 'Importe', value: formatEuros(d.amountCents), strong: true }] : []),
            ],
          }
        : {}),
      ...button('Ver mi reserva', d),
      footnote: `Cuando recibamos la transferencia confirmaremos tu reserva y te enviaremos el bono. Si no llega a tiempo, las plazas vuelven a la venta. ${FOOTNOTE}`,
    }),
};
