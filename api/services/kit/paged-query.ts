/**
 * The staff lists' paging on the server, written once: one page of a filtered query and how many rows match
 * in all, read at the same time. The list keeps its own filters, columns and order; this adds the page.
 */
import { type SelectQueryBuilder, sql } from 'kysely';

export interface PagedAnswer<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * @param filtered the list's query with its joins and conditions, and no columns yet (it is read twice)
 * @param columns the page's columns and order over it
 *
 * @example readPage(() => db.selectFrom('retailers').where(...), (q) => q.selectAll().orderBy('name'), { page: 2, pageSize: 50 })
 */
export async function readPage<DB, TB extends keyof DB, O, R>(
  filtered: () => SelectQueryBuilder<DB, TB, O>,
  columns: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<PagedAnswer<R>> {
  const [rows, count] = await Promise.all([
    columns(filtered())
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered().select(sql<number | string | bigint>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as R[], total: Number((count as { n: number | string | bigint }).n), page, pageSize };
}
