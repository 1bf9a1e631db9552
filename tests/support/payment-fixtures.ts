/**
 * For the API's payment tests: a booking at the pay step (or paid through it), notifications signed as the
 * terminal signs them, and the text of the PDFs the shop renders.
 */
import type { AuthContext } from '#api/auth-context.ts';
import type { Config } from '#api/config.ts';
import type { Db } from '#api/db/database.ts';
import { refreshOwedSince } from '#api/services/payments/balances.ts';
import { decodeParameters, EURO_CURRENCY, signJson } from '#api/services/payments/redsys.ts';
import { cookieHeader, storeCookies, TEST_ORIGIN } from './auth-client.ts';
import { day, jsonRequest, passengerFields, validBooking } from './booking-fixtures.ts';
import { testConfig } from './test-config.ts';

/** Any API under test: `createTestApi`'s, or one whose callers sign in for real. */
export interface TestApi {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export const acceptAll = { acceptTerms: true, acceptPrivacy: true } as const;

/**
 * Creates a booking through the API (2 adults, 1 child on departure p1), completes its passengers step
 * unless told not to, and returns its id and owner. It completes the booking as the browser that made it
 * (with the funnel cookie the creation set), whatever `api` keeps between calls.
 */
export async function createBookingForPayment(api: TestApi, db: Db, { passengers = true }: { passengers?: boolean } = {}) {
  const res = await api.request('/bookings', jsonRequest('POST', validBooking()));
  if (res.status !== 201) throw new Error(`booking not created: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const jar = new Map<string, string>();
  storeCookies(jar, res);
  const asMaker = { cookie: cookieHeader(jar), origin: TEST_ORIGIN };
  if (passengers) {
    const state = (await (await api.request(`/bookings/${id}`, { headers: asMaker })).json()) as { travellers: { id: string; ageGroup: string }[] };
    const patch = jsonRequest('PATCH', { travellers: passengerFields(state.travellers) });
    const patched = await api.request(`/bookings/${id}`, { ...patch, headers: { ...(patch.headers as Record<string, string>), ...asMaker } });
    if (patched.status !== 200) throw new Error(`passengers not saved: ${patched.status} ${await patched.text()}`);
  }
  const { travelerId } = await db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
  const owner: AuthContext = { userId: 'u-owner', email: 'ana.garcia@viajes.es', travelerId, groups: [] };
  return { id, owner };
}

/** Starts a payment through `path` ('/payments/booking/{id}' or the link) and returns the answer. */
export async function startPaymentRequest(api: TestApi, path: string, body: Record<string, unknown>, auth?: AuthContext) {
  const res = await api.request(path, jsonRequest('POST', { ...acceptAll, ...body }, auth));
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
  return { res, body: (await res.json()) as Record<string, any> };
}

/**
 * A booking (as `createBookingForPayment` makes it) paid in full through the shop: by card, approved by the
 * terminal's signed notification, so it is CONFIRMED; or by bank transfer, left WAITING_FOR_TRANSFER.
 * Returns its id and the payment's row.
 */
export async function paidBooking(api: TestApi, db: Db, { method = 'card' }: { method?: 'card' | 'transfer' } = {}) {
  const { id } = await createBookingForPayment(api, db);
  const started = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method });
  if (started.res.status !== 201) throw new Error(`payment not started: ${started.res.status}`);
  const payment = await db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
  if (method === 'card') {
    const notified = await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }));
    if (notified.status !== 200) throw new Error(`payment not confirmed: ${notified.status}`);
  }
  return { id, payment };
}

/** The notification the terminal would post for an order, signed with `key` (the merchant's by default). */
export function signedNotification(
  config: Pick<Config, 'redsys'>,
  {
    order,
    amountCents,
    response = '0000',
    currency = EURO_CURRENCY,
    key = config.redsys.secretKey,
    extra = {},
  }: { order: string; amountCents: number; response?: string; currency?: string; key?: string; extra?: Record<string, string> },
): Record<string, string> {
  return {
    ...signJson(key, order, {
      Ds_Date: '22%2F11%2F2026',
      Ds_Hour: '12%3A30',
      Ds_Amount: String(amountCents),
      Ds_Currency: currency,
      Ds_Order: order,
      Ds_MerchantCode: config.redsys.merchantCode,
      Ds_Terminal: '001',
      Ds_Response: response,
      Ds_TransactionType: '0',
      Ds_SecurePayment: '1',
      Ds_AuthorisationCode: response === '0000' ? '123456' : '',
      ...extra,
    }),
  };
}

/** Posts a notification as the terminal does: form-encoded, no cookies, no Origin. */
export const postNotification = (api: TestApi, fields: Record<string, string>) =>
  api.request('/payments/redsys/notification', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** The parameters of a redirect form, decoded. */
export const redirectParams = (fields: { Ds_MerchantParameters: string }) => decodeParameters(fields.Ds_MerchantParameters) as Record<string, string>;

/**
 * The text of an uncompressed pdfkit PDF: every `[<hex> …] TJ` run decoded from WinAnsi, one per line.
 * Enough to check that a document says what it must.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1');
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const run of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
    const hex = [...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(decoder.decode(Buffer.from(hex, 'hex')));
  }
  return lines.join('\n');
}

/**
 * A booking confirmed with what was due at booking paid by card (1 €, a pre-booking), its deposit's deadline
 * then moved twenty days into the past, as a booking made long ago would have it; its balance stays ahead.
 * Its `owed_since` is written by the shop's own code. Returns its id, what was paid and its deadlines.
 */
export async function overdueBooking(api: TestApi, db: Db) {
  const { id } = await createBookingForPayment(api, db);
  const started = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'due', method: 'card' });
  if (started.res.status !== 201) throw new Error(`payment not started: ${started.res.status}`);
  const payment = await db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
  const notified = await postNotification(api, signedNotification(testConfig({}), { order: payment.orderNumber, amountCents: payment.amountCents }));
  if (notified.status !== 200) throw new Error(`payment not confirmed: ${notified.status}`);
  const { deadlinesStringify } = await db.selectFrom('bookings').select('deadlinesStringify').where('id', '=', id).executeTakeFirstOrThrow();
  const scheduled = JSON.parse(deadlinesStringify) as { date: string; amountCents: number }[];
  if (scheduled.length < 2) throw new Error('the booking has no deposit apart from its balance');
  const deadlines = scheduled.map((d, i) => ({ ...d, date: i === 0 ? day(-20) : d.date }));
  await db
    .updateTable('bookings')
    .set({ deadlinesStringify: JSON.stringify(deadlines) })
    .where('id', '=', id)
    .execute();
  await refreshOwedSince(db, id);
  return { id, paidCents: payment.amountCents, deadlines };
}
