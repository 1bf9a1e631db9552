/**
 * Delivers the outbox. Each pass claims due mails with a conditional update (so two instances of the
 * API never send the same row at once), sends them, and records every outcome in `mail_logs`: SENT,
 * RETRY (tried again later, with exponential backoff) or FAILED (given up after `maxAttempts`).
 *
 * A claim is a lease: a worker that dies mid-send leaves the row SENDING until the lease ends, then any
 * worker takes it again. That can send a mail twice, never zero times (at-least-once delivery).
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { MailAttachment } from './outbox.ts';
import { createMailTransport, type MailTransport } from './transport.ts';
import { type RepeatingPass, startRepeatingPass } from '../platform/repeating-pass.ts';

export const MAIL_DEFAULTS = {
  maxAttempts: 6,
  /** First retry after 30 s, then 1, 2, 4, 8 minutes… capped at an hour. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  batchSize: 20,
  intervalMs: 5_000,
} as const;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(
  attempts: number,
  { baseDelayMs = MAIL_DEFAULTS.baseDelayMs, maxDelayMs = MAIL_DEFAULTS.maxDelayMs }: { baseDelayMs?: number; maxDelayMs?: number } = {},
): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface MailQueueOptions {
  transport: MailTransport;
  now?: Date;
  maxAttempts?: number;
  baseDelayMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

export interface MailQueueReport {
  sent: number;
  retried: number;
  failed: number;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One pass over the due mails. */
export async function processMailQueue(db: Db, options: MailQueueOptions): Promise<MailQueueReport> {
  const { transport, maxAttempts = MAIL_DEFAULTS.maxAttempts, batchSize = MAIL_DEFAULTS.batchSize, leaseMs = MAIL_DEFAULTS.leaseMs } = options;
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const report: MailQueueReport = { sent: 0, retried: 0, failed: 0 };
  const due = await db
    .selectFrom('mails')
    .select(['id', 'attempts'])
    .where('status', 'in', ['PENDING', 'SENDING'])
    .where('nextAttemptAt', '<=', nowIso)
    .orderBy('nextAttemptAt')
    .limit(batchSize)
    .execute();

  for (const candidate of due) {
    const attempts = candidate.attempts + 1;
    const claimed = await db
      .updateTable('mails')
      .set({ status: 'SENDING', attempts, nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where('status', 'in', ['PENDING', 'SENDING'])
      .where('nextAttemptAt', '<=', nowIso)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue; // another worker has it

    const mail = await db.selectFrom('mails').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
    const log = (status: 'SENT' | 'RETRY' | 'FAILED', error: string | null) =>
      db
        .insertInto('mailLogs')
        .values({ id: crypto.randomUUID(), mailId: mail.id, bookingId: mail.bookingId, type: mail.type, status, error, createdAt: nowIso })
        .execute();
    try {
      await transport.send({
        id: mail.id,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: JSON.parse(mail.attachments) as MailAttachment[],
      });
      await db.updateTable('mails').set({ status: 'SENT', sentAt: new Date().toISOString() }).where('id', '=', mail.id).execute();
      await log('SENT', null);
      report.sent++;
    } catch (error) {
      const reason = describeError(error);
      if (attempts >= maxAttempts) {
        await db.updateTable('mails').set({ status: 'FAILED' }).where('id', '=', mail.id).execute();
        await log('FAILED', reason);
        console.error(JSON.stringify({ level: 'error', event: 'mail.failed', mailId: mail.id, type: mail.type, attempts, error: reason }));
        report.failed++;
      } else {
        const next = new Date(now.getTime() + retryDelayMs(attempts, options));
        await db.updateTable('mails').set({ status: 'PENDING', nextAttemptAt: next.toISOString() }).where('id', '=', mail.id).execute();
        await log('RETRY', reason);
        report.retried++;
      }
    }
  }
  return report;
}

export type MailWorker = RepeatingPass<MailQueueReport>;

/**
 * Starts delivering the outbox every `intervalMs`, through `transport` or the configured one.
 *
 * @example const mailer = startMailWorker({ db, config }); … await mailer.stop();
 */
export function startMailWorker({
  db,
  config,
  transport = createMailTransport(config),
  intervalMs = MAIL_DEFAULTS.intervalMs,
  ...options
}: { db: Db; config: Pick<Config, 'smtpUrl' | 'mailDir' | 'mailFrom'>; transport?: MailTransport; intervalMs?: number } & Omit<
  MailQueueOptions,
  'transport' | 'now'
>): MailWorker {
  const worker = startRepeatingPass({
    pass: () => processMailQueue(db, { ...options, transport }),
    intervalMs,
    firstAfterMs: 0,
    event: 'mail.worker',
  });
  return {
    runOnce: worker.runOnce,
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  };
}
