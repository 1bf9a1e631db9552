/**
 * `npm start`: migrate, seed the demo catalogue into an empty database, build the static site if
 * there is none, then serve site and API on one port.
 */
import { buildSite, hasBuiltSite } from '#content-build/build.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo } from './db/seed/index.ts';
import { createShop, listen } from './server.ts';

const config = loadConfig();
const db = openDatabase({ url: config.databaseUrl });
await migrateToLatest(db);

const seeded = config.seedDemo && (await isDatabaseEmpty(db));
if (seeded) {
  console.log('Base de datos vacía: cargando el catálogo de demostración…');
  await seedDemo(db, { today: new Date().toISOString().slice(0, 10), filesDir: config.filesDir });
}

if (!hasBuiltSite(config.siteDir)) {
  console.log('Construyendo la web estática…');
  const { info } = await buildSite({ db, siteDir: config.siteDir, filesDir: config.filesDir });
  console.log(`Web construida: ${info.pages} páginas.`);
} else {
  // Serve the existing site at once; a changed catalogue (or a new day's date window) rebuilds behind it.
  buildSite({ db, siteDir: config.siteDir, filesDir: config.filesDir })
    .then(({ info, skipped }) => skipped || console.log(`Web reconstruida: ${info.pages} páginas.`))
    .catch((err: unknown) => console.error('La reconstrucción de la web ha fallado:', err));
}

const server = await listen(createShop({ db, config }), config.port, config.host);
console.log(`\nLa tienda está en marcha: ${config.publicUrl}`);
console.log(`Salud de la API: ${config.publicUrl}/api/health`);
if (config.seedDemo) {
  console.log('\nCuentas de demostración:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(9)} ${account.email}  /  ${account.password}`);
}

const stop = () => {
  server.close();
  void db.destroy().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
