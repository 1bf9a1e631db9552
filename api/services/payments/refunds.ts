/**
 * Refunds (issue 12): of card and Bizum payments, a Redsys "devolución" (transaction type 3) of the
 * payment's order, through the terminal that took it — the real one over its REST entry, or the built-in
 * sandbox, answered in process as its notifications are. Money that came another way (a transfer, cash, card at
 * the office, an agency's settlement: issue 31) staff give back themselves; the refund records it, no call.
 *
 * A refund first claims its amount on the payment with one conditional update, so it can never exceed
 * what was paid, even with two staff members pressing at once; then asks the terminal; then records the
 * outcome (a CREDIT to the traveller in the ledger, and the staff action). A terminal that refuses or
 * cannot be reached gives the amount back to the claimable part and the staff member reads why.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createRedsysAPI, GatewayError, SANDBOX_URLS } from 'redsys-easy';
import { formatEuros } from '#shared/rules/money.ts';
import { REFUND_REASON_REQUIRED } from '#shared/schemas/labels.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, recordStaffAction } from '../kit/apply-once.ts';
import { decodeParameters, EURO_CURRENCY, type SignedParameters, signaturesMatch, signJson, signParameters } from './redsys.ts';
import { recordRefund } from './ledger.ts';
import { reconcileInvoices } from '../invoices/issue.ts';

/** Ds_Response of an accepted refund ("Transacción autorizada para devoluciones y confirmaciones"). */
export const RESPONSE_REFUND_OK = '0900';
/** Redsys' error when a refund exceeds what the order can still give back. */
const SIS_AMOUNT_EXCEEDED = 'SIS0057';

export const REFUND_MESSAGES = {
  amount: 'Indica un importe mayor que 0 €.',
  tooMuch: (leftCents: number) => `No se puede devolver más de lo cobrado: quedan ${formatEuros(leftCents)} por devolver de este pago.`,
  notRefundable: 'Solo se pueden devolver pagos cobrados en dinero (los puntos no se devuelven así).',
  reason: REFUND_REASON_REQUIRED,
  refused: (code: string) => `El banco no ha aceptado la devolución (código ${code}). No se ha devuelto nada.`,
  unreachable: 'No hemos podido hablar con el banco. No se ha devuelto nada; inténtalo de nuevo en unos minutos.',
  refusedBefore: 'El banco no aceptó esta devolución y no se devolvió nada. Vuelve a pulsar «Devolver» para intentarlo otra vez.',
} as const;

/** Card and Bizum payments went through the shop's terminal, and are given back through it. */
const throughTerminal = (p: Pick<PaymentRow, 'paymentMethod'>) => p.paymentMethod === 'card' || p.paymentMethod === 'bizum';

/**
 * Whether money was taken for this payment: confirmed, or authorised by the terminal and then held for review
 * and rejected. Points are no money; the rest (transfers, cash, card at the office, an agency's) staff give
 * back themselves and the shop records it.
 */
const moneyTaken = (p: Pick<PaymentRow, 'paymentMethod' | 'status' | 'reviewReason'>) =>
  p.paymentMethod !== 'points' && (p.status === 'CONFIRMED' || (throughTerminal(p) && p.status === 'CANCELED' && p.reviewReason !== null));

export const refundableCents = (p: Pick<PaymentRow, 'paymentMethod' | 'status' | 'reviewReason' | 'amountCents' | 'refundedCents'>) =>
  moneyTaken(p) ? Math.max(0, p.amountCents - p.refundedCents) : 0;

export interface RefundDeps {
  db: Db;
  config: Pick<Config, 'redsys' | 'invoicing'>;
}

/** Asks the terminal to give back `amountCents` of `order`; the answer's Ds_Response, or throws. */
async function askTerminal({ db, config }: RefundDeps, order: string, amountCents: number): Promise<string> {
  // redsys-easy calls fetch with the REST URL as a string and a JSON body.
  const sandboxFetch = async (input: string | URL | { url: string }, init?: { body?: unknown }): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (config.redsys.sandbox && url === config.redsys.restUrl) {
      return Response.json(await answerSandboxRefund({ db, config }, JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>));
    }
    return fetch(url, init as RequestInit);
  };
  const api = createRedsysAPI({
    secretKey: config.redsys.secretKey,
    urls: { ...SANDBOX_URLS, redirect: config.redsys.url, restTrataPeticion: config.redsys.restUrl },
    fetch: sandboxFetch as never,
  });
  const answer = await api.restTrataPeticion({
    DS_MERCHANT_TRANSACTIONTYPE: '3',
    DS_MERCHANT_MERCHANTCODE: config.redsys.merchantCode,
    DS_MERCHANT_TERMINAL: config.redsys.terminal,
    DS_MERCHANT_ORDER: order,
    DS_MERCHANT_AMOUNT: String(amountCents),
    DS_MERCHANT_CURRENCY: EURO_CURRENCY,
  });
  return String(answer.Ds_Response ?? '');
}

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  reason: string;
  requestId: string;
}

