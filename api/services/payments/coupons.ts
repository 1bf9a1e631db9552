/**
 * `/admin/cupones` (cms-and-backoffice.md §3 Coupon, §7 Coupon create/update/delete): coupons with the
 * spec's three conditions and two types, their dates, uses and status, and the bookings that used each.
 * The funnel checks a code with the same rules (`#shared/rules/coupons.ts`), so what staff create here is
 * what the payment step accepts. Every change is versioned and recorded; a create is applied once per press.
 */
import { randomUUID } from 'node:crypto';
import { type CouponView, COUPON_FORM_MESSAGES, type CouponFormSchema } from '#shared/schemas/backoffice.ts';
import type { z } from 'zod';
import { isCouponApplicable } from '#shared/rules/coupons.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { versionConflict } from '../content/history.ts';
import { type Actor, applyOnce, recordStaffAction } from '../kit/apply-once.ts';

type CouponInput = z.output<typeof CouponFormSchema>;

const couponNotFound = () => notFound('No encontramos ese cupón.');
const invalid = (fields: Record<string, string>) => new AppError('VALIDATION', Object.values(fields)[0] ?? '', fields);

export async function listCoupons(db: Db, { q }: { q?: string }): Promise<CouponView[]> {
  const rows = await db
    .selectFrom('coupons')
    .leftJoin('tours', 'tours.id', 'coupons.tourId')
    .leftJoin('periods', 'periods.id', 'coupons.periodId')
    .leftJoin('tours as periodTours', 'periodTours.id', 'periods.tourId')
    .leftJoin('flights', 'flights.id', 'coupons.flightId')
    .selectAll('coupons')
    .select(['tours.name as tourName', 'periods.dayOne as periodDayOne', 'periodTours.name as periodTourName', 'flights.name as flightName'])
    .$if(Boolean(q), (qb) => qb.where('coupons.code', 'like', `%${(q ?? '').toUpperCase().replace(/[\\%_]/g, '')}%`))
    .orderBy('coupons.status')
    .orderBy('coupons.code')
    .execute();
  const usage = rows.length
    ? await db
        .selectFrom('bookings')
        .select(['id', 'differentId', 'status', 'couponId'])
        .where(
          'couponId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('createdAt', 'desc')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    type: r.type,
    value: r.value,
    couponCondition: r.couponCondition,
    startDate: r.startDate,
    endDate: r.endDate,
    uses: r.uses,
    status: r.status,
    tourId: r.tourId,
    tourName: r.tourName,
    tourType: r.tourType,
    periodId: r.periodId,
    period: r.periodDayOne && r.periodTourName ? { dayOne: r.periodDayOne, tourName: r.periodTourName } : null,
    flightId: r.flightId,
    flightName: r.flightName,
    version: r.version,
    usedBy: usage.filter((b) => b.couponId === r.id).map((b) => ({ id: b.id, differentId: b.differentId, status: b.status })),
  }));
}

async function findCoupon(db: Db, id: string): Promise<CouponView> {
  const found = (await listCoupons(db, {})).find((c) => c.id === id);
  if (!found) throw couponNotFound();
  return found;
}

/** The scope must name things that exist, and the code must be free (codes are compared upper-cased). */
async function checkCoupon(db: Db | Trx, input: CouponInput, ownId: string | null): Promise<void> {
  const fields: Record<string, string> = {};
  const same = await db
    .selectFrom('coupons')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['code']), '=', input.code))
    .executeTakeFirst();
  if (same && same.id !== ownId) fields.code = COUPON_FORM_MESSAGES.duplicate;
  const exists = async (table: 'tours' | 'periods' | 'flights', id: string | null) =>
    id === null || (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  if (!(await exists('tours', input.tourId))) fields.tourId = 'Ese tour no existe.';
  if (!(await exists('periods', input.periodId))) fields.periodId = 'Esa salida no existe.';
  if (!(await exists('flights', input.flightId))) fields.flightId = 'Ese vuelo no existe.';
  if (Object.keys(fields).length) throw invalid(fields);
}

const stored = (input: CouponInput) => ({
  code: input.code,
  type: input.type,
  value: input.value,
  couponCondition: input.couponCondition,
  startDate: input.startDate,
  endDate: input.endDate,
  uses: input.uses,
  status: input.status,
  tourId: input.tourId,
  tourType: input.tourType,
  periodId: input.periodId,
  flightId: input.flightId,
});

const snapshot = ({ usedBy: _usedBy, tourName: _tourName, period: _period, flightName: _flightName, ...coupon }: CouponView) => coupon;

