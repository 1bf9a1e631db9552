/**
 * The waiting list (beyond the spec): a visitor who finds a departure without the seats they need leaves a
 * name, an e-mail and how many travel; when seats come back (expired holds swept, cancellations), the
 * oldest entries that now fit are mailed, once each.
 *
 * An offer reserves nothing: whoever books first gets the seats. To keep from mailing more people than
 * there are seats, seats offered in the last `OFFER_WINDOW_HOURS` count as promised, so the next sweep
 * only offers what is left beyond them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { catalogueWindow, isHiddenTour, isPeriodListed } from '#shared/rules/catalogue.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findPeriodWithTour, periodNotFound } from './quote.ts';
import { queueMail } from '../mail/outbox.ts';

/** How long seats offered to a waiting entry count as promised to it. */
export const OFFER_WINDOW_HOURS = 24;

export const SEATS_AVAILABLE_MESSAGE = 'Esta salida todavía tiene plazas para los viajeros que indicas: puedes reservarla ahora, sin lista de espera.';

type WaitingPeriod = NonNullable<Awaited<ReturnType<typeof findPeriodWithTour>>>;

/** Only departures the catalogue lists (a public tour, web-bookable, inside the date window) take a waiting list. */
const isListed = (period: WaitingPeriod, now: Date) =>
  period.tourPublishWeb === 1 &&
  !isHiddenTour(period) &&
  isPeriodListed({ period: { ...period, webBookable: period.webBookable === 1, publishWeb: period.publishWeb === 1 }, window: catalogueWindow(now) });

/**
 * Adds a visitor to a full departure's waiting list. A second sign-up with the same e-mail (any case)
 * updates the entry; one who was already offered seats, or left, waits again from now.
 * 404 for a departure not on sale; 409 when it has the seats asked for.
 */
export async function joinWaitingList(
  db: Db,
  { periodId, name, email, travellers, now }: { periodId: string; name: string; email: string; travellers: number; now: Date },
): Promise<void> {
  const period = await findPeriodWithTour(db, periodId);
  if (!period || !isListed(period, now)) throw periodNotFound();
  if (period.bookableAvailability >= travellers) throw new AppError('CONFLICT', SEATS_AVAILABLE_MESSAGE);
  const stamp = now.toISOString();
  await db
    .insertInto('waitingListEntries')
    .values({ id: randomUUID(), periodId, name, email, travellers, status: 'WAITING', offeredAt: null, createdAt: stamp, updatedAt: stamp })
    // The unique index on (period_id, lower(email)) is the conflict target; raw SQL names its columns.
    .onConflict((oc) =>
      oc.expression(sql`period_id, lower(email)`).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        email: eb.ref('excluded.email'),
        travellers: eb.ref('excluded.travellers'),
        createdAt: eb
          .case()
          .when('waitingListEntries.status', '=', 'WAITING')
          .then(eb.ref('waitingListEntries.createdAt'))
          .else(eb.ref('excluded.createdAt'))
          .end(),
        status: 'WAITING',
        offeredAt: null,
        updatedAt: stamp,
      })),
    )
    .execute();
}

/**
 * Mails the oldest waiting entries whose travellers fit the seats a departure has free now, marking them
 * OFFERED in the same transaction as their mail. Idempotent and safe with several processes: each
 * departure's round starts by locking the period row, and an entry moves from WAITING at most once.
 * Returns how many entries were offered seats.
 */
export async function offerReleasedSeats(db: Db, now: Date, { publicUrl }: { publicUrl: string }): Promise<number> {
  const candidates = await db
    .selectFrom('waitingListEntries')
    .innerJoin('periods', 'periods.id', 'waitingListEntries.periodId')
    .select('periods.id')
    .distinct()
    .where('waitingListEntries.status', '=', 'WAITING')
    .where('periods.bookableAvailability', '>', 0)
    .orderBy('periods.id')
    .execute();
  const stamp = now.toISOString();
  const promisedSince = new Date(now.getTime() - OFFER_WINDOW_HOURS * 3_600_000).toISOString();
  const base = publicUrl.replace(/\/+$/, '');
  let offered = 0;
  for (const { id: periodId } of candidates) {
    offered += await db.transaction().execute(async (trx) => {
      // A write first: SQLite's write lock, or PostgreSQL's lock on this period's row, so two sweeps queue up.
      await trx
        .updateTable('periods')
        .set((eb) => ({ bookableAvailability: eb.ref('bookableAvailability') }))
        .where('id', '=', periodId)
        .execute();
      const period = await findPeriodWithTour(trx, periodId);
      if (!period || !isListed(period, now)) return 0;
      const promised = await trx
        .selectFrom('waitingListEntries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('travellers'), eb.lit(0)).as('seats'))
        .where('periodId', '=', periodId)
        .where('status', '=', 'OFFERED')
        .where('offeredAt', '>', promisedSince)
        .executeTakeFirstOrThrow();
      let free = period.bookableAvailability - Number(promised.seats);
      const waiting = await trx
        .selectFrom('waitingListEntries')
        .select(['id', 'name', 'email', 'travellers'])
        .where('periodId', '=', periodId)
        .where('status', '=', 'WAITING')
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      let count = 0;
      for (const entry of waiting) {
        if (free <= 0) break;
        // Oldest first, but one who needs more seats than are free does not block smaller parties behind.
        if (entry.travellers > free) continue;
        const marked = await trx
          .updateTable('waitingListEntries')
          .set({ status: 'OFFERED', offeredAt: stamp, updatedAt: stamp })
          .where('id', '=', entry.id)
          .where('status', '=', 'WAITING')
          .executeTakeFirst();
        if (marked.numUpdatedRows !== 1n) continue;
        await queueMail(trx, {
          type: 'WAITING_LIST_SEAT',
          to: entry.email,
          now,
          data: {
            name: entry.name,
            tourName: period.tourName,
            dayOne: period.dayOne,
            travellers: entry.travellers,
            link: `${base}/booking/${encodeURIComponent(period.webSlug)}?periodo=${encodeURIComponent(periodId)}`,
          },
        });
        free -= entry.travellers;
        count += 1;
      }
      return count;
    });
  }
  return offered;
}
