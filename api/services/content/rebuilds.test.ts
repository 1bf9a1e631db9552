import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishEvent } from '#shared/schemas/cms.ts';
import { createRebuildQueue, PUBLISH_FAILED_MESSAGE, type RebuildQueueOptions } from './rebuilds.ts';
import type { BuildInfo } from '#content-build/site-folder.ts';

const info = (hash: string): BuildInfo => ({ hash, builtAt: '2026-11-22T10:00:00.000Z', pages: 3, tours: 1 });

/** A `run` whose builds finish when the test says so, recording what each was asked. */
function fakeRun() {
  const calls: string[][] = [];
  const finishers: { resolve: (i: BuildInfo) => void; reject: (e: Error) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const run = vi.fn((reasons: readonly string[]) => {
    calls.push([...reasons]);
    active++;
    maxActive = Math.max(maxActive, active);
    return new Promise<{ info: BuildInfo; skipped: boolean }>((resolve, reject) => {
      finishers.push({
        resolve: (i) => {
          active--;
          resolve({ info: i, skipped: false });
        },
        reject: (e) => {
          active--;
          reject(e);
        },
      });
    });
  });
  return { run, calls, finishers, maxActive: () => maxActive };
}

describe('rebuild queue', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.000Z') }));
  afterEach(() => vi.useRealTimers());

  const make = (run: RebuildQueueOptions['run'], extra: Partial<RebuildQueueOptions> = {}) => createRebuildQueue({ run, log: () => {}, ...extra });

  it('debounces a burst of requests into one build after 5 s of quiet', async () => {
    const f = fakeRun();
    const q = make(f.run);
    q.request('tour a');
    await vi.advanceTimersByTimeAsync(3_000);
    q.request('tour b');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(f.run).not.toHaveBeenCalled();
    expect(q.status()).toMatchObject({ running: false, pending: true, lastRequestedAt: '2026-11-22T10:00:03.000Z' });
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls).toEqual([['tour a', 'tour b']]);
    expect(q.status()).toMatchObject({ running: true, pending: false });
    f.finishers[0]?.resolve(info('h1'));
    await q.whenIdle();
    expect(q.status()).toMatchObject({ running: false, pending: false, lastBuild: info('h1'), lastError: null, lastFinishedAt: '2026-11-22T10:00:08.000Z' });
    q.stop();
  });

  it('never runs two builds at once, and builds exactly once more after requests made during a build', async () => {
    const f = fakeRun();
    const q = make(f.run);
    q.request('first');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.run).toHaveBeenCalledTimes(1);
    // Requests during the build: their debounce ends while it still runs.
    q.request('second');
    await vi.advanceTimersByTimeAsync(6_000);
    q.request('third');
    await vi.advanceTimersByTimeAsync(6_000);
    q.request('latest');
    expect(f.run).toHaveBeenCalledTimes(1);
    expect(q.status()).toMatchObject({ running: true, pending: true });

    f.finishers[0]?.resolve(info('h1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(f.run).toHaveBeenCalledTimes(2);
    expect(f.calls[1]).toEqual(['second', 'third', 'latest']);
    f.finishers[1]?.resolve(info('h2'));
    await vi.advanceTimersByTimeAsync(60_000);
    await q.whenIdle();
    expect(f.run).toHaveBeenCalledTimes(2);
    expect(f.maxActive()).toBe(1);
    expect(q.status().lastBuild?.hash).toBe('h2');
    q.stop();
  });

  it('a request still debouncing when a build ends is built by the next build, not lost', async () => {
    const f = fakeRun();
    const q = make(f.run);
    q.request('first');
    await vi.advanceTimersByTimeAsync(5_000);
    q.request('during');
    f.finishers[0]?.resolve(info('h1'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(f.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls[1]).toEqual(['during']);
    f.finishers[1]?.resolve(info('h2'));
    await q.whenIdle();
    q.stop();
  });

  it('records a failed build, keeps the last good one, and clears the error on the next success', async () => {
    const f = fakeRun();
    const q = make(f.run);
    q.request('ok');
    await vi.advanceTimersByTimeAsync(5_000);
    f.finishers[0]?.resolve(info('good'));
    await q.whenIdle();

    q.request('broken');
    await vi.advanceTimersByTimeAsync(5_000);
    f.finishers[1]?.reject(new Error('astro build exited with 1'));
    await q.whenIdle();
    expect(q.status()).toMatchObject({
      running: false,
      lastBuild: info('good'),
      lastError: { message: 'astro build exited with 1', at: '2026-11-22T10:00:10.000Z' },
    });

    q.request('fixed');
    await vi.advanceTimersByTimeAsync(5_000);
    f.finishers[2]?.resolve(info('better'));
    await q.whenIdle();
    expect(q.status()).toMatchObject({ lastBuild: info('better'), lastError: null });
    q.stop();
  });

  it('a steady stream of edits still builds within the maximum wait', async () => {
    const f = fakeRun();
    const q = make(f.run, { debounceMs: 5_000, maxWaitMs: 20_000 });
    for (let t = 0; t < 30_000; t += 2_000) {
      q.request(`edit ${t}`);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(f.run).toHaveBeenCalledTimes(1);
    expect(f.calls[0]).toHaveLength(10);
    q.stop();
  });

  it('requests a rebuild every hour on its own', async () => {
    const f = fakeRun();
    const q = make(f.run);
    await vi.advanceTimersByTimeAsync(3_600_000 + 5_000);
    expect(f.calls).toEqual([['programada']]);
    f.finishers[0]?.resolve(info('h1'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(f.run).toHaveBeenCalledTimes(2);
    f.finishers[1]?.resolve(info('h2'));
    q.stop();
  });

  it('stop cancels what is scheduled and the hourly timer', async () => {
    const f = fakeRun();
    const q = make(f.run);
    q.request('never built');
    q.stop();
    await q.whenIdle();
    q.request('after stop');
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(f.run).not.toHaveBeenCalled();
    expect(q.status().pending).toBe(false);
  });

  describe('targeted publications', () => {
    const events = (q: ReturnType<typeof make>) => {
      const seen: PublishEvent[] = [];
      q.subscribe((e) => seen.push(e));
      return seen;
    };

    it('publishes at once, without the debounce, and says so on the stream', async () => {
      const f = fakeRun();
      const publish = vi.fn(async () => ({ info: info('t1'), pages: ['/', '/ofertas'] }));
      const q = make(f.run, { publish });
      const seen = events(q);
      const id = q.publish({ changed: ['carousels'], content: true }, 'carrusel guardado');
      await q.whenIdle();
      expect(publish).toHaveBeenCalledWith({ changed: ['carousels'], content: true, tours: [] });
      expect(f.run).not.toHaveBeenCalled();
      expect(seen).toEqual([
        { type: 'publish', id, state: 'publishing', at: '2026-11-22T10:00:00.000Z' },
        { type: 'publish', id, state: 'published', at: '2026-11-22T10:00:00.000Z', pages: 2 },
      ]);
      expect(q.status().lastBuild).toEqual(info('t1'));
      q.stop();
    });

    it('waits for a running full build, then publishes what arrived meanwhile in one render', async () => {
      const f = fakeRun();
      const publish = vi.fn(async () => ({ info: info('t1'), pages: ['/'] }));
      const q = make(f.run, { publish });
      q.request('programada');
      await vi.advanceTimersByTimeAsync(5_000);
      q.publish({ changed: ['carousels'], content: true }, 'a');
      q.publish({ changed: ['slider:ofertas'], content: true }, 'b');
      expect(publish).not.toHaveBeenCalled();
      f.finishers[0]?.resolve(info('full'));
      await q.whenIdle();
      expect(publish).toHaveBeenCalledTimes(1);
      expect(publish).toHaveBeenCalledWith({ changed: ['carousels', 'slider:ofertas'], content: true, tours: [] });
      q.stop();
    });

    it('without a page renderer, a full build runs now and carries the publication', async () => {
      const f = fakeRun();
      const q = make(f.run, { publish: async () => null });
      const seen = events(q);
      const id = q.publish({ changed: ['landing:ofertas'], content: true }, 'texto guardado');
      await vi.advanceTimersByTimeAsync(0);
      expect(f.calls).toEqual([['texto guardado']]);
      f.finishers[0]?.resolve(info('full'));
      await q.whenIdle();
      expect(seen.map((e) => [e.id, e.state])).toEqual([
        [id, 'publishing'],
        [id, 'published'],
      ]);
      q.stop();
    });

    it('a failed publication leaves the live build and says why in Spanish', async () => {
      const q = make(fakeRun().run, { publish: async () => Promise.reject(new Error('render exploded')) });
      const seen = events(q);
      q.publish({ changed: ['carousels'] }, 'x');
      await q.whenIdle();
      expect(seen.at(-1)).toMatchObject({ state: 'failed', message: PUBLISH_FAILED_MESSAGE });
      expect(q.status().lastError?.message).toBe('render exploded');
      q.stop();
    });
  });
});
