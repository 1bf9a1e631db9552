/**
 * Compresses a build's pages while the build renders the next ones: a worker thread at the lowest CPU
 * priority, so it takes the time the rendering leaves instead of a phase of its own once every page is
 * written (docs/decisions/029-build-speed.md). This module is both the thread (loaded as a worker) and
 * the handle the renderer starts it with.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { writeCompressedCopiesSync } from './compress.ts';
import type { PageScriptHashes } from './csp.ts';
import { inlineScriptHashes, sharedHashList } from './script-hashes.ts';

interface Job {
  dir: string;
  rel: string;
  bytes: Uint8Array;
  previousDir: string | null;
}
type Done = { rel: string; outcome: ReturnType<typeof writeCompressedCopiesSync>; scripts: string[] | null } | { error: string };

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
      // The page's inline-script hashes too, while its bytes are here: otherwise every page is read back
      // from disk once the build is done, seconds at 10,000 tours (csp.ts).
      const scripts = job.rel.endsWith('.html')
        ? inlineScriptHashes(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString('utf8'))
        : null;
      port.postMessage({ rel: job.rel, outcome: writeCompressedCopiesSync(job), scripts } satisfies Done);
    } catch (err) {
      port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies Done);
    }
  });
}

export interface CompressThread {
  /** Queues the copies of `<dir>/<rel>`, whose content is `bytes`; waits only while too many are queued. */
  compress(rel: string, bytes: Uint8Array): Promise<void>;
  /**
   * Waits for every queued page and stops the thread; throws the first failure to write a copy. Answers
   * the counts of copies and the inline-script hashes of the HTML pages it was given.
   */
  close(): Promise<{ compressed: number; reused: number; onRequest: number; scripts: PageScriptHashes }>;
}

/**
 * @param dir the build's output folder.
 * @param previousDir the live build: a page identical to its copy there gets the copies it has (`copiesOf`, compress.ts).
 */
export function startCompressThread({ dir, previousDir }: { dir: string; previousDir: string | null }): CompressThread {
  // It holds one page at a time: a small heap keeps the build's peak memory where it was without it.
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
  const counts = { compressed: 0, reused: 0, onRequest: 0 };
  const scripts: PageScriptHashes = {};
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
    else {
      if (done.outcome !== 'skipped') counts[done.outcome]++;
      if (done.scripts) scripts[done.rel] = sharedHashList(done.scripts);
    }
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
      return { ...counts, scripts };
    },
  };
}
