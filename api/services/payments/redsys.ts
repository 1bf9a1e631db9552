/**
 * The Redsys redirect protocol (HMAC_SHA256_V1) through `redsys-easy`: the signed form the pay step posts
 * to the terminal, and the verification of the notification the terminal posts back. The same signing is
 * used by the built-in sandbox terminal to sign the notifications it sends, exactly as Redsys does: the
 * order number is encrypted with the merchant key (3DES), and that key signs the base64 parameters.
 */
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { createRedsysAPI, isResponseCodeOk, randomTransactionId, type RedirectInputParams, type RestNotificationOutputParams, SANDBOX_URLS } from 'redsys-easy';
import type { RedsysConfig } from '../../config.ts';

/** ISO 4217 numeric code of the euro: the only currency the shop charges in. */
export const EURO_CURRENCY = '978';
/** Ds_Response of a card the bank declined ("Transacción denegada"). */
export const RESPONSE_DECLINED = '0190';
/** Ds_Response of a payment the visitor abandoned on the terminal ("Operación cancelada por el usuario"). */
export const RESPONSE_CANCELED_BY_USER = '9915';
/** Redsys' payment method codes: 'C' card only, 'z' Bizum. */
export const PAY_METHODS = { card: 'C', bizum: 'z' } as const;

/** The three fields of a redirect form or of a notification. */
export interface SignedParameters {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/**
 * A new order number: 4 digits then 8 alphanumerics, 12 characters, as Redsys requires. Every payment
 * attempt gets its own (Redsys refuses an order number it has seen).
 */
export const newOrderNumber = (): string => randomTransactionId();

/**
 * The HMAC_SHA256_V1 signature of base64 merchant parameters for an order, standard base64.
 *
 * @example signParameters(key, '1234abcdEFGH', 'eyJE…') // 'x9gjNWEf…='
 */
export function signParameters(secretKey: string, order: string, merchantParameters: string): string {
  const key = Buffer.from(secretKey, 'base64');
  const message = Buffer.from(order, 'utf8');
  // Zero padding to the 8-byte block, as Redsys' own libraries do (no PKCS padding).
  const padded = Buffer.alloc(Math.ceil(message.length / 8) * 8);
  message.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const orderKey = Buffer.concat([cipher.update(padded), cipher.final()]);
  return createHmac('sha256', orderKey).update(merchantParameters).digest('base64');
}

/** Compares signatures whatever base64 alphabet each uses (Redsys answers in base64url). */
export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const b = Buffer.from(given.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Decodes base64 merchant parameters; null when they are not a JSON object. Nothing is verified here. */
export function decodeParameters(merchantParameters: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(merchantParameters, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Encodes parameters as the terminal does (JSON, base64) and signs them for `order`. */
export function signJson(secretKey: string, order: string, params: Record<string, string>): SignedParameters {
  const merchantParameters = Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
  return {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: signParameters(secretKey, order, merchantParameters),
  };
}

const apiFor = (config: RedsysConfig) => createRedsysAPI({ secretKey: config.secretKey, urls: { ...SANDBOX_URLS, redirect: config.url } });

export interface RedirectRequest {
  order: string;
  amountCents: number;
  method: 'card' | 'bizum';
  /** Where the terminal sends the browser back (UrlOK, UrlKO) and posts the notification (MerchantURL). */
  urlOk: string;
  urlKo: string;
  merchantUrl: string;
  description: string;
  merchantName: string;
  /** The cardholder's name, shown on the terminal's page. */
  holder: string;
  /** Echoed back in the notification (the payment id); never trusted without the signature. */
  merchantData: string;
}

/** The signed redirect form for one payment attempt (Redsys "pago por redirección"). */
export function createRedirect(config: RedsysConfig, request: RedirectRequest): { url: string; fields: SignedParameters } {
  const params: RedirectInputParams = {
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_MERCHANTCODE: config.merchantCode,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_ORDER: request.order,
    DS_MERCHANT_AMOUNT: String(request.amountCents),
    DS_MERCHANT_CURRENCY: EURO_CURRENCY,
    DS_MERCHANT_PAYMETHODS: PAY_METHODS[request.method],
    DS_MERCHANT_CONSUMERLANGUAGE: '1',
    // Redsys limits: 125 characters of description, 25 of merchant name, 60 of holder.
    DS_MERCHANT_PRODUCTDESCRIPTION: request.description.slice(0, 125),
    DS_MERCHANT_MERCHANTNAME: request.merchantName.slice(0, 25),
    DS_MERCHANT_TITULAR: request.holder.slice(0, 60),
    DS_MERCHANT_MERCHANTDATA: request.merchantData,
    DS_MERCHANT_MERCHANTURL: request.merchantUrl,
    DS_MERCHANT_URLOK: request.urlOk,
    DS_MERCHANT_URLKO: request.urlKo,
  };
  const { url, body } = apiFor(config).createRedirectForm(params);
  return { url, fields: body };
}

/** A notification whose signature checked out, with the fields the shop acts on. */
export interface VerifiedNotification {
  order: string;
  amountCents: number | null;
  currency: string | null;
  merchantCode: string | null;
  terminal: string | null;
  responseCode: string | null;
  /** Ds_Response 0000–0099: the bank authorised the payment. */
  approved: boolean;
  authorisationCode: string | null;
  params: RestNotificationOutputParams;
}

/**
 * Verifies a notification's signature with the merchant key and reads it. Throws when the signature,
 * its version or the parameters are wrong; the caller logs that and changes nothing.
 */
export function verifyNotification(config: RedsysConfig, fields: SignedParameters): VerifiedNotification {
  const params = apiFor(config).processRedirectNotification(fields);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
  const amount = text(params.Ds_Amount);
  const responseCode = text(params.Ds_Response);
  return {
    order: params.Ds_Order,
    amountCents: amount !== null && /^\d+$/.test(amount) ? Number(amount) : null,
    currency: text(params.Ds_Currency),
    merchantCode: text(params.Ds_MerchantCode),
    terminal: text(params.Ds_Terminal),
    responseCode,
    // Only 0000–0099 authorise a payment; redsys-easy also accepts 400/900 (refunds, cancellations).
    approved: responseCode !== null && /^\d{1,4}$/.test(responseCode) && Number(responseCode) < 100 && isResponseCodeOk(responseCode),
    authorisationCode: text(params.Ds_AuthorisationCode),
    params,
  };
}
