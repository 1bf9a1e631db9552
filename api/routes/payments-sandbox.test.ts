import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { createShop } from '../server.ts';
import { testConfig } from '../../tests/support/test-config.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createTestApi, insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { createBookingForPayment, startPaymentRequest, type TestApi } from '../../tests/support/payment-fixtures.ts';
import { SANDBOX_TEST_CARD } from './payments-sandbox.ts';

const config = testConfig({});
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(config.publicUrl).origin },
  body: new URLSearchParams(fields).toString(),
});
/** The sandbox's path inside the API app (`api.request` has no /api prefix). */
const apiPath = (url: string) => new URL(url, config.publicUrl).pathname.replace(/^\/api/, '');

describe.each(portableDialects)('the sandbox terminal end to end on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  let bookingId: string;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db);
    ({ id: bookingId } = await createBookingForPayment(api, t.db));
  });
  afterEach(async () => t.drop());

  /** The pay step's start, then the browser posting the redirect form to the terminal. */
  const openTerminal = async (method: 'card' | 'bizum' = 'card') => {
    const { body } = await startPaymentRequest(api, `/payments/booking/${bookingId}`, { amount: 'due', method });
    const page = await api.request(apiPath(body.redirect.url), form(body.redirect.fields));
    return { started: body, page, fields: body.redirect.fields as Record<string, string> };
  };
  const result = async (paymentId: string) => (await api.request(`/payments/${paymentId}`)).json();

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a list', '[]'],
    ['no JSON', 'trataPeticion'],
  ])('answers a refund request whose body is %s as Redsys does (SIS0042), not with an error', async (_, body) => {
    const res = await api.request('/payments/sandbox/rest/trataPeticionREST', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errorCode: 'SIS0042' });
  });
  it('shows a Spanish card form with the amount and merchant under its own content security policy', async () => {
    const { page } = await openTerminal();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain(`form-action 'self' ${new URL(config.publicUrl).origin}`);
    expect(csp).not.toContain('script-src');
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<label for="card">Número de tarjeta</label>');
    expect(html).toContain('<label for="expiry">Caducidad (MM/AA)</label>');
    expect(html).toContain('<label for="cvv">CVV</label>');
    expect(html).toContain('Different Roads');
    expect(html).toContain('Pagar 1 €');
  });

  it('approves the test card: signed notification, payment and booking confirmed, browser sent to UrlOK', async () => {
    const { started, fields } = await openTerminal();
    const paid = await api.request('/payments/sandbox/pay', form({ ...fields, card: '4548 8100 0000 0003', expiry: '12/49', cvv: '123', action: 'pay' }));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${config.publicUrl}/confirmacion/${started.paymentId}`);
    expect(await result(started.paymentId)).toMatchObject({ status: 'CONFIRMED', booking: { status: 'CONFIRMED', paidCents: 100 } });
    const log = await t.db.selectFrom('paymentNotifications').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ outcome: 'approved', responseCode: '0000', signatureVersion: 'HMAC_SHA256_V1' });
  });

  it.each([
    ['another card', { card: '4548810000000011', expiry: '12/49', cvv: '123', action: 'pay' }, 'FAILED'],
    ['an expired card', { card: SANDBOX_TEST_CARD, expiry: '01/20', cvv: '123', action: 'pay' }, 'FAILED'],
    ['a wrong CVV', { card: SANDBOX_TEST_CARD, expiry: '12/49', cvv: '999', action: 'pay' }, 'FAILED'],
    ['the visitor canceling', { action: 'cancel' }, 'FAILED'],
  ])('declines %s: payment failed, seats back, browser sent to UrlKO', async (_, card, status) => {
    const { started, fields } = await openTerminal();
    const res = await api.request('/payments/sandbox/pay', form({ ...fields, ...card }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${config.publicUrl}/confirmacion/${started.paymentId}`);
    expect(await result(started.paymentId)).toMatchObject({ status, booking: { status: 'IN_PROGRESS', paidCents: 0 } });
    const responses = await t.db.selectFrom('paymentNotifications').select('responseCode').execute();
    expect(responses.map((r) => r.responseCode)).toEqual([card.action === 'cancel' ? '9915' : '0190']);
    expect((await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability).toBe(10);
  });

  it('takes Bizum with the test phone', async () => {
    const { started, page, fields } = await openTerminal('bizum');
    expect(await page.text()).toContain('Teléfono móvil asociado a Bizum');
    const res = await api.request('/payments/sandbox/pay', form({ ...fields, phone: '700 000 000', action: 'pay' }));
    expect(res.status).toBe(303);
    expect((await result(started.paymentId)).status).toBe('CONFIRMED');
  });

  it('refuses a redirect form whose parameters were changed (400), and pays nothing', async () => {
    const { started, fields } = await openTerminal();
    const params = JSON.parse(Buffer.from(fields.Ds_MerchantParameters!, 'base64').toString('utf8'));
    const forged = { ...fields, Ds_MerchantParameters: Buffer.from(JSON.stringify({ ...params, DS_MERCHANT_AMOUNT: '1' })).toString('base64') };
    expect((await api.request('/payments/sandbox/realizarPago', form(forged))).status).toBe(400);
    const pay = await api.request('/payments/sandbox/pay', form({ ...forged, card: SANDBOX_TEST_CARD, expiry: '12/49', cvv: '123', action: 'pay' }));
    expect(pay.status).toBe(400);
    expect((await result(started.paymentId)).status).toBe('PENDING');
    expect((await api.request('/payments/sandbox/realizarPago', form({}))).status).toBe(400);
  });

  it('is off in production when the shop uses a real terminal', async () => {
    const live = testConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
      REDSYS_SECRET_KEY: Buffer.from('clave-real-de-24-bytes!!').toString('base64'),
    });
    const liveApi = createApi({ db: t.db, config: { ...live, databaseUrl: t.url } });
    expect((await liveApi.request('/payments/sandbox/realizarPago', form({}))).status).toBe(404);
    expect((await liveApi.request('/payments/sandbox/pay', form({}))).status).toBe(404);
  });
});

