/**
 * One shop per data folder on SQLite (issue 29): two `npm start` on one folder raced on the site build and
 * the second crashed the first's. SQLite is one process's database, so the first start writes its pid into
 * `DATA_DIR/shop.pid` and a second one refuses while that process still runs. Instances on PostgreSQL share
 * a data folder on purpose (ADR 032) and agree through advisory locks instead: they take no lock here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './open-shop-database.ts';

export const PID_FILE = 'shop.pid';

/** Whether `pid` is a live process that is a shop (on Linux its command line says so; elsewhere, alive is enough). */
function isRunningShop(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
  try {
    return /start\.ts|shop-process\.ts/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Takes the data folder for this process, or throws the Spanish and English refusal when a running shop
 * has it. A pid file left by a shop that died (kill -9, a power cut) is taken over. Returns the release,
 * which the start calls on its way out.
 */
export function lockDataFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, PID_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (isRunningShop(holder)) {
        throw new StartupError(
          `Ya hay una tienda en marcha con la carpeta de datos ${dataDir} (proceso ${holder}). Párela antes de arrancar otra, o use otra carpeta (DATA_DIR).\nA shop is already running on the data folder ${dataDir} (process ${holder}). Stop it before starting another, or use another folder (DATA_DIR).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`No se puede tomar la carpeta de datos ${dataDir}.\nCannot take the data folder ${dataDir}.`);
}
