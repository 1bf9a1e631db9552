/**
 * Bookings for browser tests of the pay step, made through the API as the funnel's first four steps would:
 * create the booking on a demo departure, then complete every passenger (the API takes a booking to payment
 * only then). Also pays on the built-in sandbox terminal and reads the running shop's mail outbox.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { openLaneDatabase } from './lane-shop.ts';

/**
 * The shop at its public address (PUBLIC_URL's default, `http://localhost:{port}`): the terminal sends the
 * browser back there, so pay flows run on this origin from the start and stay on one origin (and its
 * cookies) throughout, as a visitor's do.
 */
export const SHOP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4399}`;

/** Redsys' test card: the sandbox terminal approves it and declines any other. */
export const APPROVED_CARD = '4548810000000003';
export const DECLINED_CARD = '4000000000000002';

/** On the pay step: both consents, then 'Pagar'. */
export async function acceptAndPay(page: Page): Promise<void> {
  await page.getByLabel(/acepto las condiciones de la reserva/).check();
  await page.getByLabel(/acepto la política de privacidad/).check();
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
}

/** On the sandbox terminal: a card, a future expiry and the test CVV, then 'Pagar …'. */
export async function payOnTerminal(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Pagar con tarjeta' })).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByLabel('Caducidad (MM/AA)').fill('12/35');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pagar / }).click();
}

export interface TestBooking {
  id: string;
  slug: string;
  periodId: string;
  dayOne: string;
  leadEmail: string;
}

interface Departure {
  periodId: string;
  dayOne: string;
  bookableAvailability: number;
}

/** Valid DNIs (the letter matches the number), one per traveller. */
const DOCUMENTS = ['12345678Z', '87654321X', '11111111H', '22222222J'];

/** The departures of a demo tour as the API lists them (live seats). */
export async function listDepartures(request: APIRequestContext, slug: string): Promise<Departure[]> {
  const response = await request.get(`/api/tours/${slug}/departures`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Departure[];
}

/**
 * A booking with every passenger complete, ready for the pay step, made by the browser of `request`. By default on the departure of `slug`
 * with the most seats (tests hold seats for minutes; the roomiest departure keeps the others bookable).
 */
export async function createPayableBooking(
  request: APIRequestContext,
  {
    slug = 'japon-esencial',
    adults = 1,
    departure,
    leadEmail = `ana.${Date.now()}.${Math.floor(Math.random() * 1e6)}@correo.es`,
    origin,
  }: { slug?: string; adults?: number; departure?: Departure; leadEmail?: string; origin?: string } = {},
): Promise<TestBooking> {
  const chosen = departure ?? (await listDepartures(request, slug)).sort((a, b) => b.bookableAvailability - a.bookableAvailability)[0];
  if (!chosen) throw new Error(`no departure of ${slug}`);
  // Made as a browser makes it: `request` should be the page's (`page.request`), whose cookies the page
  // shares, since a booking in progress opens only where it was made (its funnel cookie). Writes carry the
  // page's origin, as the API's CSRF check wants of requests with cookies.
  const headers = { origin: origin ?? SHOP_ORIGIN };
  const created = await request.post('/api/bookings', {
    headers,
    data: {
      periodId: chosen.periodId,
      adults,
      children: 0,
      lead: { name: 'Ana', surname: 'García López', email: leadEmail, phone: '+34 600 123 456' },
      consents: { privacy: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const view = (await (await request.get(`/api/bookings/${id}`)).json()) as { travellers: { id: string }[] };
  const completed = await request.patch(`/api/bookings/${id}`, {
    headers,
    data: {
      travellers: view.travellers.map((traveller, i) => ({
        id: traveller.id,
        reservationFields: {
          name: i === 0 ? 'Ana' : `Viajero ${i + 1}`,
          surname: 'García López',
          birthdate: '1985-04-12',
          national_id: DOCUMENTS[i % DOCUMENTS.length],
        },
      })),
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return { id, slug, periodId: chosen.periodId, dayOne: chosen.dayOne, leadEmail };
}

/**
 * A booking made through the API and paid by card on the sandbox terminal, as a browser would post it: in full,
 * or what is due at booking (`amount: 'due'`).
 */
export async function paidByCard(page: Page, { amount = 'full', ...options }: Parameters<typeof createPayableBooking>[1] & { amount?: 'due' | 'full' } = {}) {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const booking = await createPayableBooking(page.request, { ...options, origin });
  const started = await page.request.post(`/api/payments/booking/${booking.id}`, {
    data: { amount, method: 'card', acceptTerms: true, acceptPrivacy: true },
    headers: { origin },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { redirect, amountCents } = (await started.json()) as { redirect: { url: string; fields: Record<string, string> }; amountCents: number };
  // What the traveller's browser posts on the terminal's page with Redsys' test card.
  const paid = await page.request.post(redirect.url.replace('realizarPago', 'pay'), {
    form: { ...redirect.fields, card: APPROVED_CARD, expiry: '12/35', cvv: '123' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { booking, amountCents };
}

export interface OutboxMail {
  type: string;
  subject: string;
  text: string;
  attachments: string;
}

/** The newest mail of `type` to `to` in the shop's outbox, waiting a little for it to be queued. */
export async function findMail(to: string, type: string): Promise<OutboxMail> {
  const db = openLaneDatabase();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const row = db
        .prepare('select type, subject, text, attachments from mails where to_address = ? and type = ? order by created_at desc limit 1')
        .get(to, type) as OutboxMail | undefined;
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  throw new Error(`no ${type} mail to ${to}`);
}
