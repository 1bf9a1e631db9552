/**
 * The pay step (`/tour/{slug}/paga-tu-reserva/{bookingId}`) and the pay link (`/paga-tu-reserva/{id}/{tkId}`):
 * what the booking owes and how the visitor wants to pay it.
 *
 * - `$paymentChoice`: amount, method and points, kept in sessionStorage per booking so a reload keeps them
 *   (DESIGN.md, Booking funnel). Consents are not kept: they are given for each payment.
 * - `$payScreen`: the booking's payment options as the server computed them, and the seats held for it.
 * - `$coupon`, `$paymentSubmit`: the coupon form and the 'Pagar' button.
 *
 * Every figure is the API's: this store never prices anything.
 */
import { atom, map } from 'nanostores';
import { PAYMENT_METHODS, type PaymentMethodChoice, type PaymentOptionsAnswer, type StartPaymentAnswer, StartPaymentSchema } from '#shared/schemas/payments.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { computePointsDiscountCents, computeRedeemablePoints, POINTS_PER_EURO_DISCOUNT } from '#shared/rules/points.ts';
import { paymentsApi, type PaymentSource } from './payments-api.ts';
import { loadSession } from './session.ts';

// ---------------------------------------------------------------------------------------------- choice

export type AmountChoice = 'due' | 'full';

export interface PaymentChoice {
  amount: AmountChoice;
  method: PaymentMethodChoice;
  /** Points to redeem (signed-in travellers with a balance); 0: none. */
  points: number;
}

const DEFAULT_CHOICE: PaymentChoice = { amount: 'due', method: 'card', points: 0 };

export const $paymentChoice = map<PaymentChoice>({ ...DEFAULT_CHOICE });

const storageKey = (bookingId: string) => `payment-choice:${bookingId}`;
let persistedFor: string | null = null;

/** What sessionStorage held for this booking, when it still reads as a choice. */
function readStoredChoice(bookingId: string): Partial<PaymentChoice> {
  try {
    const raw = JSON.parse(sessionStorage.getItem(storageKey(bookingId)) ?? 'null') as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return {};
    const choice: Partial<PaymentChoice> = {};
    if (raw['amount'] === 'due' || raw['amount'] === 'full') choice.amount = raw['amount'];
    if (PAYMENT_METHODS.includes(raw['method'] as PaymentMethodChoice)) choice.method = raw['method'] as PaymentMethodChoice;
    if (Number.isInteger(raw['points']) && (raw['points'] as number) >= 0) choice.points = raw['points'] as number;
    return choice;
  } catch {
    // Storage disabled (private mode) or unreadable: start from the defaults.
    return {};
  }
}

$paymentChoice.listen((choice) => {
  if (persistedFor === null) return;
  try {
    sessionStorage.setItem(storageKey(persistedFor), JSON.stringify(choice));
  } catch {
    // Without storage a reload starts over; nothing else depends on it.
  }
});

/** What the chosen amount is, in cents, before points. */
export function chosenAmountCents(options: PaymentOptionsAnswer, amount: AmountChoice): number {
  return amount === 'full' ? options.remainingCents : options.dueNowCents;
}

/**
 * The most points this payment may take: the whole euros of the balance, up to the server's cap and to the
 * chosen amount (points beyond what is paid would be spent for nothing).
 */
export function maxRedeemablePoints(options: PaymentOptionsAnswer | null, amount: AmountChoice): number {
  if (!options?.points) return 0;
  return computeRedeemablePoints({
    balancePoints: options.points.balance,
    capCents: options.points.maxDiscountCents,
    paymentCents: chosenAmountCents(options, amount),
  });
}

/** Points as typed, made valid: whole euros' worth (multiples of 100), between 0 and the cap. */
export function clampPoints(value: number, options: PaymentOptionsAnswer | null, amount: AmountChoice): number {
  const max = maxRedeemablePoints(options, amount);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(max, Math.floor(value / POINTS_PER_EURO_DISCOUNT) * POINTS_PER_EURO_DISCOUNT);
}

/** The discount the chosen points give on this payment (the server recomputes it when paying). */
export function pointsDiscountCents(options: PaymentOptionsAnswer, choice: PaymentChoice): number {
  if (!options.points || choice.points <= 0) return 0;
  return computePointsDiscountCents({
    balancePoints: options.points.balance,
    requestedPoints: choice.points,
    capCents: options.points.maxDiscountCents,
    paymentCents: chosenAmountCents(options, choice.amount),
  });
}

