/**
 * The browser tests' own shop of this worker's lane (playwright.config.ts): its data folder, always a
 * temporary one the run made, and its SQLite database, which tests read to find what a person would find
 * in their inbox or to check what the shop stored.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { insideRepositoryData } from './test-config.ts';

/** What the lane's `npm start` printed on standard output, kept in its data folder by tests/support/e2e-shops.ts. */
export const START_OUTPUT_FILE = 'start-output.log';

/** The lane's data folder; the checkout's `data/` (a shop started by hand) is never it. */
export function laneDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || insideRepositoryData(dir))
    throw new Error(`E2E_DATA_DIR must name the lane's temporary data folder (got '${dir ?? ''}'): run the browser tests through playwright.config.ts`);
  return dir;
}

/** The lane shop's database; read-only unless the test must change what the shop stored. */
export function openLaneDatabase({ write = false } = {}): SQLite.Database {
  const db = new SQLite(join(laneDataDir(), 'shop.db'), { readonly: !write, fileMustExist: true });
  if (write) db.pragma('busy_timeout = 5000');
  return db;
}
