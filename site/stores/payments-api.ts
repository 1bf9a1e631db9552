/**
 * The calls of the pay step, the pay link, the confirmation and the receipts (shared/schemas/payments.ts)
 * through the typed client, each answered as `callApi` does: the JSON on success, the API's Spanish error
 * otherwise.
 */
import type { StartPaymentInput } from '#shared/schemas/payments.ts';
import { api, callApi } from '../lib/api-client.ts';
import { sendWithChallenge } from '../lib/challenge.ts';

/** Where a payment is made from: the funnel (the booking id is the capability) or a pay link (id and tkId). */
export type PaymentSource = { kind: 'booking'; bookingId: string } | { kind: 'link'; bookingId: string; tkId: string };

export const paymentsApi = {
  options: (from: PaymentSource) =>
    callApi(() =>
      from.kind === 'link'
        ? api.payments.link[':bookingId'][':tkId'].$get({ param: { bookingId: from.bookingId, tkId: from.tkId } })
        : api.payments.booking[':bookingId'].$get({ param: { bookingId: from.bookingId } }),
    ),
  start: (from: PaymentSource, json: StartPaymentInput) =>
    callApi(() =>
      from.kind === 'link'
        ? api.payments.link[':bookingId'][':tkId'].$post({ param: { bookingId: from.bookingId, tkId: from.tkId }, json })
        : api.payments.booking[':bookingId'].$post({ param: { bookingId: from.bookingId }, json }),
    ),
  hold: (bookingId: string) => callApi(() => api.bookings[':id'].hold.$post({ param: { id: bookingId } })),
  changeCoupon: (bookingId: string, couponCode: string | null) => callApi(() => api.bookings[':id'].$patch({ param: { id: bookingId }, json: { couponCode } })),
  result: (paymentId: string) => callApi(() => api.payments[':paymentId'].$get({ param: { paymentId } })),
  receipts: (bookingId: string, tk: string | null) =>
    callApi(() => api.payments.receipts[':bookingId'].$get({ param: { bookingId }, query: tk ? { tk } : {} })),
  saveBudget: (bookingId: string, budgetName: string) =>
    sendWithChallenge((altcha) =>
      callApi(() => api.bookings[':id'].budget.$post({ param: { id: bookingId }, json: { budgetName, ...(altcha ? { altcha } : {}) } })),
    ),
};