/** How an earlier press with this request id ended: refused by the bank, or applied (or under way). */
async function earlierPress(db: Db, requestId: string): Promise<'refused' | 'replay' | null> {
  const first = await db.selectFrom('refunds').select('status').where('requestId', '=', requestId).executeTakeFirst();
  if (!first) return null;
  return first.status === 'FAILED' ? 'refused' : 'replay';
}

/**
 * Refunds part or all of one payment of `bookingId`. Answers `applied: false` when the same press was
 * already handled. Throws a 422 for an amount above what is left, a 409 when the terminal refuses.
 */
export async function refundPayment(
  deps: RefundDeps,
  { bookingId, request, actor, now = new Date() }: { bookingId: string; request: RefundRequest; actor: Actor; now?: Date },
): Promise<{ applied: boolean }> {
  const { db } = deps;
  const reason = request.reason.trim();
  if (!reason) throw new AppError('VALIDATION', REFUND_MESSAGES.reason, { reason: REFUND_MESSAGES.reason });
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
    throw new AppError('VALIDATION', REFUND_MESSAGES.amount, { amount: REFUND_MESSAGES.amount });
  }
  // A refund's press is kept by the refund it made (its request id is unique there): a press seen before
  // answers as it ended, before anything is checked against the payment as it is now.
  const earlier = await earlierPress(db, request.requestId);
  if (earlier === 'replay') return { applied: false };
  if (earlier === 'refused') throw new AppError('CONFLICT', REFUND_MESSAGES.refusedBefore);
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', request.paymentId).where('bookingId', '=', bookingId).executeTakeFirst();
  if (!payment) throw notFound('No encontramos ese pago en esta reserva.');
  if (!moneyTaken(payment)) throw new AppError('CONFLICT', REFUND_MESSAGES.notRefundable);

  // Claim: the amount is taken from what is left to refund, or nothing is.
  const stamp = now.toISOString();
  const refundId = randomUUID();
  const claimed = await db
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable('payments')
        .set((eb) => ({ refundedCents: eb('refundedCents', '+', request.amountCents), updatedAt: stamp }))
        .where('id', '=', payment.id)
        .where((eb) => eb(eb('refundedCents', '+', request.amountCents), '<=', eb.ref('amountCents')))
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return false;
      await trx
        .insertInto('refunds')
        .values({
          id: refundId,
          paymentId: payment.id,
          bookingId,
          amountCents: request.amountCents,
          status: 'PENDING',
          reason,
          requestId: request.requestId,
          actorEmail: actor.email,
          createdAt: stamp,
        })
        .execute();
      return true;
    })
    .catch(async (error: unknown) => {
      // The same press arriving twice: the first one holds the request id.
      const first = await earlierPress(db, request.requestId);
      if (first) return first;
      throw error;
    });
  if (claimed === 'replay') return { applied: false };
  // Its answer was lost on the way: this press was refused by the bank, and nothing was given back.
  if (claimed === 'refused') throw new AppError('CONFLICT', REFUND_MESSAGES.refusedBefore);
  if (!claimed) {
    const current = await db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    const left = refundableCents(current);
    throw new AppError('VALIDATION', REFUND_MESSAGES.tooMuch(left), { amount: REFUND_MESSAGES.tooMuch(left) });
  }

  let responseCode: string | null = null;
  let failure: string | null = null;
  try {
    // Money that did not go through the terminal is given back by staff (a transfer, cash): recorded, no call.
    if (throughTerminal(payment)) {
      responseCode = await askTerminal(deps, payment.orderNumber, request.amountCents);
      if (responseCode !== RESPONSE_REFUND_OK) failure = REFUND_MESSAGES.refused(responseCode || '—');
    }
  } catch (error) {
    failure = error instanceof GatewayError ? REFUND_MESSAGES.refused(String(error.code)) : REFUND_MESSAGES.unreachable;
    if (!(error instanceof GatewayError))
      console.error(JSON.stringify({ level: 'error', msg: 'refund: terminal unreachable', paymentId: payment.id, error: String(error) }));
  }

  const settled = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('refunds')
      .set({ status: failure ? 'FAILED' : 'DONE', responseCode, settledAt: settled })
      .where('id', '=', refundId)
      .execute();
    if (failure) {
      // Nothing was given back: the amount can be refunded again.
      await trx
        .updateTable('payments')
        .set((eb) => ({ refundedCents: eb('refundedCents', '-', request.amountCents), updatedAt: settled }))
        .where('id', '=', payment.id)
        .execute();
    } else {
      const booking = await trx.selectFrom('bookings').select('travelerId').where('id', '=', bookingId).executeTakeFirstOrThrow();
      if (booking.travelerId) await recordRefund(trx, { travelerId: booking.travelerId, bookingId, amountCents: request.amountCents, now: new Date(settled) });
      // The money given back leaves the invoices: a correction for it (docs/decisions/043).
      await reconcileInvoices(trx, { config: deps.config.invoicing, bookingId, now: new Date(settled), reason: `devolución: ${reason}` });
    }
    await recordStaffAction(
      trx,
      {
        entityType: 'booking',
        entityId: bookingId,
        action: failure ? 'refund-failed' : 'refund',
        actor,
        requestId: failure ? null : request.requestId,
        reason,
        before: { paymentId: payment.id, refundedCents: payment.refundedCents },
        after: { paymentId: payment.id, amountCents: request.amountCents, responseCode, status: failure ? 'FAILED' : 'DONE' },
      },
      new Date(settled),
    );
  });
  if (failure) throw new AppError('CONFLICT', failure);
  return { applied: true };
}

