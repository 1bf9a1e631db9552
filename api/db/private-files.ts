/**
 * What only the shop's user may read (issue 29): the database, the uploaded and generated files (travellers'
 * documents, receipts), the mails kept as files, the backups. Folders are made owner-only (0700), which
 * closes everything inside them whatever mode a writer gave its file; the database's own files are 0600.
 * The built site stays readable: nginx serves it from the same data folder.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { dialectOf } from './database.ts';

/** A folder only its owner can open: made so, or set so when it was made before. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** The database files as SQLite keeps them (the write-ahead log and its index take the file's mode, once set). */
const databaseFiles = (url: string) => [url, `${url}-wal`, `${url}-shm`];

/** At start, once the database is open: its files 0600, and the private folders of the data folder 0700. */
export function keepDataPrivate(config: Pick<Config, 'dataDir' | 'filesDir' | 'mailDir' | 'databaseUrl'>): void {
  for (const dir of [config.filesDir, config.mailDir, join(config.dataDir, 'backups')]) privateFolder(dir);
  if (dialectOf(config.databaseUrl) === 'sqlite') {
    for (const file of databaseFiles(config.databaseUrl)) if (existsSync(file)) chmodSync(file, 0o600);
  }
}
