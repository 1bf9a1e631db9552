/**
 * `/admin/retailers` and `/admin/retailer/{id}` (cms-and-backoffice.md §3 Retailer, §6): the agencies the
 * shop sells through, found by name, CIF, city or e-mail; one agency with what it has brought (its
 * bookings, their states and money); created, edited (versioned) and deleted by staff. An agency with
 * bookings is never deleted. Every change is recorded; a create is applied once per press.
 */
import { readPage } from '../kit/paged-query.ts';
import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { normaliseTaxId, taxIdKind } from '#shared/rules/tax-ids.ts';
import {
  duplicateCifMessage,
  RETAILER_MESSAGES,
  RETAILER_PAGE_SIZE,
  type RetailerBookingsAnswer,
  type RetailerDetail,
  type RetailerInput,
  type RetailerListAnswer,
  type RetailerListQuery,
  type RetailerView,
  retailerHasBookingsMessage,
} from '#shared/schemas/retailers.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { RetailerRow } from '../../db/tables.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { listBookings } from '../bookings/desk.ts';
import { type Actor, applyOnce, listStaffActions, recordStaffAction } from '../kit/apply-once.ts';
import { likeContaining } from '../kit/search.ts';

export const retailerNotFound = () => notFound(RETAILER_MESSAGES.notFound);
const retailerChanged = () => new AppError('CONFLICT', RETAILER_MESSAGES.changed);

/** Letters with the accents Spanish, Catalan and Galician names carry, and what a search reads them as. */
const ACCENTS: readonly (readonly [string, string])[] = [...'áàäéèëíìïóòöúùüñç'].flatMap((ch) => {
  const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return [
    [ch, plain],
    [ch.toUpperCase(), plain],
  ] as const;
});

/**
 * Lower case and without accents, in SQL both engines run: PostgreSQL's lower() knows 'Á', SQLite's
 * only ASCII, so the accented capitals are replaced too. 'mediterranea' finds 'Mediterránea'.
 */
function folded(expr: RawBuilder<unknown>): RawBuilder<string> {
  return ACCENTS.reduce<RawBuilder<string>>((acc, [from, to]) => sql<string>`replace(${acc}, ${sql.lit(from)}, ${sql.lit(to)})`, sql<string>`lower(${expr})`);
}
const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words an agency is found by: its names, CIF, city and e-mails. */
const SEARCHED = ['name', 'corporateName', 'fiscalName', 'cif', 'city', 'email', 'invoiceEmail', 'documentationEmail'] as const;

function matchesText(q: string) {
  const haystack = sql.join(
    SEARCHED.map((column) => sql`coalesce(${sql.ref(`retailers.${column}`)}, '')`),
    sql` || ' ' || `,
  );
  const cif = normaliseTaxId(q);
  return sql<boolean>`(${folded(haystack)} like ${likeContaining(foldText(q))} escape '\\'${cif ? sql` or ${sql.ref('retailers.cif')} like ${likeContaining(cif)} escape '\\'` : sql``})`;
}

function filtered(db: Db, { q, membership }: Pick<RetailerListQuery, 'q' | 'membership'>) {
  return db
    .selectFrom('retailers')
    .$if(q !== undefined, (qb) => qb.where(matchesText(q as string)))
    .$if(membership !== undefined, (qb) => qb.where('retailers.membership', '=', membership as string));
}

export async function listRetailers(db: Db, query: RetailerListQuery): Promise<RetailerListAnswer> {
  const page = await readPage(
    () => filtered(db, query),
    (q) =>
      q
        .select((eb) => [
          'retailers.id',
          'retailers.name',
          'retailers.cif',
          'retailers.city',
          'retailers.contactPerson',
          'retailers.email',
          'retailers.phone',
          'retailers.membership',
          eb
            .selectFrom('bookings')
            .select((b) => b.fn.countAll<number>().as('n'))
            .whereRef('bookings.retailerId', '=', 'retailers.id')
            .as('bookings'),
        ])
        // By name as people read it: 'Ñandú' among the N, 'Ávila' among the A, whatever the engine.
        .orderBy(folded(sql.ref('retailers.name')))
        .orderBy('retailers.id'),
    { page: query.page, pageSize: RETAILER_PAGE_SIZE },
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, bookings: Number(r.bookings ?? 0) })) };
}

