/**
 * The built-in sandbox terminal: what Redsys' payment page does, served by the API so development, tests
 * and the demo pay end to end without a bank. It receives the signed redirect form, shows a Spanish card
 * (or Bizum) form, approves Redsys' test card 4548 8100 0000 0003 (any future expiry, CVV 123) or the
 * Bizum test phone 700000000 and declines anything else (Ds_Response 0190), posts a notification signed
 * with the merchant key exactly as Redsys does, then sends the browser to UrlOK or UrlKO.
 *
 * Only on when REDSYS_URL points here, or outside production (config.redsys.sandboxEnabled).
 */
import { randomInt } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { escapeHtml } from '../services/mail/layout.ts';
import { processRedsysNotification } from '../services/payments/notifications.ts';
import { answerSandboxRefund } from '../services/payments/refunds.ts';
import {
  decodeParameters,
  EURO_CURRENCY,
  PAY_METHODS,
  RESPONSE_CANCELED_BY_USER,
  RESPONSE_DECLINED,
  type SignedParameters,
  signaturesMatch,
  signJson,
  signParameters,
} from '../services/payments/redsys.ts';
import { formatEuros } from '#shared/rules/money.ts';

/** Redsys' test card for approved payments, the expiry and CVV it wants, and the Bizum test phone. */
export const SANDBOX_TEST_CARD = '4548810000000003';
export const SANDBOX_TEST_CVV = '123';
export const SANDBOX_TEST_BIZUM_PHONE = '700000000';

