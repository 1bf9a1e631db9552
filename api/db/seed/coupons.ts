/** Discount coupons covering every condition, type, scope and validity state. */
import { add, cents, type SeedContext } from './context.ts';
import { addDays } from './dates.ts';
import type { SeededPeriod } from './periods.ts';

export interface SeededCoupon {
  id: string;
  code: string;
}

type Condition = 'PER_TRAVELER' | 'PER_BOOKING' | 'PER_FOUR_TRAVELER';

interface CouponPlan {
  code: string;
  condition: Condition;
  type: 'percentage' | 'fixed';
  /** Whole percent for percentage coupons, cents for fixed ones. */
  value: number;
  from: number | null;
  to: number | null;
  uses: number;
  status?: 'active' | 'inactive';
  scope?: 'tour' | 'tourType' | 'period' | 'flight';
}

const PLANS: readonly CouponPlan[] = [
  { code: 'VERANO10', condition: 'PER_BOOKING', type: 'percentage', value: 10, from: -30, to: 150, uses: 200 },
  { code: 'BIENVENIDA50', condition: 'PER_BOOKING', type: 'fixed', value: cents(50), from: null, to: null, uses: 1000 },
  { code: 'GRUPO4', condition: 'PER_FOUR_TRAVELER', type: 'fixed', value: cents(120), from: -10, to: 200, uses: 50 },
  { code: 'AMIGOS5', condition: 'PER_FOUR_TRAVELER', type: 'percentage', value: 5, from: -10, to: 200, uses: 80 },
  { code: 'VIAJERO25', condition: 'PER_TRAVELER', type: 'fixed', value: cents(25), from: -60, to: 90, uses: 300 },
  { code: 'FAMILIA8', condition: 'PER_TRAVELER', type: 'percentage', value: 8, from: -5, to: 120, uses: 100 },
  { code: 'JAPON15', condition: 'PER_TRAVELER', type: 'percentage', value: 15, from: -15, to: 60, uses: 40, scope: 'tour' },
  { code: 'PRIVADO100', condition: 'PER_BOOKING', type: 'fixed', value: cents(100), from: -20, to: 180, uses: 25, scope: 'tourType' },
  { code: 'NAVIDAD20', condition: 'PER_TRAVELER', type: 'fixed', value: cents(20), from: -30, to: 45, uses: 60, scope: 'period' },
  { code: 'VUELOMAD30', condition: 'PER_TRAVELER', type: 'fixed', value: cents(30), from: -7, to: 60, uses: 30, scope: 'flight' },
  { code: 'PRIMAVERA15', condition: 'PER_BOOKING', type: 'percentage', value: 15, from: -200, to: -30, uses: 100 },
  { code: 'BLACKFRIDAY12', condition: 'PER_BOOKING', type: 'percentage', value: 12, from: 20, to: 35, uses: 500 },
  { code: 'AGOTADO10', condition: 'PER_BOOKING', type: 'percentage', value: 10, from: -30, to: 90, uses: 0 },
  { code: 'PRUEBA100', condition: 'PER_BOOKING', type: 'percentage', value: 100, from: -30, to: 90, uses: 5, status: 'inactive' },
];

export function buildCoupons(ctx: SeedContext, periods: readonly SeededPeriod[]): Map<string, SeededCoupon> {
  const { rng, today } = ctx;
  const future = periods.filter((p) => p.kind === 'future' && p.publishWeb === 1 && p.webBookable === 1);
  const japan = future.find((p) => p.tour.seed.slug === 'japon-esencial');
  const christmas = future.find((p) => p.tour.seed.keywords.includes('mercados navideños')) ?? future[0];
  const withMadrid = future.find((p) => p.flights.some((f) => f.city === 'Madrid'));
  const coupons = new Map<string, SeededCoupon>();
  for (const plan of PLANS) {
    const id = rng.uuid();
    add(ctx, 'coupons', {
      id,
      code: plan.code,
      startDate: plan.from === null ? null : addDays(today, plan.from),
      endDate: plan.to === null ? null : addDays(today, plan.to),
      couponCondition: plan.condition,
      tourId: plan.scope === 'tour' ? (japan?.tour.id ?? null) : null,
      tourType: plan.scope === 'tourType' ? 'Private' : null,
      periodId: plan.scope === 'period' ? (christmas?.id ?? null) : null,
      flightId: plan.scope === 'flight' ? (withMadrid?.flights.find((f) => f.city === 'Madrid')?.id ?? null) : null,
      value: plan.value,
      uses: plan.uses,
      type: plan.type,
      status: plan.status ?? 'active',
      version: 1,
    });
    coupons.set(plan.code, { id, code: plan.code });
  }
  return coupons;
}

/** A fixed per-traveller coupon that backs one offer card's code and discount. */
export function addOfferCoupon(ctx: SeedContext, code: string, discountCents: number, period: SeededPeriod): void {
  add(ctx, 'coupons', {
    id: ctx.rng.uuid(),
    code,
    startDate: addDays(ctx.today, -3),
    endDate: addDays(period.dayOne, -1),
    couponCondition: 'PER_TRAVELER',
    tourId: null,
    tourType: null,
    periodId: period.id,
    flightId: null,
    value: discountCents,
    uses: ctx.rng.int(5, 20),
    type: 'fixed',
    status: 'active',
    version: 1,
  });
}