const toView = ({ version, ...row }: RetailerRow): RetailerView => ({
  ...row,
  taxIdKind: taxIdKind(row.cif),
  // PostgreSQL's double precision comes back as a number, SQLite's real too; never a string.
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  version,
});

export async function findRetailer(db: Db, id: string): Promise<RetailerView> {
  const row = await db.selectFrom('retailers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw retailerNotFound();
  return toView(row);
}

/** The address the agency mail of a booking goes to: documentation first, the general one otherwise. */
export const agencyMailAddress = (r: Pick<RetailerView, 'documentationEmail' | 'email'>) => r.documentationEmail ?? r.email ?? null;

export async function retailerDetail(db: Db, id: string): Promise<RetailerDetail> {
  const retailer = await findRetailer(db, id);
  const count = (status: string) => sql<number>`sum(case when ${sql.ref('status')} = ${status} then 1 else 0 end)`;
  const [figures, paid, paidConfirmed, travelers, actions] = await Promise.all([
    db
      .selectFrom('bookings')
      .select((eb) => [
        eb.fn.countAll<number>().as('bookings'),
        count('CONFIRMED').as('confirmed'),
        count('CANCELED').as('canceled'),
        sql<number>`sum(case when ${sql.ref('status')} = 'CONFIRMED' then ${sql.ref('priceCents')} else 0 end)`.as('revenueCents'),
        sql<number>`sum(case when ${sql.ref('status')} = 'CONFIRMED' then ${sql.ref('priceCents')} * coalesce(${sql.ref('retailerCommissionPercent')}, 0) / 100.0 else 0 end)`.as(
          'commissionCents',
        ),
        eb.fn.max('createdAt').as('lastBookingAt'),
      ])
      .where('retailerId', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select((eb) => eb.fn.sum<number>('payments.amountCents').as('cents'))
      .where('bookings.retailerId', '=', id)
      .where('payments.status', '=', 'CONFIRMED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.bookingId')
      .select((eb) => eb.fn.sum<number>('payments.amountCents').as('cents'))
      .where('bookings.retailerId', '=', id)
      .where('bookings.status', '=', 'CONFIRMED')
      .where('payments.status', '=', 'CONFIRMED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('travelers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('retailerId', '=', id)
      .executeTakeFirstOrThrow(),
    listStaffActions(db, 'retailer', id),
  ]);
  const bookings = Number(figures.bookings);
  const confirmed = Number(figures.confirmed ?? 0);
  const canceled = Number(figures.canceled ?? 0);
  return {
    retailer,
    figures: {
      bookings,
      confirmed,
      canceled,
      open: bookings - confirmed - canceled,
      revenueCents: Number(figures.revenueCents ?? 0),
      commissionCents: Math.round(Number(figures.commissionCents ?? 0)),
      paidCents: Number(paid.cents ?? 0),
      owedCents: Math.max(0, Number(figures.revenueCents ?? 0) - Number(paidConfirmed.cents ?? 0)),
      lastBookingAt: figures.lastBookingAt ?? null,
    },
    travelers: Number(travelers.n),
    agencyMailTo: agencyMailAddress(retailer),
    actions,
  };
}

/** The agency's bookings, newest first, as the bookings desk lists them, with when each was last sent to the agency. */
export async function retailerBookings(db: Db, id: string, page: number): Promise<RetailerBookingsAnswer> {
  await findRetailer(db, id);
  const answer = await listBookings(db, { retailerId: id, sort: 'createdAt', dir: 'desc', page });
  const ids = answer.rows.map((r) => r.id);
  const mailed = ids.length
    ? await db
        .selectFrom('staffActions')
        .select(['entityId', (eb) => eb.fn.max('createdAt').as('at')])
        .where('entityType', '=', 'booking')
        .where('action', '=', 'notify-agency')
        .where('entityId', 'in', ids)
        .groupBy('entityId')
        .execute()
    : [];
  const mailedAt = new Map(mailed.map((m) => [m.entityId, m.at]));
  return { ...answer, rows: answer.rows.map((r) => ({ ...r, agencyMailedAt: mailedAt.get(r.id) ?? null })) };
}

const stored = (input: RetailerInput) => ({
  cif: input.cif,
  name: input.name,
  corporateName: input.corporateName,
  fiscalName: input.fiscalName,
  type: input.type,
  contactPerson: input.contactPerson,
  phone: input.phone,
  email: input.email,
  invoiceEmail: input.invoiceEmail,
  documentationEmail: input.documentationEmail,
  address: input.address,
  postalCode: input.postalCode,
  city: input.city,
  latitude: input.latitude,
  longitude: input.longitude,
  membership: input.membership,
  paymentType: input.paymentType,
});

const snapshot = ({ id: _id, version: _version, taxIdKind: _kind, ...retailer }: RetailerView) => retailer;

/** A CIF belongs to one agency: another one with it is named, so staff can open it instead. */
async function checkCifFree(db: Db | Trx, cif: string, ownId: string | null): Promise<void> {
  const same = await db.selectFrom('retailers').select(['id', 'name']).where('cif', '=', cif).executeTakeFirst();
  if (same && same.id !== ownId) throw invalidFields({ cif: duplicateCifMessage(same.name) }, duplicateCifMessage(same.name));
}

export async function createRetailer(
  db: Db,
  { requestId, input, actor, now }: { requestId: string; input: RetailerInput; actor: Actor; now: Date },
): Promise<{ retailer: RetailerView; created: boolean }> {
  try {
    const made = await applyOnce(
      db,
      { entityType: 'retailer', entityId: null, requestId, actor, now },
      async (trx, record) => {
        await checkCifFree(trx, input.cif, null);
        const id = randomUUID();
        await trx
          .insertInto('retailers')
          .values({ id, ...stored(input), version: 1 })
          .execute();
        await record({ action: 'create', made: id, before: null, after: stored(input) });
        return { id, created: true };
      },
      (recorded) => ({ id: recorded.entityId, created: false }),
    );
    return { retailer: await findRetailer(db, made.id), created: made.created };
  } catch (error) {
    // Two agencies with one CIF at once: the other one has it now.
    await checkCifFree(db, input.cif, null);
    throw error;
  }
}

export async function saveRetailer(
  db: Db,
  { id, version, input, actor, now }: { id: string; version: number; input: RetailerInput; actor: Actor; now: Date },
): Promise<RetailerView> {
  const before = await findRetailer(db, id);
  if (before.version !== version) throw retailerChanged();
  await checkCifFree(db, input.cif, id);
  try {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('retailers')
        .set({ ...stored(input), version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw retailerChanged();
      await recordStaffAction(
        trx,
        { entityType: 'retailer', entityId: id, action: 'update', actor, requestId: null, before: snapshot(before), after: stored(input) },
        now,
      );
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    await checkCifFree(db, input.cif, id);
    throw error;
  }
  return findRetailer(db, id);
}

/**
 * Deletes an agency no booking names; one with bookings is refused and staff are told why (and what to do
 * instead). Travellers that came through it stay, without agency. Deleting one already gone answers as done.
 */
export async function deleteRetailer(db: Db, { id, version, actor, now }: { id: string; version: number; actor: Actor; now: Date }): Promise<boolean> {
  const retailer = await db.selectFrom('retailers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!retailer) {
    const deleted = await db
      .selectFrom('staffActions')
      .select('id')
      .where('entityType', '=', 'retailer')
      .where('entityId', '=', id)
      .where('action', '=', 'delete')
      .executeTakeFirst();
    if (deleted) return false;
    throw retailerNotFound();
  }
  if (retailer.version !== version) throw retailerChanged();
  await db.transaction().execute(async (trx) => {
    // Counted inside the transaction, right before the delete: a booking made meanwhile is seen.
    const bookings = await trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('retailerId', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(bookings.n) > 0) throw new AppError('CONFLICT', retailerHasBookingsMessage(Number(bookings.n)));
    const removed = await trx.deleteFrom('retailers').where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (removed.numDeletedRows !== 1n) throw retailerChanged();
    await recordStaffAction(
      trx,
      { entityType: 'retailer', entityId: id, action: 'delete', actor, requestId: null, before: snapshot(toView(retailer)), after: null },
      now,
    );
  });
  return true;
}
