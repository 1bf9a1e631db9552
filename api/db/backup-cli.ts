/**
 * `npm run backup` and `npm run restore`: the shop's database, files and secret as a backup folder, and
 * back (api/db/backup.ts). A backup may be taken while the shop serves; a restore wants it stopped.
 *
 * @example
 *   npm run backup                       # data/backups/2026-11-26T08-30-00-000Z
 *   npm run backup -- --to /copias/hoy
 *   npm run restore -- /copias/hoy
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupShop, defaultBackupDir, restoreShop } from './backup.ts';

const USAGE = `Uso: node api/db/backup-cli.ts backup [--to CARPETA]
       node api/db/backup-cli.ts restore CARPETA   (con la tienda parada)`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });
const [command, folder] = positionals;
const config = loadConfig();
try {
  if (command === 'backup') {
    const to = values.to ?? defaultBackupDir(config, new Date());
    const manifest = await backupShop(config, { to });
    console.log(`Copia de seguridad (${manifest.engine}) en ${to}`);
  } else if (command === 'restore' && folder) {
    const manifest = await restoreShop(config, { from: folder });
    console.log(`Restaurada la copia del ${manifest.createdAt} (${manifest.engine}) desde ${folder}. Arranca la tienda: reconstruye la web.`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
