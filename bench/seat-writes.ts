/**
 * Booking creation and seat holds on SQLite (issue 15: at least 1,000 writes a second, no seat oversold):
 * the seat-hold stress test of `seat-holds.test.ts` run as a benchmark. Two processes (as two shop
 * instances would) write to one SQLite file, each with several bookings in flight, for a few seconds; a
 * write is a booking created or a booking's seats held. The departure has fewer seats than the run asks
 * for, so it also proves that the last seats go once: the seats held must be exactly the seats taken off.
 *
 *   node bench/seat-writes.ts [--seconds 5] [--processes 2] [--concurrency 8] [--seats 30000]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '#api/db/database.ts';
import { insertDeparture, seatsLeft } from '../tests/support/booking-fixtures.ts';

const WORKER = fileURLToPath(new URL('./seat-writes-worker.ts', import.meta.url));

interface Counts {
  created: number;
  held: number;
  full: number;
  errors: string[];
}

/** `oversellCheck`: fewer seats than the run asks for; the section reports whether the last ones went exactly once. */
export async function runSeatWrites({ seconds = 5, processes = 2, concurrency = 8, seats = 30_000, oversellCheck = false } = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-seats-'));
  const url = join(dir, 'shop.db');
  try {
    const db = openDatabase({ url });
    await migrateToLatest(db);
    await insertDeparture(db, { seats });
    await db.destroy();

    const workers = Array.from({ length: processes }, () => fork(WORKER, [url, String(seconds), String(concurrency)], { stdio: 'inherit' }));
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
    const began = performance.now();
    const results = await Promise.all(
      workers.map((w) => {
        const done = new Promise<Counts>((resolve) => w.once('message', (m) => resolve(m as Counts)));
        w.send('go');
        return done;
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    const total = results.reduce((sum, r) => ({
      created: sum.created + r.created,
      held: sum.held + r.held,
      full: sum.full + r.full,
      errors: [...sum.errors, ...r.errors],
    }));

    const check = openDatabase({ url });
    const left = await seatsLeft(check);
    await check.destroy();
    // The fixture booking takes 3 seats of the departure (2 adults, 1 child).
    const taken = seats - left;
    const sound = left >= 0 && taken === total.held * 3;
    const writes = total.created + total.held;
    const rows = [
      `| processes × bookings in flight | ${processes} × ${concurrency} |`,
      `| bookings created | ${total.created} |`,
      `| seat holds | ${total.held} (refused for want of seats: ${total.full}) |`,
      `| writes per second | **${Math.round(writes / elapsed)}** |`,
      `| seats: initial, left, taken by holds | ${seats}, ${left}, ${taken} (${total.held} holds × 3) |`,
      `| oversold | ${sound ? 'no' : '**YES**'} |`,
      `| unexpected errors | ${total.errors.length}${total.errors.length ? `: ${total.errors.slice(0, 3).join('; ')}` : ''} |`,
    ];
    if (oversellCheck) {
      const check = [rows[0], rows[2], rows[4], rows[5], rows[6]];
      return `### The last seats, ${seats} of them, asked for by more bookings than fit (${seconds} s)\n\n| what | figure |\n|---|---|\n${check.join('\n')}\n`;
    }
    return `## Seat writes (SQLite)\n\nBooking creation and seat holds for ${seconds} s, ${elapsed.toFixed(1)} s measured.\n\n| what | figure |\n|---|---|\n${rows.join('\n')}\n`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      processes: { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '8' },
      seats: { type: 'string', default: '30000' },
    },
  });
  console.log(
    await runSeatWrites({
      seconds: Number(values.seconds),
      processes: Number(values.processes),
      concurrency: Number(values.concurrency),
      seats: Number(values.seats),
    }),
  );
}
