import type { BuildInfo } from '#content-build/site-folder.ts';
import { createRebuildQueue, type RebuildQueue } from '../../api/services/content/rebuilds.ts';

/** A real rebuild queue whose builds are `build` (no debounce, no schedule): for screens that ask for and follow builds. */
export function testRebuildQueue(build: () => Promise<BuildInfo>): RebuildQueue {
  return createRebuildQueue({ run: async () => ({ info: await build(), skipped: false }), debounceMs: 0, intervalMs: 0, log: () => {} });
}
