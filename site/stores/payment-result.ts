/**
 * After paying: the result of one payment (`/confirmacion/{paymentID}`, `/payment/{bookingID}/{paymentID}`) and a
 * booking's receipts (`/recibos-de-pago/{bookingId}`). The result is always read from the API, never from the
 * address the terminal sent the browser back with; while it is PENDING it is read again a few times, because
 * the terminal's notification may arrive just after the visitor does.
 */
import { atom } from 'nanostores';
import type { PaymentResultAnswer, ReceiptsAnswer } from '#shared/schemas/payments.ts';
import { paymentsApi } from './payments-api.ts';
import { $session, loadSession } from './session.ts';

export type ResultState =
  | { phase: 'loading' }
  | { phase: 'ready'; result: PaymentResultAnswer; checking: boolean }
  | { phase: 'not-found'; message: string }
  | { phase: 'error'; message: string };

export const $paymentResult = atom<ResultState>({ phase: 'loading' });

/** How often, and how many times, a PENDING card or Bizum payment is read again before the screen says so. */
export const RESULT_POLL: { intervalMs: number; attempts: number } = { intervalMs: 1500, attempts: 8 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transfer stays PENDING until staff see the money: nothing to wait for on screen. */
const awaitsNotification = (result: PaymentResultAnswer) => result.status === 'PENDING' && result.method !== 'transfer';

let loadSeq = 0;

/** Reads the payment, then again while the terminal's notification may still be on its way. */
export async function loadPaymentResult(paymentId: string, { poll = RESULT_POLL } = {}): Promise<void> {
  const seq = ++loadSeq;
  if ($paymentResult.get().phase !== 'ready') $paymentResult.set({ phase: 'loading' });
  for (let attempt = 0; attempt < poll.attempts; attempt++) {
    const read = await paymentsApi.result(paymentId);
    if (seq !== loadSeq) return;
    if (!read.ok) {
      $paymentResult.set(read.status === 404 ? { phase: 'not-found', message: read.message } : { phase: 'error', message: read.message });
      return;
    }
    const checking = awaitsNotification(read.data) && attempt < poll.attempts - 1;
    $paymentResult.set({ phase: 'ready', result: read.data, checking });
    if (!checking) return;
    await wait(poll.intervalMs);
    if (seq !== loadSeq) return;
  }
}

export type ReceiptsState =
  | { phase: 'loading' }
  | { phase: 'ready'; receipts: ReceiptsAnswer }
  | { phase: 'not-found'; message: string; signedIn: boolean }
  | { phase: 'error'; message: string };

export const $receipts = atom<ReceiptsState>({ phase: 'loading' });

/** The booking's receipts, for its owner, staff, or whoever holds its tkId (`?tk=`). */
export async function loadReceipts(bookingId: string, tk: string | null): Promise<void> {
  $receipts.set({ phase: 'loading' });
  // Renews an expired access token first, so the owner is recognised without a tkId.
  await loadSession();
  const read = await paymentsApi.receipts(bookingId, tk);
  if (read.ok) $receipts.set({ phase: 'ready', receipts: read.data });
  else if (read.status === 404 || read.status === 403 || read.status === 401) {
    $receipts.set({ phase: 'not-found', message: read.message, signedIn: $session.get().status === 'signed-in' });
  } else $receipts.set({ phase: 'error', message: read.message });
}
