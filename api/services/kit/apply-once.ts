/**
 * "One press, one effect" on the server, and the record every staff or traveller action leaves (who,
 * when, what, before and after). The screen sends one request id per press (site/staff-kit/press.ts);
 * `applyOnce` applies a press in one transaction with its record, and answers a press already recorded
 * as done without doing it again — also when the same press arrives twice at once (the record's request id
 * is unique: the second transaction fails, and is answered as the replay it is).
 */
import { randomUUID } from 'node:crypto';
import type { StaffActionView } from '#shared/schemas/backoffice.ts';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { StaffActionTable } from '../../db/tables.ts';
import type { Trx } from '../../db/database.ts';
import { emitWebhook, eventOfPress } from '../integration/webhooks.ts';

export type StaffEntity = StaffActionTable['entityType'];
export type Actor = Pick<AuthContext, 'userId' | 'email'>;

export interface StaffActionRecord {
  entityType: StaffEntity;
  entityId: string;
  action: string;
  actor: Actor;
  requestId: string | null;
  reason?: string | null;
  before: unknown;
  after: unknown;
}

export async function recordStaffAction(trx: Trx | Db, record: StaffActionRecord, now: Date): Promise<void> {
  await trx
    .insertInto('staffActions')
    .values({
      id: randomUUID(),
      entityType: record.entityType,
      entityId: record.entityId,
      action: record.action,
      // The command line acts without an account: recorded by its e-mail-like name only.
      actorId: record.actor.userId || null,
      actorEmail: record.actor.email,
      requestId: record.requestId,
      reason: record.reason ?? null,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
      createdAt: now.toISOString(),
    })
    .execute();
  // A booking or a traveller changed: the ERP hears of it, in this same transaction (docs/integration.md).
  const event = eventOfPress(record.entityType, record.entityId, record.action);
  if (event) await emitWebhook(trx, { ...event, now });
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** What a replayed press's record says: the object it was filed under and what it wrote as `after`. */
export interface Recorded {
  entityId: string;
  after: unknown;
}

/** The record of this press (request id) on this object, if it was already applied. */
async function wasApplied(db: Db | Trx, press: Press): Promise<Recorded | null> {
  const row = await db.selectFrom('staffActions').select(['entityType', 'entityId', 'after']).where('requestId', '=', press.requestId).executeTakeFirst();
  const mine = row !== undefined && row.entityType === press.entityType && (press.entityId === null || row.entityId === press.entityId);
  return mine ? { entityId: row.entityId, after: parse(row.after) } : null;
}

/** One press: on what (the object its record is filed under), which press, by whom and when. */
export interface Press {
  entityType: StaffEntity;
  /** null: the press makes the object (a new departure); its id is the one `record` names as `made`. */
  entityId: string | null;
  requestId: string;
  actor: Actor;
  now: Date;
}

/** What a press changed, for its record (filed under the press's object, id, actor and time). */
export interface Change {
  action: string;
  before: unknown;
  after: unknown;
  reason?: string | null;
  /** The id of the object the press made, when the press's `entityId` is null. */
  made?: string;
  /**
   * Also filed under another object (each booking a departure's notice went to): such a record carries no
   * request id, which belongs to the press's own record.
   */
  on?: { entityType: StaffEntity; entityId: string };
}

/**
 * Applies `press` once: `apply` runs in one transaction and writes its record with `record` (a press that
 * changes nothing may record nothing, and is not remembered); a press already recorded, before or while
 * it runs, is answered by `replay` instead. `prepare` does the slow work a new press needs outside the
 * transaction (an uploaded image made into its variants), and only for a press not yet applied.
 *
 * @example
 * return applyOnce(db, { entityType: 'tour', entityId: id, requestId, actor, now }, async (trx, record) => {
 *   await trx.updateTable('tours').set({ publishWeb: 1 }).where('id', '=', id).execute();
 *   await record({ action: 'publish', before: { publishWeb: false }, after: { publishWeb: true } });
 *   return true;
 * }, () => false);
 */
export async function applyOnce<T, R = T, P = undefined>(
  db: Db,
  press: Press,
  apply: (trx: Trx, record: (change: Change) => Promise<void>, prepared: P) => Promise<T>,
  replay: (recorded: Recorded) => R | Promise<R>,
  prepare?: () => Promise<P>,
): Promise<T | R> {
  const done = () => wasApplied(db, press);
  const earlier = await done();
  if (earlier) return replay(earlier);
  const prepared = (await prepare?.()) as P;
  try {
    return await db.transaction().execute((trx) =>
      apply(
        trx,
        (change) =>
          recordStaffAction(
            trx,
            {
              entityType: change.on?.entityType ?? press.entityType,
              entityId: change.on?.entityId ?? change.made ?? press.entityId ?? '',
              action: change.action,
              actor: press.actor,
              requestId: change.on ? null : press.requestId,
              reason: change.reason ?? null,
              before: change.before,
              after: change.after,
            },
            press.now,
          ),
        prepared,
      ),
    );
  } catch (error) {
    // The same press sent twice at once: the other one was applied, so this one answers as it did.
    const twin = await done();
    if (twin) return replay(twin);
    throw error;
  }
}

export async function listStaffActions(db: Db, entityType: StaffEntity, entityId: string): Promise<StaffActionView[]> {
  const rows = await db
    .selectFrom('staffActions')
    .select(['id', 'action', 'actorEmail', 'reason', 'before', 'after', 'createdAt'])
    .where('entityType', '=', entityType)
    .where('entityId', '=', entityId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) }));
}
