/**
 * The payment policies the office sets (docs/decisions/042): one per tour type, and a tour's or a departure's
 * own over it. Each change is one press, recorded; a type's policy is saved against the version it was read at.
 */
import { TOUR_TYPES, type TourType } from '#shared/enums.ts';
import { DEFAULT_PAYMENT_POLICIES, type PaymentPolicy } from '#shared/rules/payment-schedule.ts';
import { readPaymentPolicy } from '#shared/schemas/payment-policies.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';

export interface TypePolicyView {
  tourType: TourType;
  policy: PaymentPolicy;
  version: number;
}

export const POLICY_CHANGED_MESSAGE = 'Otra persona del equipo ha cambiado estos plazos mientras los editabas. Vuelve a cargarlos.';

/** The policy of every tour type, as the office has set it (or as the shop comes). */
export async function listTypePolicies(db: Db): Promise<TypePolicyView[]> {
  const rows = await db.selectFrom('paymentPolicies').selectAll().execute();
  return TOUR_TYPES.map((tourType) => {
    const row = rows.find((r) => r.tourType === tourType);
    return { tourType, policy: readPaymentPolicy(row?.policy ?? null) ?? DEFAULT_PAYMENT_POLICIES[tourType], version: row?.version ?? 0 };
  });
}

/** Saves a tour type's policy from the version it was read at; another save meanwhile is refused with 409. */
export async function saveTypePolicy(
  db: Db,
  {
    tourType,
    policy,
    version,
    requestId,
    actor,
    now,
  }: { tourType: TourType; policy: PaymentPolicy; version: number; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  return applyOnce(
    db,
    { entityType: 'payment-policy', entityId: tourType, requestId, actor, now },
    async (trx, record) => {
      const row = await trx.selectFrom('paymentPolicies').selectAll().where('tourType', '=', tourType).executeTakeFirst();
      if ((row?.version ?? 0) !== version) throw new AppError('CONFLICT', POLICY_CHANGED_MESSAGE);
      const text = JSON.stringify(policy);
      const stamp = now.toISOString();
      if (row)
        await trx
          .updateTable('paymentPolicies')
          .set({ policy: text, version: version + 1, updatedAt: stamp })
          .where('tourType', '=', tourType)
          .execute();
      else await trx.insertInto('paymentPolicies').values({ tourType, policy: text, version: 1, updatedAt: stamp }).execute();
      await record({ action: 'update', before: readPaymentPolicy(row?.policy ?? null), after: policy });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/**
 * Gives a tour, or one of its departures, a policy of its own (`policy`), or back to the next level's (null).
 * Bookings already made keep their schedule; new ones follow.
 */
export async function saveOwnPolicy(
  db: Db,
  {
    tourId,
    periodId = null,
    policy,
    requestId,
    actor,
    now,
  }: { tourId: string; periodId?: string | null; policy: PaymentPolicy | null; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  const press = periodId ? ({ entityType: 'period', entityId: periodId } as const) : ({ entityType: 'tour', entityId: tourId } as const);
  return applyOnce(
    db,
    { ...press, requestId, actor, now },
    async (trx, record) => {
      const text = policy === null ? null : JSON.stringify(policy);
      let before: string | null;
      if (periodId) {
        const row = await trx.selectFrom('periods').select('paymentPolicy').where('id', '=', periodId).where('tourId', '=', tourId).executeTakeFirst();
        if (!row) throw notFound('No encontramos esa salida en este tour.');
        before = row.paymentPolicy;
        await trx.updateTable('periods').set({ paymentPolicy: text }).where('id', '=', periodId).execute();
      } else {
        const row = await trx.selectFrom('tours').select('paymentPolicy').where('id', '=', tourId).executeTakeFirst();
        if (!row) throw notFound('Ese tour no existe.');
        before = row.paymentPolicy;
        await trx.updateTable('tours').set({ paymentPolicy: text }).where('id', '=', tourId).execute();
      }
      await record({ action: 'payment-policy', before: readPaymentPolicy(before), after: policy });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}
