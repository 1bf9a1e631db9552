/**
 * The shop as the kill loop runs it (tests/faults/kill-loop.ts): the real database, API, fast path and mail
 * worker on a data folder, without the static site's build (its pages play no part in what a kill can lose).
 * Prints `listo` once it answers.
 */
import { loadConfig } from '#api/config.ts';
import { openShopDatabase } from '#api/db/open-shop-database.ts';
import { createShop, listen } from '#api/server.ts';
import { startMailWorker } from '#api/services/mail/worker.ts';

const config = loadConfig();
const db = await openShopDatabase(config);
await listen(createShop({ db, config }), config.port, config.host);
startMailWorker({ db, config, intervalMs: 100 });
console.log('listo');
