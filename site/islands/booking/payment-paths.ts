/** The addresses of the screens after the funnel, as the pay screens link to them. */
const enc = encodeURIComponent;

/** `/recibos-de-pago/{bookingId}`, with `?tk=` when the tkId is known (the credential without an account). */
export const receiptsPagePath = (bookingId: string, tkId: string | null): string => `/recibos-de-pago/${enc(bookingId)}${tkId ? `?tk=${enc(tkId)}` : ''}`;

/** The pay link of a booking that has a tkId: `/paga-tu-reserva/{id}/{tkId}/{slug}`. */
export const payLinkPath = ({ bookingId, tkId, slug }: { bookingId: string; tkId: string; slug: string }): string =>
  `/paga-tu-reserva/${enc(bookingId)}/${enc(tkId)}/${enc(slug)}`;

/** Where the terminal sends the visitor back, and where a payment's result and transfer details stay. */
export const confirmationPagePath = (paymentId: string): string => `/confirmacion/${enc(paymentId)}`;

/** One receipt as a PDF (the API's download, `GET /api/payments/receipts/:bookingId/:paymentId.pdf?tk=`). */
export const receiptPdfPath = ({ bookingId, paymentId, tkId }: { bookingId: string; paymentId: string; tkId: string | null }): string =>
  `/api/payments/receipts/${enc(bookingId)}/${enc(paymentId)}.pdf${tkId ? `?tk=${enc(tkId)}` : ''}`;