/**
 * The sandbox terminal's refund (trataPeticionREST, type 3): checks the signature as Redsys does, knows
 * the orders it approved (the shop's payments, as a bank knows its own), refuses a refund above what the
 * order can still give back (SIS0057), and answers signed with Ds_Response 0900.
 */
export async function answerSandboxRefund({ db, config }: RefundDeps, body: Record<string, unknown>): Promise<SignedParameters | { errorCode: string }> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const merchantParameters = text(body.Ds_MerchantParameters);
  const params = decodeParameters(merchantParameters);
  const get = (name: string) => text(params?.[`DS_MERCHANT_${name}`] ?? params?.[`Ds_Merchant_${name[0]}${name.slice(1).toLowerCase()}`]);
  const order = get('ORDER');
  if (!params || text(body.Ds_SignatureVersion) !== 'HMAC_SHA256_V1' || !order) return { errorCode: 'SIS0042' };
  if (!signaturesMatch(signParameters(config.redsys.secretKey, order, merchantParameters), text(body.Ds_Signature))) return { errorCode: 'SIS0042' };
  if (get('TRANSACTIONTYPE') !== '3') return { errorCode: 'SIS0054' };
  const amount = get('AMOUNT');
  const payment = await db.selectFrom('payments').selectAll().where('orderNumber', '=', order).executeTakeFirst();
  if (!payment || !moneyTaken(payment) || !/^\d+$/.test(amount)) return { errorCode: 'SIS0054' };
  const done = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
    .where('paymentId', '=', payment.id)
    .where('status', '=', 'DONE')
    .executeTakeFirstOrThrow();
  if (Number(done.cents) + Number(amount) > payment.amountCents) return { errorCode: SIS_AMOUNT_EXCEEDED };
  return signJson(config.redsys.secretKey, order, {
    Ds_Amount: amount,
    Ds_Currency: get('CURRENCY') || EURO_CURRENCY,
    Ds_Order: order,
    Ds_MerchantCode: get('MERCHANTCODE'),
    Ds_Terminal: get('TERMINAL'),
    Ds_Response: RESPONSE_REFUND_OK,
    Ds_AuthorisationCode: String(randomInt(100_000, 1_000_000)),
    Ds_TransactionType: '3',
    Ds_SecurePayment: '0',
    Ds_Language: '1',
    Ds_MerchantData: '',
    Ds_Card_Country: '724',
  });
}
