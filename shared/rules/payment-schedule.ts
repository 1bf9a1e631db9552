/**
 * A booking's payment schedule (docs/decisions/042): the deposit at booking, optional instalments and the
 * balance before departure, from the policy of the departure, else of the tour, else of its type. The
 * deadlines split the total less the insurance (the spec adds insurance to what is due now) and always add up
 * to it to the cent. Pure functions; money in cents, dates as YYYY-MM-DD.
 */
import type { BookingDeadline } from '../entities/booking.ts';
import type { TourType } from '../enums.ts';
import { PRE_BOOKING_THRESHOLD_DAYS } from '../constants.ts';
import { addDays, countDaysBetween, formatSpanishDate } from './dates.ts';
import { formatEuros, roundUpToEuro } from './money.ts';

/** After a pre-booking (1 € or the fare holds the seats), the deposit is due this many days later. */
export const DEPOSIT_DAYS_AFTER_PRE_BOOKING = 7;

export type PaymentDeposit = { kind: 'percent'; percent: number } | { kind: 'perTraveller'; amountCents: number };

export interface PaymentPolicy {
  deposit: PaymentDeposit;
  /** Instalments between the deposit and the balance: a share of the total each, so many days before departure. */
  instalments: readonly { percent: number; daysBefore: number }[];
  /** The balance is due so many days before departure. */
  balanceDaysBefore: number;
}

/** What Spanish operators of circuits ask, until the office sets its own (the back office's policies). */
export const DEFAULT_PAYMENT_POLICIES: Readonly<Record<TourType, PaymentPolicy>> = {
  Group: { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 },
  FIT: { deposit: { kind: 'percent', percent: 30 }, instalments: [], balanceDaysBefore: 30 },
  Private: { deposit: { kind: 'percent', percent: 40 }, instalments: [], balanceDaysBefore: 45 },
};

/** The departure's policy wins over the tour's, the tour's over its type's. */
export function policyFor({
  type,
  tour,
  period,
}: {
  type: PaymentPolicy;
  tour?: PaymentPolicy | null | undefined;
  period?: PaymentPolicy | null | undefined;
}): PaymentPolicy {
  return period ?? tour ?? type;
}

/**
 * The deadlines of a booking made on `bookedOn` for a departure on `departureDate`.
 *
 * @example scheduleDeadlines({ policy: DEFAULT_PAYMENT_POLICIES.Group, scheduledCents: 200_000, travellerCount: 2, bookedOn: '2027-01-10', departureDate: '2027-06-01' })
 * // [{ date: '2027-01-17', amountCents: 60_000 }, { date: '2027-05-02', amountCents: 140_000 }]
 */
export function scheduleDeadlines({
  policy,
  scheduledCents,
  travellerCount,
  bookedOn,
  departureDate,
}: {
  policy: PaymentPolicy;
  /** The booking's total less its insurance. */
  scheduledCents: number;
  travellerCount: number;
  bookedOn: string;
  departureDate: string;
}): BookingDeadline[] {
  const total = Math.max(0, scheduledCents);
  const balanceDate = addDays({ date: departureDate, days: -policy.balanceDaysBefore });
  // Booked inside the balance window (or a tour with nothing to split): everything at once.
  if (balanceDate <= bookedOn || total === 0) return [{ date: bookedOn, amountCents: total }];
  const share = (percent: number) => roundUpToEuro((total * percent) / 100);
  // Booked far enough ahead, 1 € (or the fare) holds the seats (the spec's pre-booking): the deposit falls due a
  // week later, never after the balance.
  const prebooked = countDaysBetween({ from: bookedOn, to: departureDate }) > PRE_BOOKING_THRESHOLD_DAYS;
  const graceDate = addDays({ date: bookedOn, days: DEPOSIT_DAYS_AFTER_PRE_BOOKING });
  const depositDate = prebooked ? (graceDate < balanceDate ? graceDate : bookedOn) : bookedOn;
  let deposit = policy.deposit.kind === 'percent' ? share(policy.deposit.percent) : policy.deposit.amountCents * Math.max(1, travellerCount);
  const instalments: BookingDeadline[] = [];
  for (const instalment of [...policy.instalments].sort((a, b) => b.daysBefore - a.daysBefore)) {
    const date = addDays({ date: departureDate, days: -instalment.daysBefore });
    // An instalment already due at booking joins the deposit; one after the balance's date is the balance's.
    if (date <= depositDate) deposit += share(instalment.percent);
    else if (date < balanceDate) instalments.push({ date, amountCents: share(instalment.percent) });
  }
  const deadlines: BookingDeadline[] = [];
  let left = total;
  for (const d of [{ date: depositDate, amountCents: deposit }, ...instalments]) {
    const amountCents = Math.min(d.amountCents, left);
    left -= amountCents;
    if (amountCents > 0) deadlines.push({ date: d.date, amountCents });
  }
  if (left > 0) deadlines.push({ date: balanceDate, amountCents: left });
  return deadlines;
}

