/**
 * The kill -9 loop of issue 16: visitors create bookings, fill in their passengers, hold seats and save
 * budgets (which mail the lead) while the shop is killed with SIGKILL at random moments and started again.
 * Afterwards every write that got a 2xx must be there, the database must pass `PRAGMA integrity_check`,
 * every seat held must come back once its hold expires, and every budget mail must be in the outbox once
 * and have reached the SMTP server.
 *
 * Mail delivery is at least once (api/services/mail/worker.ts): a kill between the server's "250 OK" and
 * the outbox's SENT sends that mail again after the lease. The report counts such repeats; the check is
 * that none was lost and none was queued twice.
 *
 *   node tests/faults/kill-loop.ts [--kills 20] [--clients 6]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { releaseExpiredHolds } from '#api/services/bookings/seat-holds.ts';
import { insertDeparture, passengerFields, validBooking } from '../support/booking-fixtures.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const SHOP = fileURLToPath(new URL('./shop-process.ts', import.meta.url));
const SEATS = 100_000;
const PORT = 4470;

export interface KillLoopReport {
  kills: number;
  acknowledged: { bookings: number; passengers: number; holds: number; budgets: number };
  problems: string[];
  integrity: string;
  mailsRepeated: number;
}

function startShop(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SHOP], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('listo')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code} before it answered:\n${log}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

export async function runKillLoop({ kills = 20, clients = 6 }: { kills?: number; clients?: number } = {}): Promise<KillLoopReport> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-kill-'));
  const url = join(dir, 'shop.db');
  const smtp = await startSmtpSink();
  const base = `http://127.0.0.1:${PORT}`;
  const acked = { bookings: new Set<string>(), passengers: new Set<string>(), holds: new Set<string>(), budgets: new Set<string>() };
  try {
    const setup = openDatabase({ url });
    await migrateToLatest(setup);
    await insertDeparture(setup, { seats: SEATS });
    await setup.destroy();
    const env = { DATA_DIR: dir, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'test', SMTP_URL: smtp.url, TRUST_PROXY: '1', AUTH_SECRET: 'k'.repeat(40) };

    // Each visitor comes from an address of their own: the budget mail is limited per address.
    let visitor = 0;
    // As a browser: the funnel cookie the creation sets goes back on every later call, with the page's origin.
    const call = async (path: string, method: string, body?: unknown, cookie?: string) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.0.${Math.floor(visitor / 250) % 250}.${visitor % 250}`,
          origin: base,
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = res.headers.getSetCookie()[0]?.split(';')[0];
      return { ok: res.ok, json: res.ok ? ((await res.json()) as Record<string, unknown>) : null, setCookie };
    };
    const visit = async () => {
      visitor += 1;
      const created = await call('/bookings', 'POST', validBooking({ adults: 2, children: 0 }));
      if (!created.ok) return;
      const id = created.json?.['id'] as string;
      const cookie = created.setCookie;
      acked.bookings.add(id);
      const view = await call(`/bookings/${id}`, 'GET', undefined, cookie);
      if (!view.ok) return;
      const travellers = view.json?.['travellers'] as { id: string; ageGroup: string }[];
      if (!(await call(`/bookings/${id}`, 'PATCH', { travellers: passengerFields(travellers) }, cookie)).ok) return;
      acked.passengers.add(id);
      if (!(await call(`/bookings/${id}/hold`, 'POST', undefined, cookie)).ok) return;
      acked.holds.add(id);
      if (!(await call(`/bookings/${id}/budget`, 'POST', { budgetName: `Presupuesto ${id.slice(0, 8)}` }, cookie)).ok) return;
      acked.budgets.add(id);
    };
    const visitors = (until: () => boolean) =>
      Promise.all(
        Array.from({ length: clients }, async () => {
          while (!until()) await visit().catch(() => {});
        }),
      );

    for (let round = 0; round < kills; round++) {
      const shop = await startShop(env);
      let down = false;
      const load = visitors(() => down);
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 1_300));
      await killed(shop);
      down = true;
      await load;
    }

    // Once more, left alone: the outbox drains (a lease a kill left behind ends after its time).
    const shop = await startShop(env);
    const db = openDatabase({ url });
    const problems: string[] = [];
    try {
      const budgetMails = await db.selectFrom('mails').select(['id', 'status', 'bookingId']).where('type', '=', 'BUDGET').execute();
      // Leases of mails a kill caught mid-send end after five minutes: the test brings that time forward.
      await db
        .updateTable('mails')
        .set({ nextAttemptAt: new Date(0).toISOString() })
        .where('status', 'in', ['PENDING', 'SENDING'])
        .execute();
      // Until the outbox is empty, or has not moved for ten seconds.
      let left = Number.POSITIVE_INFINITY;
      let movedAt = Date.now();
      while (left > 0 && Date.now() - movedAt < 10_000) {
        const now = (await db.selectFrom('mails').select('id').where('status', 'in', ['PENDING', 'SENDING']).execute()).length;
        if (now < left) movedAt = Date.now();
        left = now;
        await new Promise((r) => setTimeout(r, 200));
      }
      await killed(shop);

      const rows = await db.selectFrom('bookings').select(['id', 'travelersStringify']).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of acked.bookings) if (!byId.has(id)) problems.push(`booking ${id} acknowledged, missing`);
      for (const id of acked.passengers) {
        if (!byId.get(id)?.travelersStringify.includes('national_id')) problems.push(`passengers of ${id} acknowledged, missing`);
      }
      const held = new Set((await db.selectFrom('seatHolds').select('bookingId').execute()).map((h) => h.bookingId));
      for (const id of acked.holds) if (!held.has(id)) problems.push(`hold of ${id} acknowledged, missing`);
      const mailsByBooking = new Map<string, number>();
      for (const mail of budgetMails) mailsByBooking.set(mail.bookingId ?? '', (mailsByBooking.get(mail.bookingId ?? '') ?? 0) + 1);
      for (const id of acked.budgets)
        if (mailsByBooking.get(id) !== 1) problems.push(`budget of ${id} acknowledged, ${mailsByBooking.get(id) ?? 0} mails queued`);
      const unsent = await db.selectFrom('mails').select(['id', 'status']).where('status', '!=', 'SENT').execute();
      for (const mail of unsent) problems.push(`mail ${mail.id} left ${mail.status}`);
      const delivered = new Map<string, number>();
      for (const message of smtp.received) {
        const id = String(message.headers.get('x-shop-mail-id') ?? '');
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
      }
      for (const mail of budgetMails) if (!delivered.has(mail.id)) problems.push(`mail ${mail.id} never reached the server`);

      // Every hold ends: the seats must all be back, none lost to a hold a kill left behind.
      await releaseExpiredHolds(db, new Date(Date.now() + 24 * 3_600_000));
      const period = await db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow();
      if (period.bookableAvailability !== SEATS) problems.push(`seats after every hold expired: ${period.bookableAvailability}, expected ${SEATS}`);
      const live = await db.selectFrom('seatHolds').select('id').where('releasedAt', 'is', null).where('confirmedAt', 'is', null).execute();
      if (live.length > 0) problems.push(`${live.length} holds left after their expiry`);

      const check = new SQLite(url, { readonly: true });
      const integrity = String(check.pragma('integrity_check', { simple: true }));
      check.close();
      if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
      return {
        kills,
        acknowledged: { bookings: acked.bookings.size, passengers: acked.passengers.size, holds: acked.holds.size, budgets: acked.budgets.size },
        problems,
        integrity,
        mailsRepeated: [...delivered.values()].filter((n) => n > 1).length,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { kills: { type: 'string', default: '20' }, clients: { type: 'string', default: '6' } } });
  const report = await runKillLoop({ kills: Number(values.kills), clients: Number(values.clients) });
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.problems.length === 0 ? 0 : 1;
}