interface SandboxOrder {
  signed: SignedParameters;
  order: string;
  amountCents: number;
  currency: string;
  merchantCode: string;
  terminal: string;
  merchantName: string;
  description: string;
  merchantData: string;
  bizum: boolean;
  urlOk: string;
  urlKo: string;
  merchantUrl: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The redirect form as the shop signed it; null when it is incomplete or its signature is not ours. */
function readSignedOrder(secretKey: string, body: Record<string, unknown>): SandboxOrder | null {
  const signed: SignedParameters = {
    Ds_SignatureVersion: text(body['Ds_SignatureVersion']),
    Ds_MerchantParameters: text(body['Ds_MerchantParameters']),
    Ds_Signature: text(body['Ds_Signature']),
  };
  if (signed.Ds_SignatureVersion !== 'HMAC_SHA256_V1') return null;
  const params = decodeParameters(signed.Ds_MerchantParameters);
  // Redsys accepts the parameter names in upper case or in Ds_Merchant_ camel case.
  const get = (name: string) => text(params?.[`DS_MERCHANT_${name}`] ?? params?.[`Ds_Merchant_${name[0]}${name.slice(1).toLowerCase()}`]);
  const order = get('ORDER');
  if (!params || !/^\d{4}[0-9A-Za-z]{0,8}$/.test(order)) return null;
  if (!signaturesMatch(signParameters(secretKey, order, signed.Ds_MerchantParameters), signed.Ds_Signature)) return null;
  const amount = get('AMOUNT');
  if (!/^\d+$/.test(amount)) return null;
  const urls = [get('URLOK'), get('URLKO'), get('MERCHANTURL')];
  if (!urls.every((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol))) return null;
  return {
    signed,
    order,
    amountCents: Number(amount),
    currency: get('CURRENCY'),
    merchantCode: get('MERCHANTCODE'),
    terminal: get('TERMINAL'),
    merchantName: get('MERCHANTNAME') || 'Comercio',
    description: get('PRODUCTDESCRIPTION'),
    merchantData: get('MERCHANTDATA'),
    bizum: get('PAYMETHODS') === PAY_METHODS.bizum,
    urlOk: urls[0]!,
    urlKo: urls[1]!,
    merchantUrl: urls[2]!,
  };
}

const STYLE = `
body{margin:0;background:#eef1f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 4px}
.note{background:#fff6d6;border:1px solid #e8c75a;border-radius:4px;padding:8px 10px;font-size:13px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0;font-size:14px}
dt{color:#52606d}dd{margin:0;font-weight:bold}
label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #7b8794;border-radius:4px}
input:focus{outline:3px solid #0b5d4b;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
.hint{font-size:13px;color:#52606d;margin:4px 0 0}
button{margin-top:20px;width:100%;font-size:16px;padding:12px;border-radius:4px;border:0;background:#0b5d4b;color:#fff;font-weight:bold;cursor:pointer}
button.secondary{background:#fff;color:#0b5d4b;border:2px solid #0b5d4b;margin-top:10px}
`;

/** The sandbox's own policy: its inline styles, its form and the shop it returns to; nothing else. */
function sandboxHeaders(c: Context, returnOrigins: string[]) {
  const formAction = ["'self'", ...new Set(returnOrigins)].join(' ');
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

function payPage(order: SandboxOrder): string {
  const hidden = (Object.entries(order.signed) as [string, string][])
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const fields = order.bizum
    ? `<label for="phone">Teléfono móvil asociado a Bizum</label>
<input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel-national" required aria-describedby="phone-hint">
<p class="hint" id="phone-hint">Prueba: ${SANDBOX_TEST_BIZUM_PHONE} aprueba el pago; cualquier otro lo rechaza.</p>`
    : `<label for="card">Número de tarjeta</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint">
<p class="hint" id="card-hint">Prueba: 4548 8100 0000 0003 aprueba el pago; cualquier otra tarjeta lo rechaza.</p>
<div class="row"><div><label for="expiry">Caducidad (MM/AA)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" required></div>
<div><label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required aria-describedby="cvv-hint"><p class="hint" id="cvv-hint">Prueba: 123</p></div></div>`;
  return page(
    'Pago seguro (terminal de pruebas)',
    `<h1>${order.bizum ? 'Pagar con Bizum' : 'Pagar con tarjeta'}</h1>
<p class="note" role="note">Terminal de pruebas: no se cobra nada de verdad.</p>
<dl><dt>Comercio</dt><dd>${escapeHtml(order.merchantName)}</dd><dt>Importe</dt><dd>${escapeHtml(formatEuros(order.amountCents))}</dd>
<dt>Concepto</dt><dd>${escapeHtml(order.description || '—')}</dd><dt>Pedido</dt><dd>${escapeHtml(order.order)}</dd></dl>
<form method="post" action="pay">${hidden}
${fields}
<button type="submit" name="action" value="pay">Pagar ${escapeHtml(formatEuros(order.amountCents))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancelar y volver a la tienda</button>
</form>`,
  );
}

const invalidPage = () =>
  page(
    'Pago no válido',
    '<h1>No podemos procesar este pago</h1><p>La petición de pago no es válida o ha sido modificada. Vuelve a la tienda e inténtalo de nuevo.</p>',
  );

/** "MM/AA" of this month or later. */
function expiryInFuture(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** What the bank answers: '0000' for the test card (or test Bizum phone), '0190' for anything else, '9915' when abandoned. */
function bankResponse(order: SandboxOrder, body: Record<string, unknown>, now: Date): string {
  if (text(body['action']) === 'cancel') return RESPONSE_CANCELED_BY_USER;
  if (order.bizum) return text(body['phone']).replace(/\D/g, '').replace(/^34/, '') === SANDBOX_TEST_BIZUM_PHONE ? '0000' : RESPONSE_DECLINED;
  const approved =
    text(body['card']).replace(/[\s-]/g, '') === SANDBOX_TEST_CARD &&
    expiryInFuture(text(body['expiry']), now) &&
    text(body['cvv']).trim() === SANDBOX_TEST_CVV;
  return approved ? '0000' : RESPONSE_DECLINED;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The notification's parameters as Redsys sends them (date and hour URL-encoded, Madrid time). */
function notificationParams(order: SandboxOrder, response: string, now: Date): Record<string, string> {
  const madrid = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Madrid' }));
  const approved = response === '0000';
  return {
    Ds_Date: encodeURIComponent(`${two(madrid.getDate())}/${two(madrid.getMonth() + 1)}/${madrid.getFullYear()}`),
    Ds_Hour: encodeURIComponent(`${two(madrid.getHours())}:${two(madrid.getMinutes())}`),
    Ds_SecurePayment: approved ? '1' : '0',
    Ds_Amount: String(order.amountCents),
    Ds_Currency: order.currency || EURO_CURRENCY,
    Ds_Order: order.order,
    Ds_MerchantCode: order.merchantCode,
    Ds_Terminal: order.terminal.padStart(3, '0'),
    Ds_Response: response,
    Ds_TransactionType: '0',
    Ds_MerchantData: order.merchantData,
    Ds_AuthorisationCode: approved ? String(randomInt(100_000, 1_000_000)) : '',
    Ds_ConsumerLanguage: '1',
    Ds_Card_Country: '724',
    Ds_Card_Brand: '1',
    Ds_ProcessedPayMethod: order.bizum ? '68' : '1',
  };
}

/** The sandbox's routes, mounted at /payments/sandbox. */
export function sandboxRoutes(deps: AppDeps) {
  const { config } = deps;
  const ownNotificationUrl = `${config.publicUrl.replace(/\/+$/, '')}/api/payments/redsys/notification`;
  const off = (c: Context) => c.text('No existe esa dirección de la API.', 404);
  const form = async (c: Context) => (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;

  return (
    new Hono<ApiEnv>()
      .post('/realizarPago', allow('public'), async (c) => {
        if (!config.redsys.sandboxEnabled) return off(c);
        const order = readSignedOrder(config.redsys.secretKey, await form(c));
        if (!order) {
          sandboxHeaders(c, []);
          return c.html(invalidPage(), 400);
        }
        sandboxHeaders(c, [new URL(order.urlOk).origin, new URL(order.urlKo).origin]);
        return c.html(payPage(order));
      })
      // Refunds (trataPeticionREST, transaction type 3), for a shop that reaches this sandbox over HTTP; the
      // shop that serves it answers its own in process (services/payments/refunds.ts).
      .post('/rest/trataPeticionREST', allow('public'), async (c) => {
        if (!config.redsys.sandboxEnabled) return off(c);
        // Anything but a JSON object (`null`, a number, a list) is a request without fields: Redsys' SIS0042.
        const parsed: unknown = await c.req.json().catch(() => null);
        const body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
        return c.json(await answerSandboxRefund(deps, body));
      })
      .post('/pay', allow('public'), async (c) => {
        if (!config.redsys.sandboxEnabled) return off(c);
        const body = await form(c);
        const order = readSignedOrder(config.redsys.secretKey, body);
        if (!order) {
          sandboxHeaders(c, []);
          return c.html(invalidPage(), 400);
        }
        const now = new Date();
        const response = bankResponse(order, body, now);
        const notification = signJson(config.redsys.secretKey, order.order, notificationParams(order, response, now));
        // Our own MerchantURL is answered in process (no network, no dependence on PUBLIC_URL being
        // reachable from here); another one gets the notification over HTTP as Redsys would send it.
        if (order.merchantUrl === ownNotificationUrl) {
          await processRedsysNotification(deps, { ...notification }, { now });
        } else {
          await fetch(order.merchantUrl, { method: 'POST', body: new URLSearchParams({ ...notification }) }).catch((error: unknown) =>
            console.error(JSON.stringify({ level: 'error', msg: 'sandbox notification not delivered', url: order.merchantUrl, error: String(error) })),
          );
        }
        sandboxHeaders(c, [new URL(order.urlOk).origin, new URL(order.urlKo).origin]);
        return c.redirect(response === '0000' ? order.urlOk : order.urlKo, 303);
      })
  );
}
