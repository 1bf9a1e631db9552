/**
 * Whether the data folder can take writes (issue 16): the database file on SQLite, uploaded files, the
 * built sites and mail files all live there. A probe file is written, synced and removed, and the free
 * space is read; the answer is kept a few seconds, as load balancers ask often.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';

/** Below this much free space the shop reports itself degraded, before writes start failing. */
export const LOW_SPACE_BYTES = 64 * 1024 * 1024;
const KEEP_MS = 5_000;

export type StorageHealth = { ok: true; freeBytes: number } | { ok: false; reason: 'full' | 'read-only' | 'unwritable'; freeBytes: number | null };

async function probe(dir: string): Promise<StorageHealth> {
  const free = await statfs(dir).then(
    (s) => s.bavail * s.bsize,
    () => null,
  );
  const file = join(dir, `.health-${process.pid}-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    const handle = await open(file, 'w');
    try {
      await handle.writeFile('ok');
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOSPC' || code === 'EDQUOT' ? 'full' : code === 'EROFS' ? 'read-only' : 'unwritable', freeBytes: free };
  } finally {
    await rm(file, { force: true }).catch(() => {});
  }
  if (free !== null && free < LOW_SPACE_BYTES) return { ok: false, reason: 'full', freeBytes: free };
  return { ok: true, freeBytes: free ?? 0 };
}

/** `check()` answers the data folder's state, probed at most every few seconds. */
export function storageHealth(dir: string, { keepMs = KEEP_MS }: { keepMs?: number } = {}) {
  let kept: { at: number; health: Promise<StorageHealth> } | null = null;
  return {
    check: (): Promise<StorageHealth> => {
      if (!kept || Date.now() - kept.at >= keepMs) kept = { at: Date.now(), health: probe(dir) };
      return kept.health;
    },
  };
}
