/**
 * What the instances on one PostgreSQL tell each other at once (ADR 033), over LISTEN/NOTIFY on one
 * connection of each instance's own:
 * - `shop_writes`: the table a committed statement wrote (a trigger on every table, migration
 *   2026-11-29T10). Reads kept in memory until their tables are written (sessions and their revocation,
 *   departures, offers…) drop at another instance's commit, not a second later.
 * - `shop_events`: the staff's live events (publications, a tour's status for the card tools). An
 *   editor's stream is on whichever instance nginx chose; the publication may run on another.
 * A lost connection is made again every second; meanwhile the caches' age bound holds, and on its return
 * every kept read is dropped (writes may have been missed).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { CmsEvent } from '#shared/schemas/cms.ts';
import type { Db } from '../../db/database.ts';
import { EVERY_TABLE, tableVersionsOf } from '../../db/table-versions.ts';

const WRITES = 'shop_writes';
const EVENTS = 'shop_events';
const RECONNECT_MS = 1_000;

export interface InstanceBus {
  /** Tells the other instances' staff streams; this instance's own have it already. */
  publish(event: CmsEvent): void;
  stop(): Promise<void>;
}

export async function startInstanceBus({
  db,
  url,
  onEvent,
  log = console,
}: {
  db: Db;
  url: string;
  /** An event another instance published. */
  onEvent: (event: CmsEvent) => void;
  log?: Pick<Console, 'warn'>;
}): Promise<InstanceBus> {
  const self = randomUUID();
  const versions = tableVersionsOf(db);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', ({ channel, payload = '' }) => {
      if (channel === WRITES) versions?.written(payload);
      else if (channel === EVENTS) {
        // Anyone connected may notify this channel: a payload that is not an instance's event is skipped.
        let message: { from?: unknown; event?: CmsEvent };
        try {
          message = JSON.parse(payload) as typeof message;
        } catch {
          return;
        }
        if (message.event && message.from !== self) onEvent(message.event);
      }
    });
    // The 'end' below reconnects; an error without it (a notice) needs nothing.
    c.on('error', () => {});
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      versions?.written(EVERY_TABLE);
      if (!stopped) retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await c.connect();
    await c.query(`listen ${WRITES}; listen ${EVENTS}`);
    client = c;
    // Whatever was written while nobody listened.
    versions?.written(EVERY_TABLE);
  };
  const reconnect = () => {
    if (stopped) return;
    connect().catch((error: unknown) => {
      log.warn(`Avisos entre instancias: sin conexión a PostgreSQL, se reintenta (${(error as Error).message})`);
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
  };
  await connect();

  return {
    publish: (event) => {
      sql`select pg_notify(${EVENTS}, ${JSON.stringify({ from: self, event })})`.execute(db).catch((error: unknown) => {
        log.warn(`Avisos entre instancias: no se pudo avisar de un evento (${(error as Error).message})`);
      });
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    },
  };
}