export async function createCoupon(db: Db, { requestId, input, actor, now }: { requestId: string; input: CouponInput; actor: Actor; now: Date }) {
  try {
    const made = await applyOnce(
      db,
      { entityType: 'coupon', entityId: null, requestId, actor, now },
      async (trx, record) => {
        await checkCoupon(trx, input, null);
        const id = randomUUID();
        await trx
          .insertInto('coupons')
          .values({ id, ...stored(input), version: 1 })
          .execute();
        await record({ action: 'create', made: id, before: null, after: stored(input) });
        return { id, created: true };
      },
      (recorded) => ({ id: recorded.entityId, created: false }),
    );
    return { coupon: await findCoupon(db, made.id), created: made.created };
  } catch (error) {
    if (error instanceof AppError) throw error; // the form's own errors, as checked
    // Two creates of one code at once: the other one has it now.
    if (await db.selectFrom('coupons').select('id').where('code', '=', input.code).executeTakeFirst()) throw invalid({ code: COUPON_FORM_MESSAGES.duplicate });
    throw error;
  }
}

/**
 * An offer must never advertise a code the payment step would refuse: a change that would make the
 * coupon fail on a published offer's departure (or rename it) is refused with the offer named.
 */
async function checkAdvertisingOffers(db: Db, before: CouponView, input: CouponInput, now: Date): Promise<void> {
  const offers = await db
    .selectFrom('tourOffers')
    .innerJoin('periods', 'periods.id', 'tourOffers.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select(['tourOffers.flightId', 'periods.id as periodId', 'periods.dayOne', 'tours.id as tourId', 'tours.tourType', 'tours.name'])
    .where((eb) => eb(eb.fn('upper', ['tourOffers.coupon']), '=', before.code))
    .where('tourOffers.status', '=', 'active')
    .execute();
  const today = now.toISOString().slice(0, 10);
  for (const offer of offers) {
    if (input.code !== before.code)
      throw invalid({ code: `La oferta de ${offer.name} anuncia el código ${before.code}: no se puede cambiar mientras esté publicada.` });
    const check = isCouponApplicable({
      coupon: input,
      today,
      tourId: offer.tourId,
      tourType: offer.tourType,
      periodId: offer.periodId,
      flightId: offer.flightId,
    });
    if (!check.applicable)
      throw new AppError('CONFLICT', `${check.reason}: la oferta publicada de ${offer.name} anuncia este cupón. Desactiva la oferta antes.`);
  }
}

export async function saveCoupon(db: Db, { id, version, input, actor, now }: { id: string; version: number; input: CouponInput; actor: Actor; now: Date }) {
  const before = await findCoupon(db, id);
  await checkCoupon(db, input, id);
  await checkAdvertisingOffers(db, before, input, now);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('coupons')
      .set({ ...stored(input), version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw versionConflict();
    await recordStaffAction(
      trx,
      { entityType: 'coupon', entityId: id, action: 'update', actor, requestId: null, before: snapshot(before), after: stored(input) },
      now,
    );
  });
  return findCoupon(db, id);
}

/**
 * Deletes a coupon nobody used and no published offer advertises; otherwise it is refused with what to
 * do instead (deactivate it; take it off the offer). Deleting one already gone answers as done.
 */
export async function deleteCoupon(db: Db, { id, version, actor, now }: { id: string; version: number; actor: Actor; now: Date }): Promise<boolean> {
  const coupon = (await listCoupons(db, {})).find((c) => c.id === id);
  if (!coupon) {
    const deleted = await db
      .selectFrom('staffActions')
      .select('id')
      .where('entityType', '=', 'coupon')
      .where('entityId', '=', id)
      .where('action', '=', 'delete')
      .executeTakeFirst();
    if (deleted) return false;
    throw couponNotFound();
  }
  if (coupon.version !== version) throw versionConflict();
  if (coupon.usedBy.length > 0) throw new AppError('CONFLICT', COUPON_FORM_MESSAGES.used);
  const advertised = await db.selectFrom('tourOffers').select('id').where('coupon', '=', coupon.code).where('status', '=', 'active').executeTakeFirst();
  if (advertised) throw new AppError('CONFLICT', COUPON_FORM_MESSAGES.advertised);
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('coupons').where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (removed.numDeletedRows !== 1n) throw versionConflict();
    await recordStaffAction(trx, { entityType: 'coupon', entityId: id, action: 'delete', actor, requestId: null, before: snapshot(coupon), after: null }, now);
  });
  return true;
}
