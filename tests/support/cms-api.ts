/**
 * What the CMS route tests share: a real rebuild queue whose builds are recorded instead of run (the
 * targeted publications and the full builds each change asked for, and the events staff would see), and
 * a caller of `/api/cms/{resource}` as each of the access tests' callers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '#api/config.ts';
import type { Db } from '#api/db/database.ts';
import { createEventHub } from '#api/services/content/events.ts';
import { createRebuildQueue, type TargetedChange } from '#api/services/content/rebuilds.ts';
import type { PublishEvent, TourStatusEvent } from '#shared/schemas/cms.ts';
import { type CallerName, signedInAs } from './callers.ts';

const stamp = '2026-01-01T00:00:00.000Z';

export function recordingRebuilds() {
  const published: TargetedChange[] = [];
  const fullBuilds: string[][] = [];
  const events: PublishEvent[] = [];
  const statuses: TourStatusEvent[] = [];
  const cmsEvents = createEventHub<TourStatusEvent>();
  cmsEvents.subscribe((event) => statuses.push(event));
  const rebuilds = createRebuildQueue({
    run: async (reasons) => {
      fullBuilds.push([...reasons]);
      return { info: { hash: 'full', builtAt: stamp, pages: 10, tours: 3 }, skipped: false };
    },
    publish: async (change) => {
      published.push(change);
      return { info: { hash: 'targeted', builtAt: stamp, pages: 9, tours: 3 }, pages: ['/'] };
    },
    debounceMs: 0,
    intervalMs: 0,
    log: () => {},
  });
  rebuilds.subscribe((event) => events.push(event));
  const reset = () => {
    published.length = 0;
    fullBuilds.length = 0;
    events.length = 0;
    statuses.length = 0;
  };
  return { rebuilds, cmsEvents, published, fullBuilds, events, statuses, reset };
}

/** `call(who, method, path, body?)` against `/api/cms/{resource}{path}`, with the origin a browser sends. */
export function cmsCaller({ db, config, resource, recorder }: { db: Db; config: Config; resource: string; recorder: ReturnType<typeof recordingRebuilds> }) {
  const { api, signIn } = signedInAs({ db, config, rebuilds: recorder.rebuilds, cmsEvents: recorder.cmsEvents });
  return async (who: CallerName, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { ...(await signIn(who)), origin: 'http://localhost:4321' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.request(`/cms/${resource}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
}

/** A file as if an editor had uploaded it to `key` (saves check that the key exists in its folder). */
export function writeUploadedFile(filesDir: string, key: string): string {
  mkdirSync(dirname(join(filesDir, key)), { recursive: true });
  writeFileSync(join(filesDir, key), 'x');
  return key;
}

/** A visible (or hidden, 'oculto') tour with an adult price: what the slider tour picker may offer. */
export async function insertPickableTour(db: Db, id: string, name: string, { hidden = false } = {}): Promise<void> {
  await db
    .insertInto('tours')
    .values({ id, name, webSlug: id, tourType: 'Group', tagKeywords: hidden ? 'oculto' : 'aventura', createdAt: stamp, updatedAt: stamp })
    .execute();
  await db
    .insertInto('prices')
    .values({ id: `price-${id}`, tourId: id, ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents: 99_000 })
    .execute();
}
