/**
 * The scale-out proof of issue 16: two instances of the shop on one PostgreSQL behind the generated nginx
 * configuration (api/cluster.ts). Visitors book one seat each through nginx (create, passengers, hold) on
 * one departure until it is sold out; one instance is killed with SIGKILL when about a third of the seats
 * are gone, and started again later. Afterwards:
 * - every booking and hold that got a 2xx is in the database;
 * - exactly the seats that exist were sold: the departure ends at 0, and the seats held are its seats;
 * - nginx kept answering: after the kill, only the requests that were in flight on the killed instance
 *   failed (a write already sent is not sent again), and nothing failed once nginx saw it was down.
 *
 *   node tests/faults/cluster-stress.ts [--seats 150] [--clients 12]
 */
import { spawnSync } from 'node:child_process';
import { type IncomingHttpHeaders, request } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from '#api/cluster.ts';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { insertDeparture, passengerFields, validBooking } from '../support/booking-fixtures.ts';

const SHOP = fileURLToPath(new URL('./shop-process.ts', import.meta.url));
const PG_SCRIPT = fileURLToPath(new URL('../support/pg-throwaway.sh', import.meta.url));
const PORT = 4480;

/** One HTTP request from `localAddress`; null when the connection fails (an instance gone). */
function send(
  url: string,
  { method, headers, body, localAddress }: { method: string; headers: Record<string, string>; body?: string; localAddress: string },
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string } | null> {
  return new Promise((resolve) => {
    const req = request(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

export interface ClusterStressReport {
  seats: number;
  acknowledged: { bookings: number; holds: number };
  found: { bookings: number; holdsSeats: number; seatsLeft: number };
  /** Answers of the load balancer that were not the shop's (502, 504, refused), before and after the kill. */
  failures: { beforeKill: number; inFlightAtKill: number; afterFailover: number };
  /** Requests answered after the kill (by the instance left, then both). */
  answeredAfterKill: number;
  problems: string[];
}

export async function runClusterStress({ seats = 150, clients = 12 }: { seats?: number; clients?: number } = {}): Promise<ClusterStressReport> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-cluster-'));
  // PostgreSQL runs as its own user (pg-throwaway.sh), and nginx's workers too: both must get in.
  chmodSync(dir, 0o755);
  const pgDir = join(dir, 'pg');
  const problems: string[] = [];
  const started = spawnSync('bash', [PG_SCRIPT, 'start', pgDir, String(PORT + 50)], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr}`);
  const databaseUrl = started.stdout.trim();
  try {
    const setup = openDatabase({ url: databaseUrl });
    await migrateToLatest(setup);
    await insertDeparture(setup, { seats });
    await setup.destroy();

    const cluster = await startCluster({ dir, port: PORT, instances: 2, databaseUrl, entry: SHOP, onOutput: () => {} });
    const acked = { bookings: new Set<string>(), holds: new Set<string>() };
    let soldOut = false;
    let killedAt: number | null = null;
    let failoverDoneAt: number | null = null;
    const failures = { beforeKill: 0, inFlightAtKill: 0, afterFailover: 0 };
    let answeredAfterKill = 0;
    let visitor = 0;
    try {
      // A browser: the funnel cookie of its booking, the page's origin on writes, an address of its own. The
      // address is the connection's own source on the loopback (127.0.0.0/8 is all this machine's): nginx
      // appends it to X-Forwarded-For, and the shop counts its limits per address, as visitors' would be.
      const call = async (path: string, method: string, body: unknown, cookie: string | undefined, address: string) => {
        const sentAt = Date.now();
        const res = await send(`${cluster.url}/api${path}`, {
          method,
          headers: { 'content-type': 'application/json', origin: cluster.url, ...(cookie ? { cookie } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          localAddress: address,
        });
        const status = res?.status ?? 0;
        // The shop's answers carry its request id; nginx's own errors (an instance gone) do not.
        const fromShop = res?.headers['x-request-id'] !== undefined;
        if (killedAt !== null) answeredAfterKill += 1;
        if (!fromShop) {
          if (killedAt === null) failures.beforeKill += 1;
          else if (sentAt <= killedAt) failures.inFlightAtKill += 1;
          else if (failoverDoneAt !== null && sentAt > failoverDoneAt) failures.afterFailover += 1;
          else failures.inFlightAtKill += 1;
        }
        const json = res && status >= 200 && status < 300 ? (JSON.parse(res.text) as Record<string, unknown>) : null;
        return { status, json, setCookie: res?.headers['set-cookie']?.[0]?.split(';')[0] };
      };
      const visit = async () => {
        visitor += 1;
        const address = `127.1.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
        const created = await call('/bookings', 'POST', validBooking({ adults: 1, children: 0 }), undefined, address);
        if (created.status !== 201) return;
        const id = created.json?.['id'] as string;
        acked.bookings.add(id);
        const view = await call(`/bookings/${id}`, 'GET', undefined, created.setCookie, address);
        if (view.status !== 200) return;
        const travellers = view.json?.['travellers'] as { id: string; ageGroup: string }[];
        if ((await call(`/bookings/${id}`, 'PATCH', { travellers: passengerFields(travellers) }, created.setCookie, address)).status !== 200) return;
        const held = await call(`/bookings/${id}/hold`, 'POST', undefined, created.setCookie, address);
        if (held.status === 200) acked.holds.add(id);
        // Refused for want of seats: the departure is sold out (the shop's 409 with its reason).
        else if (held.status === 409) soldOut = true;
        // Anything else the shop refused (a limit per visitor): this run's visitors must never meet one.
        else if (held.status >= 400 && held.status < 500) throw new Error(`hold refused with ${held.status}: ${JSON.stringify(held.json)}`);
      };
      const load = Promise.all(
        Array.from({ length: clients }, async () => {
          while (!soldOut) await visit();
        }),
      );
      // Kill one instance once about a third of the seats are held; start it again a little later.
      while (!soldOut && acked.holds.size < seats / 3) await new Promise((r) => setTimeout(r, 20));
      killedAt = Date.now();
      await cluster.kill(0);
      // nginx marks it down on the first refused connection; give requests already queued a second.
      failoverDoneAt = Date.now() + 1_000;
      await new Promise((r) => setTimeout(r, 2_000));
      await cluster.restart(0);
      await load;

      const db = openDatabase({ url: databaseUrl });
      try {
        const bookings = new Set((await db.selectFrom('bookings').select('id').execute()).map((b) => b.id));
        for (const id of acked.bookings) if (!bookings.has(id)) problems.push(`booking ${id} acknowledged, missing`);
        const holds = await db
          .selectFrom('seatHolds')
          .select(['bookingId', 'quantity'])
          .where('resourceType', '=', 'period')
          .where('releasedAt', 'is', null)
          .execute();
        const heldBookings = new Set(holds.map((h) => h.bookingId));
        for (const id of acked.holds) if (!heldBookings.has(id)) problems.push(`hold of ${id} acknowledged, missing`);
        const holdsSeats = holds.reduce((sum, h) => sum + h.quantity, 0);
        const { bookableAvailability: seatsLeft } = await db
          .selectFrom('periods')
          .select('bookableAvailability')
          .where('id', '=', 'p1')
          .executeTakeFirstOrThrow();
        if (seatsLeft !== 0) problems.push(`${seatsLeft} seats left: the departure was not sold out`);
        if (holdsSeats !== seats) problems.push(`${holdsSeats} seats held of ${seats}`);
        if (failures.afterFailover > 0) problems.push(`${failures.afterFailover} requests failed after nginx had the instance down`);
        if (failures.beforeKill > 0) problems.push(`${failures.beforeKill} requests failed before any kill`);
        return {
          seats,
          acknowledged: { bookings: acked.bookings.size, holds: acked.holds.size },
          found: { bookings: bookings.size, holdsSeats, seatsLeft },
          failures,
          answeredAfterKill,
          problems,
        };
      } finally {
        await db.destroy();
      }
    } finally {
      await cluster.stop();
    }
  } finally {
    spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { seats: { type: 'string', default: '150' }, clients: { type: 'string', default: '12' } } });
  const report = await runClusterStress({ seats: Number(values.seats), clients: Number(values.clients) });
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.problems.length === 0 ? 0 : 1);
}
