import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { CmsEvent } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/cms/events`, admins only: the staff's live stream (Server-Sent Events; the spec's tour-update
 * subscription). Each publication of a change says 'publishing', then 'published' (with the time) or
 * 'failed' (the previous page is still live); tour status changes say what a card's spinner follows.
 * With several instances, those of the others come too: the publication may run on another one.
 */
export function cmsEventRoutes({ rebuilds, cmsEvents, otherInstancesEvents }: AppDeps) {
  return new Hono<ApiEnv>().get('/', allow('admin'), (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: CmsEvent[] = [];
      let wake: (() => void) | null = null;
      const push = (event: CmsEvent) => {
        queue.push(event);
        wake?.();
      };
      const stops = [rebuilds?.subscribe(push), cmsEvents?.subscribe(push), otherInstancesEvents?.subscribe(push)];
      stream.onAbort(() => wake?.());
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, HEARTBEAT_MS).unref?.();
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(': \n\n');
        }
      } finally {
        for (const stop of stops) stop?.();
      }
    });
  });
}
