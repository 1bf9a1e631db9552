/**
 * The catalogue importer from the command line (the same code as /admin/importador): checks a file and,
 * with --apply, imports it in one transaction, recorded as a staff action by 'línea de comandos'. The
 * running shop's scheduled rebuild (or `npm run build:site`) then publishes it.
 *
 * @example
 *   npm run import -- catalogo.json
 *   npm run import -- salidas.csv --apply --database postgres://…
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../errors.ts';
import { applyImport, checkImport } from '../services/catalogue/import/import.ts';
import { migrateToLatest, openDatabase } from './database.ts';

const USAGE = `Uso: npm run import -- ARCHIVO [--apply] [--database URL]

  ARCHIVO     catálogo en JSON (tours con sus salidas) o CSV (salidas y precios)
  --apply     importa; sin él solo se comprueba y no se escribe nada
  --database  ruta del fichero SQLite o URL postgres:// (por defecto DATABASE_URL o data/shop.db)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { apply: { type: 'boolean', default: false }, database: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const path = positionals[0];
if (values.help || !path) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
const file = { name: basename(path), text: readFileSync(path, 'utf8') };
const db = openDatabase({ url: values.database ?? process.env.DATABASE_URL ?? 'data/shop.db' });
try {
  await migrateToLatest(db);
  const now = new Date();
  const answer = values.apply
    ? await applyImport(db, file, { requestId: randomUUID(), actor: { userId: '', email: 'línea de comandos' }, now, limit: Number.POSITIVE_INFINITY })
    : { report: await checkImport(db, file, { now, limit: Number.POSITIVE_INFINITY }), applied: false };
  const { counts, rows } = answer.report;
  for (const row of rows.filter((r) => r.outcome === 'refused')) console.log(`RECHAZADA ${row.row} (${row.key}): ${row.reasons.join(' ')}`);
  for (const row of rows.filter((r) => r.outcome === 'changed')) {
    console.log(`CAMBIA ${row.row} (${row.key}): ${row.changes.map((c) => `${c.field} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`).join('; ')}`);
  }
  console.log(`${counts.created} altas, ${counts.changed} cambios, ${counts.unchanged} sin cambios, ${counts.refused} rechazadas.`);
  if (values.apply)
    console.log(answer.applied ? 'Importado.' : counts.refused ? 'No se ha importado nada: corrige las filas rechazadas.' : 'Nada que importar.');
  process.exitCode = counts.refused ? 2 : 0;
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
