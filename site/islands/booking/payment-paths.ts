/** The addresses of the screens after the funnel, as the pay screens link to them (routes of shared/routes.ts). */
import { pathTo } from '#shared/routes.ts';

/** `/recibos-de-pago/{bookingId}`, with `?tk=` when the tkId is known (the credential without an account). */
export const receiptsPagePath = (bookingId: string, tkId: string | null): string => pathTo('receipts', { bookingId }, { tk: tkId });

/** The pay link of a booking that has a tkId: `/paga-tu-reserva/{id}/{tkId}/{slug}`. */
export const payLinkPath = ({ bookingId, tkId, slug }: { bookingId: string; tkId: string; slug: string }): string =>
  pathTo('payment-link', { id: bookingId, tkId, slug });

/** Where the terminal sends the visitor back, and where a payment's result and transfer details stay. */
export const confirmationPagePath = (paymentId: string): string => pathTo('confirmation', { paymentID: paymentId });

/** One receipt as a PDF (the API's download, `GET /api/payments/receipts/:bookingId/:paymentId.pdf?tk=`). */
export const receiptPdfPath = ({ bookingId, paymentId, tkId }: { bookingId: string; paymentId: string; tkId: string | null }): string =>
  `/api/payments/receipts/${encodeURIComponent(bookingId)}/${encodeURIComponent(paymentId)}.pdf${tkId ? `?tk=${encodeURIComponent(tkId)}` : ''}`;