describe('payment configuration', () => {
  it("lets the shop's pages post the redirect form to a real terminal", async () => {
    const live = testConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shop-payments-csp', REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago' });
    const t = await createTestDatabase('sqlite');
    try {
      const policy = async (c: typeof config) => (await createShop({ db: t.db, config: c }).request('/viajes')).headers.get('content-security-policy') ?? '';
      expect(await policy(live)).toContain("form-action 'self' https://sis-t.redsys.es:25443;");
      expect(await policy(testConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shop-payments-csp' }))).toContain("form-action 'self';");
    } finally {
      await t.drop();
    }
  });

  it('defaults to the built-in sandbox with Redsys test credentials and the demo bank account', () => {
    const c = testConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://www.example.es' });
    expect(c.redsys).toEqual({
      url: 'https://www.example.es/api/payments/sandbox/realizarPago',
      restUrl: 'https://www.example.es/api/payments/sandbox/rest/trataPeticionREST',
      secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      merchantCode: '999008881',
      terminal: '1',
      sandbox: true,
      sandboxEnabled: true,
    });
    expect(c.bankTransfer.demo).toBe(true);
    expect(c.warnings).toEqual([]);
    // Refunds go to the REST entry beside the terminal's payment page, unless it is named.
    const test = testConfig({ NODE_ENV: 'test', REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago' });
    expect(test.redsys.restUrl).toBe('https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST');
    expect(testConfig({ NODE_ENV: 'test', REDSYS_REST_URL: 'https://pasarela.example/rest' }).redsys.restUrl).toBe('https://pasarela.example/rest');
  });

  it('warns in production about simulated payments and the demo account, and refuses a real terminal without its key', () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) } as const;
    expect(testConfig(prod).warnings).toEqual([
      expect.stringContaining('Pagos simulados'),
      expect.stringContaining('Facturas'),
      expect.stringContaining('Transferencias'),
    ]);
    // Without the issuing company's data production issues no invoice, and says so.
    expect(testConfig(prod).invoicing.issuer).toBeNull();
    expect(() => testConfig({ ...prod, REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago' })).toThrow(/REDSYS_SECRET_KEY/);
    expect(() => testConfig({ ...prod, REDSYS_SECRET_KEY: 'corta' })).toThrow(/REDSYS_SECRET_KEY/);
    const live = testConfig({
      ...prod,
      REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
      REDSYS_SECRET_KEY: Buffer.from('clave-real-de-24-bytes!!').toString('base64'),
      REDSYS_MERCHANT_CODE: '123456789',
      REDSYS_TERMINAL: '2',
      BANK_TRANSFER_IBAN: 'ES76 2077 0024 0031 0257 5766',
      BANK_TRANSFER_BENEFICIARY: 'Viajes, S.L.',
      BANK_TRANSFER_BANK: 'Banco',
      INVOICE_ISSUER_NAME: 'Viajes, S.L.',
      INVOICE_ISSUER_NIF: 'B12345678',
      INVOICE_ISSUER_ADDRESS: 'Calle Mayor 1, 28013 Madrid',
      AEAT_CERT_P12_PATH: '/run/secrets/empresa.p12',
      AEAT_VERIFACTU_URL: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    });
    expect(live.redsys).toMatchObject({ sandbox: false, sandboxEnabled: false, merchantCode: '123456789', terminal: '2' });
    expect(live.bankTransfer).toEqual({ iban: 'ES76 2077 0024 0031 0257 5766', beneficiary: 'Viajes, S.L.', bank: 'Banco', demo: false });
    expect(live.invoicing.issuer).toEqual({ name: 'Viajes, S.L.', nif: 'B12345678', address: 'Calle Mayor 1, 28013 Madrid' });
    expect(live.invoicing.aeat).toMatchObject({ certPath: '/run/secrets/empresa.p12', test: false });
    expect(live.warnings).toEqual([]);
  });
});
