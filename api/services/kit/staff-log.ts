/**
 * The office's log: the records `applyOnce` writes (one per press), read back across the whole shop for
 * /admin/historial, filtered by who pressed, what it was about and when, newest first.
 */
import { sql } from 'kysely';
import { STAFF_LOG_PAGE_SIZE, type StaffLogQuery, type StaffLogRow, staffLogHref } from '#shared/schemas/staff-log.ts';
import type { Db } from '../../db/database.ts';
import { type PagedAnswer, readPage } from './paged-query.ts';
import { likeContaining } from './search.ts';

/** The day after `day` (YYYY-MM-DD): records are stamped with their instant, a day's end is the next's start. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function listStaffLog(db: Db, query: StaffLogQuery): Promise<PagedAnswer<StaffLogRow>> {
  const filtered = () =>
    db
      .selectFrom('staffActions')
      .$if(query.actor !== undefined, (q) =>
        q.where(sql<boolean>`lower(${sql.ref('actorEmail')}) like ${likeContaining((query.actor ?? '').toLowerCase())} escape '\\'`),
      )
      .$if(query.entity !== undefined, (q) => q.where('entityType', '=', query.entity ?? ''))
      .$if(query.entityId !== undefined, (q) => q.where('entityId', '=', query.entityId ?? ''))
      .$if(query.from !== undefined, (q) => q.where('createdAt', '>=', query.from ?? ''))
      .$if(query.to !== undefined, (q) => q.where('createdAt', '<', dayAfter(query.to ?? '')));
  const page = await readPage(
    filtered,
    (q) => q.select(['id', 'createdAt', 'actorEmail', 'entityType', 'entityId', 'action', 'reason']).orderBy('createdAt', query.dir).orderBy('id', query.dir),
    { page: query.page, pageSize: STAFF_LOG_PAGE_SIZE },
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, href: staffLogHref(r.entityType, r.entityId) })) };
}
