/**
 * Seeds an empty database: the demo catalogue, or with `--tours N` the synthetic catalogue for benchmarks.
 *
 * @example
 *   node api/db/seed/cli.ts
 *   node api/db/seed/cli.ts --database /tmp/shop.db --files /tmp/files --today 2026-11-22
 *   node api/db/seed/cli.ts --tours 10000 --database /tmp/bench.db
 *   node api/db/seed/cli.ts --tours 1000 --bookings 100000 --database /tmp/desk.db
 */
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../database.ts';
import { isIsoDate } from './dates.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo, seedScale } from './index.ts';
import { seedScaleBookings } from './scale-bookings.ts';

const USAGE = `Uso: node api/db/seed/cli.ts [--tours N] [--bookings N] [--database URL] [--files DIR] [--today YYYY-MM-DD] [--seed N]

  --database  ruta del fichero SQLite o URL postgres:// (por defecto DATABASE_URL o data/shop.db)
  --files     carpeta de imágenes del catálogo de demostración (por defecto data/files)
  --today     fecha de referencia en UTC (por defecto, hoy)
  --tours N   genera N tours sintéticos para pruebas de rendimiento en lugar de la demo
  --bookings N  añade N reservas sintéticas (un año de un operador con mucho trabajo) sobre el catálogo
  --seed N    semilla del generador (mismo valor y misma fecha: mismos datos)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        tours: { type: 'string' },
        bookings: { type: 'string' },
        database: { type: 'string' },
        files: { type: 'string' },
        today: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function addBookings(db: ReturnType<typeof openDatabase>, bookings: number | undefined, today: string): Promise<void> {
  if (bookings === undefined) return;
  const started = performance.now();
  await seedScaleBookings(db, { bookings, today });
  console.log(`Reservas sintéticas: ${bookings} en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

async function main(): Promise<void> {
  const values = readArgs();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = values.database ?? process.env.DATABASE_URL ?? 'data/shop.db';
  const filesDir = values.files ?? 'data/files';
  // The only place the clock is read: the seed itself only ever sees this date.
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  if (!isIsoDate(today)) fail(`--today debe ser una fecha AAAA-MM-DD válida (recibido: ${today}).`);
  const tours = values.tours === undefined ? undefined : Number(values.tours);
  if (tours !== undefined && (!Number.isInteger(tours) || tours < 1)) fail(`--tours debe ser un entero positivo (recibido: ${values.tours}).`);
  const bookings = values.bookings === undefined ? undefined : Number(values.bookings);
  if (bookings !== undefined && (!Number.isInteger(bookings) || bookings < 1)) fail(`--bookings debe ser un entero positivo (recibido: ${values.bookings}).`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) fail(`--seed debe ser un entero (recibido: ${values.seed}).`);

  const db = openDatabase({ url });
  try {
    await migrateToLatest(db);
    if (!(await isDatabaseEmpty(db))) {
      fail(`La base de datos ${url.replace(/\/\/[^@]*@/, '//***@')} ya tiene tours: no se ha sembrado nada. Usa una base de datos vacía.`);
    }
    const started = performance.now();
    if (tours !== undefined) {
      const counts = await seedScale(db, { tours, today, ...(seed === undefined ? {} : { seed }) });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      console.log(
        `Catálogo sintético: ${counts.tours ?? 0} tours, ${counts.periods ?? 0} periodos, ${counts.flights ?? 0} vuelos, ${counts.prices ?? 0} precios (${total} filas) en ${seconds} s.`,
      );
      await addBookings(db, bookings, today);
      return;
    }
    const summary = await seedDemo(db, { today, filesDir, ...(seed === undefined ? {} : { seed }) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const c = summary.counts;
    console.log(`Catálogo de demostración (hoy = ${today}) en ${seconds} s:`);
    console.log(`  ${c.tours} tours, ${c.destinations} destinos, ${c.periods} periodos, ${c.flights} vuelos, ${c.coupons} cupones, ${c.bookings} reservas`);
    console.log(`  ${Object.keys(c).length} tablas con datos, ${summary.images} imágenes en ${filesDir}`);
    await addBookings(db, bookings, today);
    console.log('Cuentas de demostración:');
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(15)} ${account.email.padEnd(26)} ${account.password}`);
  } finally {
    await db.destroy();
  }
}

await main();
