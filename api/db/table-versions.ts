/**
 * Which tables this process has written, as counters: what a cached read compares to know whether it
 * is still the database's answer (issue 15: the departures of a tour, read by every visitor of its page,
 * change only when a period, price, campaign or the tour itself does).
 *
 * A Kysely plugin sees every query this process runs. A write bumps its table's counter before it
 * runs and again once it has run, so a read that overlapped it in any way is never kept under the newer
 * counter. A raw SQL write (`sql\`update …\``) names no table the plugin can read: it bumps every counter.
 * On SQLite that is exact (one connection: no read runs inside another's transaction). On PostgreSQL
 * every commit is also told to every instance (`written`, from the instance bus): another instance's
 * writes, and a read that ran after a statement but before its commit, are seen at the commit. While
 * the bus is away, the age a cache accepts (`READ_CACHE_MAX_AGE_MS`) bounds what is missed.
 */
import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export const EVERY_TABLE = '*';

/**
 * The seats-left columns that holds move (api/services/bookings/seat-holds.ts). An update that sets
 * nothing else is counted apart, so a read that keeps only what staff change (a departure's prices,
 * flights, rooms) can ignore it (`ignoreSeatWrites`) instead of being read again after every hold.
 */
const SEAT_COLUMNS = new Set(['bookable_availability', 'availability']);
const SEATS = ':seats';

function updatesOnlySeats(node: RootOperationNode): boolean {
  if (node.kind !== 'UpdateQueryNode' || !node.updates || node.updates.length === 0) return false;
  return node.updates.every((update) => {
    const column = update.column as unknown as { kind: string; column?: { name?: string } };
    return column.kind === 'ColumnNode' && SEAT_COLUMNS.has(column.column?.name ?? '');
  });
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

/** The table a query writes, '*' when it writes and the table cannot be told, null for a read. */
function writtenTable(node: RootOperationNode): string | null {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableName(node.into) ?? EVERY_TABLE;
    case 'UpdateQueryNode':
      return tableName(node.table) ?? EVERY_TABLE;
    case 'DeleteQueryNode':
      return node.from.froms.length === 1 ? (tableName(node.from.froms[0]) ?? EVERY_TABLE) : EVERY_TABLE;
    case 'SelectQueryNode':
      return null;
    case 'RawNode':
      return /^\s*(?:with|insert|update|delete|replace|merge|create|drop|alter)\b/i.test(node.sqlFragments.join(' ')) ? EVERY_TABLE : null;
    default:
      // Merges and schema changes: anything may have changed.
      return EVERY_TABLE;
  }
}

export class TableVersions implements KyselyPlugin {
  readonly #counters = new Map<string, number>();
  #everything = 0;
  readonly #writes = new WeakMap<object, string>();

  #bump(table: string): void {
    if (table === EVERY_TABLE) this.#everything += 1;
    else this.#counters.set(table, (this.#counters.get(table) ?? 0) + 1);
  }

  /**
   * A write this process's plugin did not see: another instance's, told by PostgreSQL at its commit
   * (api/services/platform/instance-bus.ts); `'*'` when anything may have changed (the listener was away).
   */
  written(table: string): void {
    this.#bump(table);
  }

  /**
   * A value that changes whenever any of these tables (snake_case, as in SQL) is written by this process;
   * with `ignoreSeatWrites`, not when an update only moved seats (`SEAT_COLUMNS`).
   */
  version(tables: readonly string[], { ignoreSeatWrites = false }: { ignoreSeatWrites?: boolean } = {}): string {
    let key = String(this.#everything);
    for (const table of tables) {
      key += `:${this.#counters.get(table) ?? 0}`;
      if (!ignoreSeatWrites) key += `/${this.#counters.get(table + SEATS) ?? 0}`;
    }
    return key;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenTable(node);
    const table = written !== null && written !== EVERY_TABLE && updatesOnlySeats(node) ? written + SEATS : written;
    if (table !== null) {
      this.#bump(table);
      this.#writes.set(queryId, table);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.#writes.get(queryId);
    if (table !== undefined) this.#bump(table);
    return result;
  }
}

const trackers = new WeakMap<object, TableVersions>();

/** Ties a tracker to the database it was opened with (`openDatabase`). */
export function trackTableVersions<T>(db: Kysely<T>, tracker: TableVersions): Kysely<T> {
  trackers.set(db, tracker);
  return db;
}

/** The database's tracker; null for a database opened some other way (then nothing may be cached). */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only the instance is looked up.
export const tableVersionsOf = (db: Kysely<any>): TableVersions | null => trackers.get(db) ?? null;

/** How long a kept read is trusted at most: what this process was not told (the instance bus away) shows within it. */
export const READ_CACHE_MAX_AGE_MS = 1_000;

/**
 * A read kept per key until one of `tables` is written (or `maxAgeMs` passes), for answers every
 * visitor asks for alike. A database without a tracker is read every time.
 *
 * @example
 * const departuresCache = cachedReads<Departure[]>({ tables: ['tours', 'periods'] });
 * const departures = await departuresCache(db, slug, () => readDepartures(db, slug));
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only the instance is looked up.
type AnyDb = Kysely<any>;

export interface CachedReads<T> {
  (db: AnyDb, key: string, read: () => Promise<T>): Promise<T>;
  /** The kept answer while it is still the database's, without reading; undefined otherwise. */
  peek(db: AnyDb, key: string): T | undefined;
}

export function cachedReads<T>({
  tables,
  maxAgeMs = READ_CACHE_MAX_AGE_MS,
  maxEntries = 20_000,
  ignoreSeatWrites = false,
}: {
  tables: readonly string[];
  maxAgeMs?: number;
  maxEntries?: number;
  /** The kept value holds no seat counts: an update that only moves seats leaves it kept. */
  ignoreSeatWrites?: boolean;
}): CachedReads<T> {
  // Per database: tests open many.
  const caches = new WeakMap<object, Map<string, { version: string; at: number; value: T }>>();
  const peek = (db: AnyDb, key: string, version: string | null = tableVersionsOf(db)?.version(tables, { ignoreSeatWrites }) ?? null): T | undefined => {
    const hit = version === null ? undefined : caches.get(db)?.get(key);
    return hit && hit.version === version && Date.now() - hit.at < maxAgeMs ? hit.value : undefined;
  };
  const read = async (db: AnyDb, key: string, readNow: () => Promise<T>) => {
    const versions = tableVersionsOf(db);
    if (!versions) return readNow();
    let kept = caches.get(db);
    if (!kept) {
      kept = new Map();
      caches.set(db, kept);
    }
    // Taken before the read: a write while it runs leaves what it read stale at once.
    const version = versions.version(tables, { ignoreSeatWrites });
    const at = Date.now();
    const hit = peek(db, key, version);
    if (hit !== undefined) return hit;
    const value = await readNow();
    kept.delete(key);
    kept.set(key, { version, at, value });
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
    return value;
  };
  return Object.assign(read, { peek: (db: AnyDb, key: string) => peek(db, key) });
}