/** Starts keeping this booking's choice, restoring what a reload left, made valid for these options. */
function restoreChoice(bookingId: string, options: PaymentOptionsAnswer) {
  persistedFor = null;
  const stored = { ...DEFAULT_CHOICE, ...readStoredChoice(bookingId) };
  const method = options.methods.includes(stored.method) ? stored.method : (options.methods[0] ?? 'card');
  $paymentChoice.set({ amount: stored.amount, method, points: clampPoints(stored.points, options, stored.amount) });
  persistedFor = bookingId;
}

/** Changes part of the choice; points are kept within what the chosen amount allows. */
export function setPaymentChoice(change: Partial<PaymentChoice>): void {
  const next = { ...$paymentChoice.get(), ...change };
  $paymentChoice.set({ ...next, points: clampPoints(next.points, $payScreen.get().options, next.amount) });
}

// ---------------------------------------------------------------------------------------------- screen

export type HoldState =
  | { status: 'none' }
  | { status: 'holding' }
  | { status: 'held'; expiresAt: string }
  /** `incomplete`: the passengers step is not done (the server lists what is missing). */
  | { status: 'failed'; message: string; incomplete: boolean };

export interface PayScreen {
  phase: 'loading' | 'ready' | 'not-found' | 'no-seats' | 'error';
  /** Why the screen is not ready, in Spanish. */
  message: string | null;
  /** With 'no-seats': which choice to change. */
  mend: Mend | null;
  options: PaymentOptionsAnswer | null;
  hold: HoldState;
}

export const $payScreen = map<PayScreen>({ phase: 'loading', message: null, mend: null, options: null, hold: { status: 'none' } });

let source: PaymentSource | null = null;

/** The server refused because of the passengers' details (`travellers.{i}.{field}`): the fix is on step 4. */
const mentionsPassengers = (fields: Record<string, string>) => Object.keys(fields).some((key) => key.startsWith('travellers.'));

/**
 * Where the visitor mends what the server refused: a room type or an activity that ran out is changed on
 * the customise step, a full flight on the flights step (the API names the choice under `fields`, see
 * shared/rules/seats.ts); a departure without seats needs another date or fewer travellers.
 */
export type Mend = 'tour' | 'flights' | 'customise' | 'passengers';

export function whereToMend({ status, fields }: { status: number; fields: Record<string, string> }): Mend | null {
  if ('reservationMode' in fields || 'optionalActivities' in fields) return 'customise';
  if ('flightId' in fields) return 'flights';
  if (status === 409) return 'tour';
  return mentionsPassengers(fields) ? 'passengers' : null;
}

/**
 * Takes (or takes again) the booking's seats for the pay step. A booking still in the funnel holds its
 * seats while the visitor pays; one already paid or waiting for a transfer has them for good.
 */
export async function holdBookingSeats(): Promise<void> {
  const { options } = $payScreen.get();
  if (source?.kind !== 'booking' || options?.status !== 'IN_PROGRESS') return;
  $payScreen.setKey('hold', { status: 'holding' });
  const held = await paymentsApi.hold(source.bookingId);
  if (held.ok) $payScreen.setKey('hold', { status: 'held', expiresAt: held.data.expiresAt });
  else if (held.status === 409)
    $payScreen.set({
      ...$payScreen.get(),
      phase: 'no-seats',
      message: held.message,
      mend: whereToMend(held),
      hold: { status: 'failed', message: held.message, incomplete: false },
    });
  else $payScreen.setKey('hold', { status: 'failed', message: held.message, incomplete: mentionsPassengers(held.fields) });
}

/** Loads what the screen shows for a booking (funnel) or a pay link, then holds the seats if they need it. */
export async function loadPayScreen(from: PaymentSource): Promise<void> {
  source = from;
  $payScreen.set({ phase: 'loading', message: null, mend: null, options: null, hold: { status: 'none' } });
  $paymentSubmit.set({ status: 'idle' });
  // A signed-in traveller's access token may have run out: renew it first so the answer carries their points.
  await loadSession();
  const loaded = await paymentsApi.options(from);
  if (!loaded.ok) {
    const phase = loaded.status === 404 || loaded.status === 403 ? 'not-found' : 'error';
    $payScreen.set({ phase, message: loaded.message, mend: null, options: null, hold: { status: 'none' } });
    return;
  }
  restoreChoice(from.bookingId, loaded.data);
  $payScreen.set({ phase: 'ready', message: null, mend: null, options: loaded.data, hold: { status: 'none' } });
  await holdBookingSeats();
}

/** Reads the options again (after a coupon changed the price); the hold is taken again with them. */
async function reloadOptions(): Promise<void> {
  if (!source) return;
  const loaded = await paymentsApi.options(source);
  if (loaded.ok) {
    $payScreen.setKey('options', loaded.data);
    $paymentChoice.setKey('points', clampPoints($paymentChoice.get().points, loaded.data, $paymentChoice.get().amount));
  }
}

