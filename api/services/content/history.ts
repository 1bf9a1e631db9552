/**
 * The record every in-place edit leaves (who, when, the record before and after), the version check that
 * keeps two editors from overwriting each other, and the replay check that makes a create button safe
 * to press twice.
 */
import { randomUUID } from 'node:crypto';
import type { HistoryEntityType, HistoryEntryView } from '#shared/schemas/cms.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import type { AuthContext } from '../../auth-context.ts';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

export const versionConflict = () => new AppError('CONFLICT', VERSION_CONFLICT_MESSAGE);

/** How many earlier versions an editor offers to restore. */
export const HISTORY_LIMIT = 10;

export interface HistoryRecord {
  type: HistoryEntityType;
  entityId: string;
  version: number;
  action: 'create' | 'update' | 'delete' | 'restore';
  actor: Pick<AuthContext, 'userId' | 'email'>;
  requestId?: string | null;
  before: unknown;
  after: unknown;
}

export async function recordHistory(trx: Trx | Db, record: HistoryRecord, now: Date): Promise<void> {
  await trx
    .insertInto('contentHistory')
    .values({
      id: randomUUID(),
      entityType: record.type,
      entityId: record.entityId,
      version: record.version,
      action: record.action,
      actorId: record.actor.userId,
      actorEmail: record.actor.email,
      requestId: record.requestId ?? null,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
      createdAt: now.toISOString(),
    })
    .execute();
}

/** The entity a create with this request id already made, if that press arrived before. */
export async function findReplayedCreate(db: Db | Trx, type: HistoryEntityType, requestId: string): Promise<string | null> {
  const row = await db.selectFrom('contentHistory').select(['entityId', 'entityType']).where('requestId', '=', requestId).executeTakeFirst();
  return row && row.entityType === type ? row.entityId : null;
}

/** Whether this entity was deleted through the editors (a second press of 'delete' then answers as the first). */
export async function wasDeleted(db: Db | Trx, type: HistoryEntityType, entityId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contentHistory')
    .select('id')
    .where('entityType', '=', type)
    .where('entityId', '=', entityId)
    .where('action', '=', 'delete')
    .executeTakeFirst();
  return row !== undefined;
}

/** The last saves of one record, newest first. */
export async function listHistory(db: Db, type: HistoryEntityType, entityId: string): Promise<HistoryEntryView[]> {
  const rows = await db
    .selectFrom('contentHistory')
    .select(['id', 'version', 'action', 'actorEmail', 'createdAt', 'after'])
    .where('entityType', '=', type)
    .where('entityId', '=', entityId)
    .orderBy('createdAt', 'desc')
    .orderBy('version', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, after: row.after === null ? null : (JSON.parse(row.after) as unknown) }));
}

/** One entry, to restore it. */
export async function findHistoryEntry(db: Db, id: string) {
  const row = await db.selectFrom('contentHistory').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, after: row.after === null ? null : (JSON.parse(row.after) as unknown) } : null;
}
