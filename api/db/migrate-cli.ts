/** `npm run migrate`: brings the configured database to the latest schema. */
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from './database.ts';

const config = loadConfig();
const db = openDatabase({ url: config.databaseUrl });
const { results } = await migrateToLatest(db);
console.log(results?.length ? results.map((r) => `${r.status}: ${r.migrationName}`).join('\n') : 'Nothing to migrate.');
await db.destroy();