// ---------------------------------------------------------------------------------------------- coupon

export interface CouponState {
  code: string;
  status: 'idle' | 'sending';
  /** The server's reason when it refused the code. */
  error: string | null;
  /** What just happened, for screen readers ('Código VERANO10 aplicado. Nuevo total: …'); the screen shows it already. */
  notice: string | null;
}

export const $coupon = map<CouponState>({ code: '', status: 'idle', error: null, notice: null });

export function setCouponCode(code: string): void {
  $coupon.set({ ...$coupon.get(), code, error: null });
}

/** Applies the typed code (`couponCode`) or, with null, removes the booking's code. The hold follows the new price. */
export async function changeCoupon(code: string | null): Promise<boolean> {
  if (source?.kind !== 'booking' || $coupon.get().status === 'sending') return false;
  const typed = code?.trim() ?? null;
  if (typed === '') {
    $coupon.set({ ...$coupon.get(), error: 'Escribe el código de descuento', notice: null });
    return false;
  }
  $coupon.set({ ...$coupon.get(), status: 'sending', error: null, notice: null });
  const changed = await paymentsApi.changeCoupon(source.bookingId, typed);
  if (!changed.ok) {
    $coupon.set({ ...$coupon.get(), status: 'idle', error: changed.fields['couponCode'] ?? changed.message });
    return false;
  }
  // Changing the booking gave its seats back: take them again for the new price, then read the new amounts.
  await reloadOptions();
  await holdBookingSeats();
  const total = $payScreen.get().options?.quote.totalCents;
  const change = typed === null ? 'Código de descuento quitado.' : `Código ${typed.toUpperCase()} aplicado.`;
  $coupon.set({ code: '', status: 'idle', error: null, notice: total === undefined ? change : `${change} Nuevo total: ${formatEuros(total)}.` });
  return true;
}

// ---------------------------------------------------------------------------------------------- paying

export interface Consents {
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export const $consents = map<Consents>({ acceptTerms: false, acceptPrivacy: false });

export type SubmitState =
  | { status: 'idle' }
  | { status: 'sending' }
  | {
      status: 'failed';
      message: string;
      fields: Record<string, string>;
      /** Where the visitor mends what the server refused. */
      mend: Mend | null;
    }
  | { status: 'redirect'; answer: Extract<StartPaymentAnswer, { method: 'card' | 'bizum' }> }
  | { status: 'transfer'; answer: Extract<StartPaymentAnswer, { method: 'transfer' }> }
  | { status: 'points'; answer: Extract<StartPaymentAnswer, { method: 'points' }> };

export const $paymentSubmit = atom<SubmitState>({ status: 'idle' });

export function setConsent(key: keyof Consents, value: boolean): void {
  $consents.setKey(key, value);
  const state = $paymentSubmit.get();
  if (state.status === 'failed' && state.fields[key]) {
    const { [key]: _, ...fields } = state.fields;
    $paymentSubmit.set({ ...state, fields });
  }
}

const CHECK_FORM = 'Revisa los datos marcados antes de pagar.';

/**
 * The visitor came back from the terminal with the browser's back button: the page is restored as it was
 * left ('Te llevamos a la pasarela…'), so the form shows again, with the choices as they were.
 */
export function returnFromTerminal(): void {
  if ($paymentSubmit.get().status === 'redirect') $paymentSubmit.set({ status: 'idle' });
}

/** 'Pagar': validates with the API's schema, then starts the payment. What happens next depends on the method. */
export async function startPayment(): Promise<SubmitState> {
  if (!source || $paymentSubmit.get().status === 'sending') return $paymentSubmit.get();
  const { amount, method, points } = $paymentChoice.get();
  const parsed = StartPaymentSchema.safeParse({ amount, method, points, ...$consents.get() });
  if (!parsed.success) {
    const failed: SubmitState = { status: 'failed', message: CHECK_FORM, fields: issuesToFields(parsed.error.issues), mend: null };
    $paymentSubmit.set(failed);
    return failed;
  }
  $paymentSubmit.set({ status: 'sending' });
  const started = await paymentsApi.start(source, parsed.data);
  let next: SubmitState;
  if (!started.ok) {
    next = { status: 'failed', message: started.message, fields: started.fields, mend: whereToMend(started) };
  } else {
    const answer = started.data;
    next =
      answer.method === 'transfer'
        ? { status: 'transfer', answer }
        : answer.method === 'points'
          ? { status: 'points', answer }
          : { status: 'redirect', answer };
  }
  $paymentSubmit.set(next);
  if (next.status === 'transfer') {
    // The booking now waits for the money: its seats are no longer on a countdown, and its status changed.
    $payScreen.setKey('hold', { status: 'none' });
    await reloadOptions();
  }
  return next;
}
