/**
 * What `npm start` checks of the production checklist (docs/operations.md, issue 29): each item it can
 * see from the configuration, the database and the data folder, and what is missing in Spanish. A missing
 * item is said at every start; none stops the shop (what must stop it stops it earlier: AUTH_SECRET, a
 * real terminal without its key, the demo's accounts).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/accounts.ts';

export interface ChecklistItem {
  item: string;
  ok: boolean;
  /** What to do when it is not. */
  advice: string;
}

/** How old the newest backup may be before the start says backups are not running. */
const BACKUP_MAX_AGE_DAYS = 2;

/** The newest backup under the data folder's default place (`npm run backup` without --to), or null. */
function newestBackupAt(dataDir: string): Date | null {
  try {
    const times = readdirSync(join(dataDir, 'backups'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => statSync(join(dataDir, 'backups', entry.name, 'backup.json'), { throwIfNoEntry: false })?.mtime)
      .filter((time): time is Date => time !== undefined);
    return times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
  } catch {
    return null;
  }
}

export async function productionChecklist(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'smtpUrl' | 'redsys' | 'bankTransfer' | 'dataDir'>,
  now = new Date(),
): Promise<ChecklistItem[]> {
  const admins = await db
    .selectFrom('users')
    .innerJoin('userGroups', 'userGroups.userId', 'users.id')
    .select('users.email')
    .where('userGroups.groupName', '=', 'drAdmin')
    .where('users.disabledAt', 'is', null)
    .where(
      'users.email',
      'not in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const host = new URL(config.publicUrl).hostname;
  const backup = newestBackupAt(config.dataDir);
  const backupAgeDays = backup ? (now.getTime() - backup.getTime()) / 86_400_000 : null;
  return [
    {
      item: 'Dirección pública (PUBLIC_URL)',
      ok: config.publicUrl.startsWith('https://') && host !== 'localhost' && host !== '127.0.0.1',
      advice: `PUBLIC_URL es ${config.publicUrl}: ponga la dirección https con la que los clientes llegan a la tienda (enlaces de los correos, sitemap).`,
    },
    {
      item: 'Detrás de un proxy (TRUST_PROXY)',
      ok: config.trustProxy || !config.publicUrl.startsWith('https://'),
      advice: 'La tienda no sirve https por sí misma: detrás de nginx ponga TRUST_PROXY=1, o todos los clientes cuentan como uno en los límites.',
    },
    {
      item: 'Terminal de pago (REDSYS_*)',
      ok: !config.redsys.sandbox,
      advice: 'Los pagos van al terminal de pruebas integrado. Configure REDSYS_URL, REDSYS_SECRET_KEY, REDSYS_MERCHANT_CODE y REDSYS_TERMINAL.',
    },
    {
      item: 'Cuenta para transferencias (BANK_TRANSFER_*)',
      ok: !config.bankTransfer.demo,
      advice: 'Se muestra la cuenta de demostración. Configure BANK_TRANSFER_IBAN, BANK_TRANSFER_BENEFICIARY y BANK_TRANSFER_BANK.',
    },
    {
      item: 'Correo saliente (SMTP_URL)',
      ok: config.smtpUrl !== null,
      advice: 'Sin SMTP_URL los correos se quedan como archivos en la carpeta de datos: nadie los recibe.',
    },
    {
      item: 'Un administrador de la tienda',
      ok: admins.length > 0,
      advice: 'No hay ningún administrador (aparte de los de demostración). Créelo con npm run admin:create -- correo@empresa.es.',
    },
    {
      item: 'Copias de seguridad',
      ok: backupAgeDays !== null && backupAgeDays <= BACKUP_MAX_AGE_DAYS,
      advice:
        backupAgeDays === null
          ? 'No hay copias en la carpeta de datos. Programe npm run backup cada día (o con --to en otro disco, y compruébelo allí).'
          : `La última copia es de hace ${Math.floor(backupAgeDays)} días. Compruebe que npm run backup se ejecuta cada día.`,
    },
  ];
}

/** The lines `npm start` prints: the items missing, or that the checklist is complete. */
export function checklistLines(items: readonly ChecklistItem[]): string[] {
  const missing = items.filter((i) => !i.ok);
  if (missing.length === 0) return ['Lista de producción: todo en orden.'];
  return [`Lista de producción: faltan ${missing.length} de ${items.length} (docs/operations.md):`, ...missing.map((i) => `  ✗ ${i.item}: ${i.advice}`)];
}
