/**
 * The shop as the kill loop runs it (tests/faults/kill-loop.ts): the real database, API, fast path and mail
 * worker on a data folder (and the instance bus on PostgreSQL, for the cluster proof), without the static
 * site's build (its pages play no part in what a kill can lose).
 * Prints `listo` once it answers.
 */
import { loadConfig } from '#api/config.ts';
import { openShopDatabase } from '#api/db/open-shop-database.ts';
import { createShop, listen } from '#api/server.ts';
import { dialectOf } from '#api/db/database.ts';
import { startInstanceBus } from '#api/services/platform/instance-bus.ts';
import { startMailWorker } from '#api/services/mail/worker.ts';

const config = loadConfig();
const db = await openShopDatabase(config);
// On PostgreSQL (the cluster proof) the instances hear each other's commits, as `npm start` does.
if (dialectOf(config.databaseUrl) === 'postgres') await startInstanceBus({ db, url: config.databaseUrl, onEvent: () => {} });
await listen(createShop({ db, config }), config.port, config.host);
startMailWorker({ db, config, intervalMs: 100 });
console.log('listo');
