/**
 * A queue's worker loop, written once (the outbox's mails, the webhooks' deliveries): one pass now and then
 * every `intervalMs` after the last ended, never two at once; a failed pass is logged and the next one comes.
 */
export interface RepeatingPass<R> {
  /** One pass now (also what the timer runs); a pass in progress is answered instead of starting another. */
  runOnce(): Promise<R>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export function startRepeatingPass<R>({
  pass,
  intervalMs,
  firstAfterMs = intervalMs,
  event,
}: {
  pass: () => Promise<R>;
  intervalMs: number;
  firstAfterMs?: number;
  /** The log's name for a failed pass ('mail.worker'). */
  event: string;
}): RepeatingPass<R> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<R> | null = null;
  const runOnce = (): Promise<R> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => {
    runOnce()
      .catch((error: unknown) =>
        console.error(JSON.stringify({ level: 'error', event, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) })),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, firstAfterMs).unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
