/**
 * The database as `npm start` opens it, with the failures an operator meets said plainly (issue 16): a
 * corrupt or foreign file, a data folder it cannot write, a PostgreSQL it cannot reach, a database that
 * vanished from a shop that has run before. Each is a `StartupError` with a Spanish and an English line;
 * the start script prints it and exits non-zero, so nothing is half-written and no empty shop goes live.
 */
import { existsSync } from 'node:fs';
import { hasBuiltSite } from '#content-build/site-folder.ts';
import type { Config } from '../config.ts';
import { type Db, dialectOf, migrateToLatest, openDatabase } from './database.ts';

export class StartupError extends Error {}

/** SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…) start with their primary one. */
const CORRUPT = /^SQLITE_(NOTADB|CORRUPT)/;
const UNWRITABLE = /^(SQLITE_(CANTOPEN|READONLY|FULL|IOERR)|EACCES|EROFS|ENOSPC)/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000']);

/** The code of an error and of its causes (the migrator wraps what SQLite threw). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 10; depth++, e = e.cause as typeof e) if (typeof e.code === 'string') codes.push(e.code);
  return codes;
}

/** The operator's words for a failure to open or migrate the database; null when it is none of the known ones. */
export function explainDatabaseFailure(error: unknown, { databaseUrl }: Pick<Config, 'databaseUrl'>): string | null {
  const codes = codesOf(error);
  const where = dialectOf(databaseUrl) === 'postgres' ? 'PostgreSQL' : databaseUrl;
  if (codes.some((code) => CORRUPT.test(code))) {
    return `La base de datos ${where} está dañada o no es de la tienda. Restaure una copia (npm run restore -- CARPETA).\nThe database ${where} is corrupt or not the shop's. Restore a backup (npm run restore -- FOLDER).`;
  }
  if (codes.some((code) => UNWRITABLE.test(code))) {
    return `No se puede escribir la base de datos ${where}: la carpeta de datos es de solo lectura, está llena o no es accesible.\nCannot write the database ${where}: the data folder is read-only, full or not accessible.`;
  }
  if (codes.some((code) => UNREACHABLE.has(code))) {
    return `No se puede conectar con PostgreSQL (${codes.join(', ')}): compruebe DATABASE_URL y que el servidor esté en marcha.\nCannot connect to PostgreSQL (${codes.join(', ')}): check DATABASE_URL and that the server is running.`;
  }
  return null;
}

/**
 * Opens and migrates the configured database. A missing SQLite file next to a site already built means the
 * database was lost, not that this is a first start: refused unless `ALLOW_NEW_DATABASE=1`.
 */
export async function openShopDatabase(config: Pick<Config, 'databaseUrl' | 'siteDir'>, env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  const { databaseUrl } = config;
  if (dialectOf(databaseUrl) === 'sqlite' && !existsSync(databaseUrl) && hasBuiltSite(config.siteDir) && env['ALLOW_NEW_DATABASE'] !== '1') {
    throw new StartupError(
      `Falta la base de datos ${databaseUrl}, y la tienda ya ha funcionado aquí (hay una web construida). Restaure una copia (npm run restore -- CARPETA), o arranque con ALLOW_NEW_DATABASE=1 para empezar de cero.\nThe database ${databaseUrl} is missing where the shop has run before. Restore a backup, or start with ALLOW_NEW_DATABASE=1 to begin anew.`,
    );
  }
  let db: Db | null = null;
  try {
    db = openDatabase({ url: databaseUrl });
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db?.destroy().catch(() => {});
    const explained = explainDatabaseFailure(error, config);
    throw explained ? new StartupError(explained, { cause: error }) : error;
  }
}
