/**
 * The terminal's notification (Redsys "notificación online" to the MerchantURL): the only thing that
 * settles a card or Bizum payment. It is verified (signature with the merchant key, known order, amount,
 * currency, merchant and terminal as the payment was started) and idempotent: only a PENDING payment
 * changes, with a conditional update, so a replayed, tampered, unknown-order or late notification changes
 * nothing. Every notification is logged in `payment_notifications` with what it did.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/tables.ts';
import { confirmPayment, failPayment, holdPaymentForReview, PaymentNeedsReview } from './settle.ts';
import { decodeParameters, EURO_CURRENCY, type SignedParameters, type VerifiedNotification, verifyNotification } from './redsys.ts';

export type NotificationOutcome =
  | 'approved'
  | 'declined'
  | 'replayed'
  | 'late'
  | 'review'
  | 'bad-signature'
  | 'unknown-order'
  | 'mismatch'
  | 'malformed'
  | 'error';

export interface NotificationResult {
  outcome: NotificationOutcome;
  paymentId: string | null;
  detail: string | null;
}

const field = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What in a verified notification differs from the payment it names; null when it all matches. */
function mismatch(config: Pick<Config, 'redsys'>, payment: PaymentRow, n: VerifiedNotification): string | null {
  if (payment.paymentMethod !== 'card' && payment.paymentMethod !== 'bizum') return `el pago es de tipo ${payment.paymentMethod}, no de tarjeta`;
  if (n.amountCents !== payment.amountCents) return `importe ${n.amountCents ?? '¿?'} en lugar de ${payment.amountCents}`;
  if (n.currency !== EURO_CURRENCY) return `moneda ${n.currency ?? '¿?'} en lugar de ${EURO_CURRENCY}`;
  if (n.merchantCode !== null && n.merchantCode !== config.redsys.merchantCode) return `comercio ${n.merchantCode}`;
  if (n.terminal !== null && Number(n.terminal) !== Number(config.redsys.terminal)) return `terminal ${n.terminal}`;
  return null;
}

/**
 * Verifies and applies one notification; never throws (the terminal always gets its 200). `fields` is the
 * posted form as it came.
 */
export async function processRedsysNotification(
  { db, config }: { db: Db; config: Pick<Config, 'publicUrl' | 'redsys' | 'invoicing'> },
  fields: Record<string, unknown>,
  { now = new Date() }: { now?: Date } = {},
): Promise<NotificationResult> {
  const signed: SignedParameters = {
    Ds_SignatureVersion: field(fields['Ds_SignatureVersion']) ?? '',
    Ds_MerchantParameters: field(fields['Ds_MerchantParameters']) ?? '',
    Ds_Signature: field(fields['Ds_Signature']) ?? '',
  };
  // What the notification claims, for the log only: nothing here is trusted before the signature is.
  const claimed = decodeParameters(signed.Ds_MerchantParameters);
  const claimedOrder = field(claimed?.['Ds_Order']) ?? field(claimed?.['DS_ORDER']);
  const claimedResponse = field(claimed?.['Ds_Response']);

  const result = await settle();
  await db
    .insertInto('paymentNotifications')
    .values({
      id: randomUUID(),
      paymentId: result.paymentId,
      orderNumber: claimedOrder?.slice(0, 64) ?? null,
      responseCode: claimedResponse?.slice(0, 16) ?? null,
      signatureVersion: signed.Ds_SignatureVersion.slice(0, 64) || null,
      merchantParameters: signed.Ds_MerchantParameters.slice(0, 8_000) || null,
      signature: signed.Ds_Signature.slice(0, 256) || null,
      outcome: result.outcome,
      detail: result.detail,
      createdAt: now.toISOString(),
    })
    .execute()
    .catch((error: unknown) =>
      console.error(JSON.stringify({ level: 'error', msg: 'payment notification not logged', outcome: result.outcome, error: String(error) })),
    );
  if (!['approved', 'declined', 'replayed'].includes(result.outcome)) {
    console.warn(
      JSON.stringify({ level: 'warn', msg: 'payment notification ignored or held', order: claimedOrder, outcome: result.outcome, detail: result.detail }),
    );
  }
  return result;

  async function settle(): Promise<NotificationResult> {
    if (!signed.Ds_SignatureVersion || !signed.Ds_MerchantParameters || !signed.Ds_Signature || !claimed) {
      return { outcome: 'malformed', paymentId: null, detail: 'Faltan Ds_SignatureVersion, Ds_MerchantParameters o Ds_Signature, o no se pueden leer.' };
    }
    let notification: VerifiedNotification;
    try {
      notification = verifyNotification(config.redsys, signed);
    } catch (error) {
      return { outcome: 'bad-signature', paymentId: null, detail: error instanceof Error ? error.message : String(error) };
    }
    const payment = await db.selectFrom('payments').selectAll().where('orderNumber', '=', notification.order).executeTakeFirst();
    if (!payment) return { outcome: 'unknown-order', paymentId: null, detail: `Pedido ${notification.order} desconocido.` };
    const wrong = mismatch(config, payment, notification);
    if (wrong) return { outcome: 'mismatch', paymentId: payment.id, detail: `No coincide con el pago: ${wrong}.` };
    const said = notification.approved ? 'aprobado' : `denegado (${notification.responseCode ?? 'sin código'})`;
    if (payment.status !== 'PENDING') {
      // Settled already (a replay), or superseded by a newer attempt: nothing changes. An approval here
      // means money taken for a dead attempt: the log is staff's list to refund.
      const repeated = (payment.status === 'CONFIRMED' && notification.approved) || (payment.status === 'FAILED' && !notification.approved);
      const outcome = repeated ? 'replayed' : 'late';
      return { outcome, paymentId: payment.id, detail: `El pago ya estaba ${payment.status}; la notificación dice ${said}.` };
    }
    const input = { config, payment, responseCode: notification.responseCode, now };
    try {
      if (!notification.approved) {
        const failed = await db.transaction().execute((trx) => failPayment(trx, input));
        return {
          outcome: failed ? 'declined' : 'replayed',
          paymentId: payment.id,
          detail: `Denegado por el banco (Ds_Response ${notification.responseCode ?? '¿?'}).`,
        };
      }
      const confirmed = await db.transaction().execute((trx) => confirmPayment(trx, { ...input, by: null }));
      if (confirmed.status === 'not-pending') return { outcome: 'replayed', paymentId: payment.id, detail: 'Otra notificación lo confirmó antes.' };
      return {
        outcome: 'approved',
        paymentId: payment.id,
        detail: confirmed.pointsShort ? 'Los puntos pedidos ya no estaban en el saldo: su descuento queda pendiente de pago.' : null,
      };
    } catch (error) {
      if (error instanceof PaymentNeedsReview) {
        const held = await db
          .transaction()
          .execute((trx) => holdPaymentForReview(trx, { payment, responseCode: notification.responseCode, reason: error.reason, now }));
        return { outcome: held ? 'review' : 'replayed', paymentId: payment.id, detail: error.reason };
      }
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'payment notification failed',
          order: notification.order,
          error: error instanceof Error ? error.stack : String(error),
        }),
      );
      return { outcome: 'error', paymentId: payment.id, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
