/**
 * The record every back-office action leaves (who, when, what, before and after), and the replay check
 * that makes an action button safe to press twice: the screen sends one request id per press, and a
 * press already recorded is answered as done without doing it again.
 */
import { randomUUID } from 'node:crypto';
import type { StaffActionView } from '#shared/schemas/backoffice.ts';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { StaffActionTable } from '../../db/tables.ts';
import type { Trx } from '../bookings/records.ts';

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
}

/** Whether this press (request id) on this object was already applied. */
export async function wasApplied(db: Db | Trx, entityType: StaffEntity, entityId: string, requestId: string): Promise<boolean> {
  const row = await db.selectFrom('staffActions').select(['entityType', 'entityId']).where('requestId', '=', requestId).executeTakeFirst();
  return row !== undefined && row.entityType === entityType && row.entityId === entityId;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

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
