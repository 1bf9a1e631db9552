/**
 * Compresses a build's files while the build renders the next ones: a worker thread at the lowest CPU
 * priority, so it takes the time the rendering leaves instead of a phase of its own once every page is
 * written (docs/decisions/029-build-speed.md). It is given only the files that may have copies (`mayHaveCopies`,
 * compress.ts): the shells, and the pages whose copy the live build has; most pages get theirs on request.
 * This module is both the thread (loaded as a worker) and the handle the renderer starts it with.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { writeCompressedCopiesSync } from './compress.ts';

interface Job {
  dir: string;
  rel: string;
  bytes: Uint8Array;
  previousDir: string | null;
}
type Done = { outcome: ReturnType<typeof writeCompressedCopiesSync> } | { error: string };

/**
 * The bytes of the pages queued for the thread before the renderer waits for it. Each queued page is held twice
 * (the renderer's copy and the thread's), and pages weigh 60 KB (a tour) to 130 KB (a listing): the 500 pages
 * queued before could hold over 100 MB. 8 MB keeps the thread fed: rendering 50,000 tours took the same time
 * (docs/decisions/049-catalogue-in-parts.md).
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** Linux's lowest priority (nice 19), for this thread alone: Linux keeps nice values per thread. */
const LOWEST_PRIORITY = 19;

if (!isMainThread && parentPort) {
  const port = parentPort;
  setPriority(LOWEST_PRIORITY);
  port.on('message', (job: Job) => {
    try {
      port.postMessage({ outcome: writeCompressedCopiesSync(job) } satisfies Done);
    } catch (err) {
      port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies Done);
    }
  });
}

export interface CompressThread {
  /** Queues the copies of `<dir>/<rel>`, whose content is `bytes`; waits only while too many are queued. */
  compress(rel: string, bytes: Uint8Array): Promise<void>;
  /** Waits for every queued page and stops the thread; throws the first failure to write a copy. Answers the counts of copies. */
  close(): Promise<{ compressed: number; reused: number; onRequest: number }>;
}

/**
 * @param dir the build's output folder.
 * @param previousDir the live build: a page identical to its copy there gets the copies it has (`copiesOf`, compress.ts).
 */
export function startCompressThread({ dir, previousDir }: { dir: string; previousDir: string | null }): CompressThread {
  // It holds one page at a time: a small heap keeps the build's peak memory where it was without it.
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
  const counts = { compressed: 0, reused: 0, onRequest: 0 };
  /** The bytes of each page sent to the thread and not answered yet, oldest first (the thread answers in order). */
  const queued: number[] = [];
  let queuedBytes = 0;
  let failure: Error | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  const settled = () => new Promise<void>((resolve) => waiters.push(resolve));
  worker.on('message', (done: Done) => {
    queuedBytes -= queued.shift() ?? 0;
    if ('error' in done) failure ??= new Error(`Compressing a page: ${done.error}`);
    else if (done.outcome !== 'skipped') counts[done.outcome]++;
    wake();
  });
  worker.on('error', (err) => {
    failure ??= err;
    wake();
  });
  return {
    compress: async (rel, bytes) => {
      while (queuedBytes >= MAX_QUEUED_BYTES && !failure) await settled();
      if (failure) throw failure;
      queued.push(bytes.byteLength);
      queuedBytes += bytes.byteLength;
      worker.postMessage({ dir, rel, bytes, previousDir } satisfies Job);
    },
    close: async () => {
      while (queued.length > 0 && !failure) await settled();
      await worker.terminate();
      if (failure) throw failure;
      return { ...counts };
    },
  };
}
