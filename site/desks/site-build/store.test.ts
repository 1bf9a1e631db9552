/**
 * 'Web publicada' against the real API and a real rebuild queue: a press asks once (a lost answer is sent
 * again with its id), the panel follows the build to its end and shows its result; a failed build says why.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testRebuildQueue } from '../../../tests/support/rebuild-queue.ts';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import { $siteBuild, openSiteBuild, rebuildSite } from './store.ts';

let fail = false;
let runs = 0;
const rebuilds = testRebuildQueue(async () => {
  runs++;
  if (fail) throw new Error('la web no compila');
  return { hash: `h${runs}`, builtAt: '2026-11-28T12:00:00.000Z', pages: 173, tours: 40 };
});
afterAll(() => rebuilds.stop());
const island = withIslandApi({ as: 'admin', rebuilds });
const wait = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the dashboard’s whole-site rebuild', () => {
  it('asks once though the first answer was lost, follows the build and shows its result', async () => {
    runs = 0;
    fail = false;
    await openSiteBuild();
    expect($siteBuild.get().answer?.queue).toMatchObject({ running: false, lastBuild: null });
    island.loseNextAnswer();
    expect(await rebuildSite({ wait })).toBe(false);
    expect(await rebuildSite({ wait })).toBe(true);
    await rebuilds.whenIdle();
    expect(runs).toBe(1);
    expect($siteBuild.get()).toMatchObject({ done: true, following: false, answer: { queue: { running: false, pending: false, lastBuild: { pages: 173 } } } });
    expect(await island.t.db.selectFrom('staffActions').select('action').execute()).toEqual([{ action: 'rebuild' }]);
  });

  it('says why a build failed', async () => {
    fail = true;
    expect(await rebuildSite({ wait })).toBe(true);
    await rebuilds.whenIdle();
    await openSiteBuild();
    expect($siteBuild.get().answer?.queue?.lastError?.message).toContain('la web no compila');
  });
});
