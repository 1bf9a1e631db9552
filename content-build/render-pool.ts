/**
 * The render workers of a full build, as the Astro build's thread sees them (docs/decisions/052-render-workers.md):
 * `count` threads of `render-worker.ts`, each handed the next page while it has fewer in hand than the others.
 * The first also lists the pages and writes the search index's records, so the build's own heap never holds the catalogue.
 * Threads, not processes: a page's bytes come back without a copy (measured at 10,000 tours, processes took
 * about 8 CPU-seconds more, passing the pages over their IPC channel).
 */
import { Worker as Thread } from 'node:worker_threads';
import type { RouteRef, WorkerAnswer, WorkerRequest, WorkerSetup } from './render-worker.ts';

type Rendered = Extract<WorkerAnswer, { type: 'rendered' }>;
type Listed = Extract<WorkerAnswer, { type: 'paths' }>['paths'];

export interface RenderPool {
  /** Every page of the build, from the first worker's run of the pages' `getStaticPaths`. */
  paths(): Promise<Listed>;
  render(page: { url: string; route: RouteRef; file: string; collectMetadata: boolean }): Promise<Rendered>;
  /** Waits for the search index's records and ends the workers. */
  close(): Promise<void>;
}

const WORKER = new URL('./render-worker.ts', import.meta.url);

interface Worker {
  child: Thread;
  /** Renders asked and not answered. */
  inHand: number;
  /** Answers to `paths` and `close`, which come one at a time and in order. */
  next: { resolve: (answer: WorkerAnswer) => void; reject: (err: Error) => void }[];
}

/**
 * Starts `count` workers and waits until each has loaded the page bundle and the catalogue.
 *
 * @example const pool = await startRenderPool({ count: 2, setup }); const page = await pool.render({ url, route, file, collectMetadata: true });
 */
export async function startRenderPool({ count, setup }: { count: number; setup: WorkerSetup }): Promise<RenderPool> {
  const waiting = new Map<number, { resolve: (answer: Rendered) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    for (const call of waiting.values()) call.reject(failure);
    waiting.clear();
    for (const worker of workers) for (const call of worker.next.splice(0)) call.reject(failure);
  };

  const workers: Worker[] = Array.from({ length: Math.max(1, count) }, (_, index) => {
    // Rendering allocates short-lived strings by the gigabyte: a young generation larger than V8's default
    // is swept less often (docs/decisions/029-build-speed.md: 32 MB semi-spaces).
    const child = new Thread(WORKER, { resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    const worker: Worker = { child, inHand: 0, next: [] };
    child.on('message', (answer: WorkerAnswer) => {
      if (answer.type === 'rendered' || (answer.type === 'failed' && answer.id !== null)) {
        const call = waiting.get(answer.id as number);
        waiting.delete(answer.id as number);
        worker.inHand--;
        if (answer.type === 'failed') call?.reject(new Error(`Rendering a page: ${answer.message}`));
        else call?.resolve(answer);
      } else if (answer.type === 'failed') fail(new Error(`Render worker ${index + 1}: ${answer.message}`));
      else worker.next.shift()?.resolve(answer);
    });
    child.on('exit', (code) => {
      if (worker.next.length > 0 || worker.inHand > 0) fail(new Error(`Render worker ${index + 1} stopped (${code}).`));
    });
    child.on('error', (err) => fail(err));
    return worker;
  });

  const ask = (worker: Worker, request: WorkerRequest) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      if (failure) return reject(failure);
      worker.next.push({ resolve, reject });
      worker.child.postMessage(request);
    });

  await Promise.all(workers.map((worker, index) => ask(worker, { type: 'setup', setup: { ...setup, indexSearch: index === 0 && setup.indexSearch } })));
  const first = workers[0] as Worker;

  return {
    paths: async () => {
      const answer = await ask(first, { type: 'paths' });
      if (answer.type !== 'paths') throw new Error(`unexpected render worker answer ${answer.type}`);
      return answer.paths;
    },
    render: (page) =>
      new Promise<Rendered>((resolve, reject) => {
        if (failure) return reject(failure);
        const worker = workers.reduce((least, w) => (w.inHand < least.inHand ? w : least));
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.inHand++;
        worker.child.postMessage({ type: 'render', id, ...page } satisfies WorkerRequest);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => ask(worker, { type: 'close' })));
      await Promise.all(workers.map(({ child }) => child.terminate()));
    },
  };
}