/**
 * The deadlines again after the price changed to `scheduledCents`: those payments already cover (the earliest
 * first) stay as they are, the dates stay, and the difference goes to the last deadline still owed — taken
 * from the last ones first when the price falls. A booking paid in full keeps its deadlines; what its price
 * rose by since is a deadline of its own.
 *
 * @example rescheduleDeadlines({ deadlines: [{ date: '2027-01-10', amountCents: 60_000 }, { date: '2027-05-02', amountCents: 140_000 }], paidCents: 60_000, scheduledCents: 208_000, today: '2027-02-01' })
 * // [{ date: '2027-01-10', amountCents: 60_000 }, { date: '2027-05-02', amountCents: 148_000 }]
 */
export function rescheduleDeadlines({
  deadlines,
  paidCents,
  scheduledCents,
  today,
}: {
  deadlines: readonly BookingDeadline[];
  /** What payments have covered of the deadlines (the insurance left out). */
  paidCents: number;
  scheduledCents: number;
  today: string;
}): BookingDeadline[] {
  const ordered = [...deadlines].sort((a, b) => a.date.localeCompare(b.date));
  const current = ordered.reduce((sum, d) => sum + d.amountCents, 0);
  if (ordered.length === 0 || current === scheduledCents) return ordered;
  if (paidCents >= current) {
    // Paid in full, the deadlines stay as they were. A price that rose since (an activity added) is one more
    // deadline, due now or with the last; one that fell is a refund, not a schedule.
    const last = ordered.at(-1)?.date ?? today;
    return scheduledCents > current ? [...ordered, { date: last > today ? last : today, amountCents: scheduledCents - current }] : ordered;
  }
  // The deadlines payments cover whole are frozen; a deadline paid in part keeps at least what was paid of it.
  const floors: number[] = [];
  let covered = Math.max(0, paidCents);
  for (const d of ordered) {
    const paid = Math.min(covered, d.amountCents);
    floors.push(paid);
    covered -= paid;
  }
  const amounts = ordered.map((d) => d.amountCents);
  let difference = Math.max(Math.max(0, paidCents), scheduledCents) - current;
  const lastOwed = amounts.findLastIndex((amount, i) => amount > (floors[i] ?? 0));
  if (difference > 0) amounts[lastOwed] = (amounts[lastOwed] ?? 0) + difference;
  for (let i = amounts.length - 1; difference < 0 && i >= 0; i--) {
    const room = (amounts[i] ?? 0) - (floors[i] ?? 0);
    const taken = Math.min(room, -difference);
    amounts[i] = (amounts[i] ?? 0) - taken;
    difference += taken;
  }
  return ordered.map((d, i) => ({ date: d.date, amountCents: amounts[i] ?? 0 })).filter((d) => d.amountCents > 0);
}

/** "2 de mayo", with the year only when it is not this one's. */
const dayOf = (date: string, today: string) => {
  const long = formatSpanishDate({ date });
  return date.slice(0, 4) === today.slice(0, 4) ? long.replace(/ de \d{4}$/, '') : long;
};

/**
 * The pay step's line about the schedule: what is paid today and when the rest falls due, from the deadlines
 * still owed once today's payment is made.
 *
 * @example describePaymentPlan({ todayCents: 88_600, restDeadlines: [{ date: '2027-05-02', amountCents: 206_600 }], departureDate: '2027-06-01', today: '2027-01-10' })
 * // 'Hoy pagas 886 € · El resto, 2.066 €, antes del 2 de mayo'
 */
export function describePaymentPlan({
  todayCents,
  restDeadlines,
  restCents = restDeadlines.reduce((sum, d) => sum + d.amountCents, 0),
  departureDate,
  today,
}: {
  todayCents: number;
  /** The deadlines still owed after today's payment, earliest first. */
  restDeadlines: readonly BookingDeadline[];
  /** Everything owed after today's payment (more than the deadlines when the booking has none). */
  restCents?: number;
  departureDate: string;
  today: string;
}): string {
  const paying = `Hoy pagas ${formatEuros(todayCents)}`;
  if (restCents <= 0) return `${paying} y tu viaje queda pagado`;
  const ordered = [...restDeadlines].filter((d) => d.amountCents > 0).sort((a, b) => a.date.localeCompare(b.date));
  const rest = `El resto, ${formatEuros(restCents)}`;
  if (ordered.length <= 1) return `${paying} · ${rest}, antes del ${dayOf(ordered[0]?.date ?? departureDate, today)}`;
  const parts = ordered.map((d) => `${formatEuros(d.amountCents)} antes del ${dayOf(d.date, today)}`);
  return `${paying} · ${rest}, en ${ordered.length} plazos: ${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

const percentText = (n: number) => `${String(n).replace('.', ',')} %`;

/**
 * A policy in one sentence, as the office reads it.
 *
 * @example describePolicy(DEFAULT_PAYMENT_POLICIES.Group)
 * // 'Señal del 30 % al reservar, el resto 30 días antes de la salida.'
 */
export function describePolicy(policy: PaymentPolicy): string {
  const deposit =
    policy.deposit.kind === 'percent' ? `del ${percentText(policy.deposit.percent)}` : `de ${formatEuros(policy.deposit.amountCents)} por viajero`;
  const instalments = [...policy.instalments].sort((a, b) => b.daysBefore - a.daysBefore).map((i) => `${percentText(i.percent)} ${i.daysBefore} días antes`);
  return `${[`Señal ${deposit} al reservar`, ...instalments, `el resto ${policy.balanceDaysBefore} días antes de la salida`].join(', ')}.`;
}
