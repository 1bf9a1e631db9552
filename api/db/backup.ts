/**
 * Backups of a running shop and their restore (issue 16). A backup is a folder: the database (one
 * consistent snapshot of SQLite taken while the shop writes, by `VACUUM INTO`; `pg_dump` in its custom format for PostgreSQL), the
 * uploaded and seeded files, and the development signing secret when the data folder keeps one (the pay
 * links and budget mails it signed keep working after a restore). The static site is not kept: a shop
 * builds it from the database at start.
 *
 * Restoring replaces the configured database and files with a backup's, and is meant for a stopped shop.
 * An SQLite backup is checked (`PRAGMA integrity_check`) before it replaces anything, and put in place
 * by a rename, so a failed restore leaves the old database as it was.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { privateFolder } from './private-files.ts';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { dialectOf } from './database.ts';

const run = promisify(execFile);

const SQLITE_FILE = 'shop.db';
const POSTGRES_FILE = 'shop.dump';
const FILES_DIR = 'files';
const SECRET_FILE = 'auth-secret';
const MANIFEST_FILE = 'backup.json';

type BackupConfig = Pick<Config, 'databaseUrl' | 'filesDir' | 'dataDir'>;

export interface BackupManifest {
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  database: string;
  files: boolean;
  secret: boolean;
}

/** Where `npm run backup` writes when told nothing: a folder per backup under the data folder. */
export const defaultBackupDir = (config: Pick<Config, 'dataDir'>, now: Date) => join(config.dataDir, 'backups', now.toISOString().replace(/[:.]/g, '-'));

/** Copies the shop's database, files and secret into `to` (created; refused if it holds a backup already). */
export async function backupShop(config: BackupConfig, { to, now = new Date() }: { to: string; now?: Date }): Promise<BackupManifest> {
  if (existsSync(join(to, MANIFEST_FILE))) throw new Error(`Ya hay una copia en ${to} / A backup already exists in ${to}`);
  // Every traveller's personal data: the folder is the shop user's alone, whatever its files' modes.
  privateFolder(to);
  const engine = dialectOf(config.databaseUrl);
  let database: string;
  if (engine === 'postgres') {
    database = POSTGRES_FILE;
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', join(to, database), config.databaseUrl]);
  } else {
    database = SQLITE_FILE;
    // A connection of its own, and VACUUM INTO rather than the page-copying backup API: that one starts
    // over whenever the shop writes, so under steady traffic it never ends; this copies one snapshot.
    const source = new SQLite(config.databaseUrl, { readonly: true, fileMustExist: true });
    try {
      source.prepare('vacuum into ?').run(join(to, database));
    } finally {
      source.close();
    }
  }
  const files = existsSync(config.filesDir);
  if (files) cpSync(config.filesDir, join(to, FILES_DIR), { recursive: true });
  const secretFile = join(config.dataDir, SECRET_FILE);
  const secret = existsSync(secretFile);
  if (secret) writeFileSync(join(to, SECRET_FILE), readFileSync(secretFile), { mode: 0o600 });
  const manifest: BackupManifest = { createdAt: now.toISOString(), engine, database, files, secret };
  // Written last: a folder without it is an interrupted backup, never restored.
  writeFileSync(join(to, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads a backup folder's manifest; throws a clear message for anything that is not a finished backup. */
export function readBackup(from: string): BackupManifest {
  const file = join(from, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${from} no es una copia terminada (falta ${MANIFEST_FILE}) / not a finished backup`);
  return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
}

/** Replaces the configured database, files and secret with the backup's. Stop the shop first. */
export async function restoreShop(config: BackupConfig, { from }: { from: string }): Promise<BackupManifest> {
  const manifest = readBackup(from);
  const engine = dialectOf(config.databaseUrl);
  if (manifest.engine !== engine) {
    throw new Error(`La copia es de ${manifest.engine} y la tienda usa ${engine} / the backup is ${manifest.engine}, the shop uses ${engine}`);
  }
  const dump = join(from, manifest.database);
  if (engine === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', config.databaseUrl, dump]);
  } else {
    const target = config.databaseUrl;
    const incoming = `${target}.restoring`;
    cpSync(dump, incoming);
    const copy = new SQLite(incoming, { fileMustExist: true });
    const check = copy.pragma('integrity_check', { simple: true });
    copy.close();
    if (check !== 'ok') {
      rmSync(incoming, { force: true });
      throw new Error(`La copia está dañada (${String(check)}) / the backup is corrupt`);
    }
    // The old WAL belongs to the old file: left beside the new one it would be replayed into it.
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(incoming, target);
  }
  if (manifest.files) {
    const incoming = `${config.filesDir}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    cpSync(join(from, FILES_DIR), incoming, { recursive: true });
    rmSync(config.filesDir, { recursive: true, force: true });
    renameSync(incoming, config.filesDir);
  }
  if (manifest.secret) writeFileSync(join(config.dataDir, SECRET_FILE), readFileSync(join(from, SECRET_FILE)), { mode: 0o600 });
  return manifest;
}
