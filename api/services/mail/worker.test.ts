import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { type SmtpSink, startSmtpSink } from '../../../tests/support/smtp-sink.ts';
import { queueMail } from './outbox.ts';
import { createMailTransport } from './transport.ts';
import { processMailQueue, retryDelayMs, startMailWorker } from './worker.ts';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const FROM = 'Different Roads <reservas@different.test>';
const verification = { code: '482913', link: 'https://shop.test/login?verificar=abc', hours: 24 };

describe.each(dialects)('mail outbox and worker on %s', (dialect) => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let transport: ReturnType<typeof createMailTransport>;
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    smtp = await startSmtpSink();
    transport = createMailTransport({ smtpUrl: smtp.url, mailDir: '/nonexistent', mailFrom: FROM });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    transport.close();
    await smtp.close();
    await t.drop();
  });

  const mail = () => t.db.selectFrom('mails').selectAll().executeTakeFirstOrThrow();
  const logs = () => t.db.selectFrom('mailLogs').select(['status', 'error', 'type']).orderBy('createdAt').execute();
  const queue = () => queueMail(t.db, { type: 'ACCOUNT_VERIFICATION', to: 'ana@example.com', data: verification, now: t0 });

  it('writes the rendered mail to the outbox inside the caller’s transaction', async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await queueMail(trx, { type: 'PAYMENT', to: 'ana@example.com', data: { tourName: 'Japón' }, now: t0 });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await t.db.selectFrom('mails').selectAll().execute()).toEqual([]);
    await queue();
    expect(await mail()).toMatchObject({ type: 'ACCOUNT_VERIFICATION', status: 'PENDING', attempts: 0, nextAttemptAt: t0.toISOString() });
  });

  it('sends through SMTP: Spanish subject, an HTML and a plain-text part, both with the code', async () => {
    await queue();
    expect(await processMailQueue(t.db, { transport, now: t0 })).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [arrived] = await smtp.waitFor(1);
    expect(arrived?.subject).toBe('Confirma tu correo electrónico');
    expect(arrived?.from?.text).toBe('"Different Roads" <reservas@different.test>');
    expect(arrived?.to && 'text' in arrived.to ? arrived.to.text : '').toBe('ana@example.com');
    expect(arrived?.text).toContain('482913');
    expect(arrived?.text).toContain('https://shop.test/login?verificar=abc');
    expect(arrived?.html).toContain('482913');
    expect(arrived?.html).toContain('<html lang="es">');
    expect(arrived?.headers.get('x-shop-mail-id')).toBe((await mail()).id);
    expect(await mail()).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(await logs()).toEqual([{ status: 'SENT', error: null, type: 'ACCOUNT_VERIFICATION' }]);
  });

  it('retries with exponential backoff when the server refuses, then delivers', async () => {
    await queue();
    smtp.refuse(2);
    expect(await processMailQueue(t.db, { transport, now: t0 })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await mail()).toMatchObject({ status: 'PENDING', attempts: 1, nextAttemptAt: at(30).toISOString() });
    // Not due yet: nothing happens.
    expect(await processMailQueue(t.db, { transport, now: at(29) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await processMailQueue(t.db, { transport, now: at(30) })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await mail()).toMatchObject({ attempts: 2, nextAttemptAt: at(90).toISOString() });
    expect(await processMailQueue(t.db, { transport, now: at(90) })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const statuses = await logs();
    expect(statuses.map((l) => l.status)).toEqual(['RETRY', 'RETRY', 'SENT']);
    expect(statuses[0]?.error).toContain('451');
  });

  it('waits out a server that is down, and sends each mail once when it is back', async () => {
    const { port } = new URL(smtp.url);
    await smtp.close();
    for (let i = 0; i < 3; i++) await queueMail(t.db, { type: 'BUDGET', to: `p${i}@example.com`, data: { tourName: `Viaje ${i}` }, now: t0 });
    expect(await processMailQueue(t.db, { transport, now: t0 })).toEqual({ sent: 0, retried: 3, failed: 0 });
    expect(await processMailQueue(t.db, { transport, now: at(30) })).toEqual({ sent: 0, retried: 3, failed: 0 });
    const waits = await t.db.selectFrom('mails').select(['attempts', 'nextAttemptAt']).execute();
    expect(waits).toEqual(Array.from({ length: 3 }, () => ({ attempts: 2, nextAttemptAt: at(90).toISOString() })));

    smtp = await startSmtpSink({ port: Number(port) });
    expect(await processMailQueue(t.db, { transport, now: at(60) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await processMailQueue(t.db, { transport, now: at(90) })).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(await processMailQueue(t.db, { transport, now: at(86_400) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual(['p0@example.com', 'p1@example.com', 'p2@example.com']);
  });

  it('gives up after the last attempt and records FAILED', async () => {
    await queue();
    smtp.refuse(10);
    let now = t0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await processMailQueue(t.db, { transport, now, maxAttempts: 3 });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(await mail()).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect((await logs()).map((l) => l.status)).toEqual(['RETRY', 'RETRY', 'FAILED']);
    expect(await processMailQueue(t.db, { transport, now: at(86_400), maxAttempts: 3 })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('two workers at once send each mail once', async () => {
    for (let i = 0; i < 6; i++) await queueMail(t.db, { type: 'BUDGET', to: `p${i}@example.com`, data: { tourName: `Viaje ${i}` }, now: t0 });
    const reports = await Promise.all([processMailQueue(t.db, { transport, now: t0 }), processMailQueue(t.db, { transport, now: t0 })]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(6);
  });

  it('takes back a mail whose sender died mid-send once its lease ends', async () => {
    await queue();
    await t.db
      .updateTable('mails')
      .set({ status: 'SENDING', attempts: 1, nextAttemptAt: at(300).toISOString() })
      .execute();
    expect((await processMailQueue(t.db, { transport, now: at(299) })).sent).toBe(0);
    expect((await processMailQueue(t.db, { transport, now: at(300) })).sent).toBe(1);
  });

  it('the started worker delivers on its own and stops cleanly', async () => {
    const worker = startMailWorker({ db: t.db, config: { smtpUrl: smtp.url, mailDir: '/nonexistent', mailFrom: FROM }, intervalMs: 20 });
    await queueMail(t.db, { type: 'REMINDER_PAYMENT', to: 'ana@example.com', data: { amountCents: 129_000 } });
    const [arrived] = await smtp.waitFor(1);
    expect(arrived?.subject).toBe('Recordatorio: tienes un pago pendiente');
    expect(arrived?.text).toContain('1.290 €');
    await worker.stop();
  });
});

describe('mail without SMTP_URL', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one .eml file per mail under the data folder', async () => {
    const transport = createMailTransport({ smtpUrl: null, mailDir: join(dir, 'mail'), mailFrom: FROM });
    await transport.send({ id: 'm1', to: 'ana@example.com', subject: 'Hola', html: '<p>Código 123456</p>', text: 'Código 123456', attachments: [] });
    const [file] = readdirSync(join(dir, 'mail'));
    expect(file).toMatch(/-m1\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dir, 'mail', file ?? '')));
    expect(parsed.subject).toBe('Hola');
    expect(parsed.text).toContain('Código 123456');
    expect(parsed.html).toContain('<p>Código 123456</p>');
  });
});
