/**
 * A tour's extras in the tour editor (storefront-and-booking.md §9, "plus an extra per traveler or per
 * booking"): added, changed, withdrawn and offered again once per press, recorded on the tour. An extra is
 * never deleted: a booking that chose it keeps being priced with it (a withdrawn one is only no longer
 * offered). Bookings in the funnel reprice with its current amount, as they do with every other price;
 * paid ones keep what they agreed.
 */
import { randomUUID } from 'node:crypto';
import type { ExtraInput, TourEditorExtra } from '#shared/schemas/tour-extras.ts';
import { EXTRA_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { TourExtraRow } from '../../db/tables.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../kit/apply-once.ts';
import { onTour } from './tours.ts';

interface ExtraPress {
  tourId: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

const extraNotFound = () => notFound(EXTRA_MESSAGES.notFound);

const stored = (e: Pick<TourExtraRow, 'name' | 'description' | 'amountCents' | 'basis' | 'active'>) => ({
  name: e.name,
  description: e.description,
  amountCents: e.amountCents,
  basis: e.basis,
  active: e.active,
});

const fromInput = (input: ExtraInput) => stored({ ...input, active: input.active ? 1 : 0 });

async function findExtra(db: Db | Trx, tourId: string, extraId: string) {
  const extra = await db.selectFrom('tourExtras').selectAll().where('id', '=', extraId).where('tourId', '=', tourId).executeTakeFirst();
  if (!extra) throw extraNotFound();
  return extra;
}

export async function addExtra(db: Db, { input, ...press }: ExtraPress & { input: ExtraInput }): Promise<{ applied: boolean }> {
  const applied = await onTour(db, press, async (trx, record) => {
    const id = randomUUID();
    const stamp = press.now.toISOString();
    const last = await trx
      .selectFrom('tourExtras')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('tourId', '=', press.tourId)
      .executeTakeFirst();
    const position = (last?.position ?? -1) + 1;
    await trx
      .insertInto('tourExtras')
      .values({ id, tourId: press.tourId, ...fromInput(input), position, createdAt: stamp, updatedAt: stamp })
      .execute();
    await record({ action: 'extra-add', before: null, after: { id, ...fromInput(input) } });
    return true;
  });
  return { applied };
}

/** Saves an extra's fields; `active` alone is what 'Retirar' and 'Volver a ofrecer' change. */
export async function updateExtra(
  db: Db,
  { extraId, change, ...press }: ExtraPress & { extraId: string; change: Partial<ExtraInput> },
): Promise<{ applied: boolean }> {
  const applied = await onTour(db, press, async (trx, record) => {
    const extra = await findExtra(trx, press.tourId, extraId);
    const before = stored(extra);
    const after = stored({ ...extra, ...change, active: change.active === undefined ? extra.active : change.active ? 1 : 0 });
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await trx
      .updateTable('tourExtras')
      .set({ ...after, updatedAt: press.now.toISOString() })
      .where('id', '=', extraId)
      .execute();
    const action = Object.keys(change).length === 1 && change.active !== undefined ? (change.active ? 'extra-offer' : 'extra-withdraw') : 'extra-update';
    await record({ action, before: { id: extraId, ...before }, after: { id: extraId, ...after } });
    return true;
  });
  return { applied };
}

/** The tour's extras for its editor, with how many bookings (not canceled) chose each. */
export async function findTourExtras(db: Db, tourId: string): Promise<TourEditorExtra[]> {
  const rows = await db.selectFrom('tourExtras').selectAll().where('tourId', '=', tourId).orderBy('position').orderBy('id').execute();
  if (rows.length === 0) return [];
  const chosen = await db
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .select('bookings.extraIds')
    .where('periods.tourId', '=', tourId)
    .where('bookings.status', '!=', 'CANCELED')
    .where('bookings.extraIds', '!=', sql<string>`'[]'`)
    .execute();
  const counts = new Map<string, number>();
  for (const { extraIds } of chosen) {
    for (const id of new Set(JSON.parse(extraIds) as string[])) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    amountCents: r.amountCents,
    basis: r.basis,
    active: r.active === 1,
    bookings: counts.get(r.id) ?? 0,
  }));
}
