/**
 * One OS process of `bench/seat-writes.ts`: its own connection to the SQLite file, `concurrency` loops that
 * each create a booking (the funnel's POST /api/bookings) and hold its seats (the pay step), until the
 * time is up. Reports how many of each it did and how many holds were refused for want of seats.
 */
import { openDatabase } from '#api/db/database.ts';
import { AppError } from '#api/errors.ts';
import { createBooking } from '#api/services/bookings/bookings.ts';
import { holdSeats } from '#api/services/bookings/seat-holds.ts';
import { validBooking } from '../tests/support/booking-fixtures.ts';

const [url, seconds, concurrency] = process.argv.slice(2);
if (!url || !process.send) throw new Error('usage: fork(seat-writes-worker.ts, [databaseUrl, seconds, concurrency])');
const db = openDatabase({ url });
const counts = { created: 0, held: 0, full: 0, errors: [] as string[] };

async function loop(until: number) {
  while (Date.now() < until) {
    try {
      const { id } = await createBooking(db, { request: validBooking() as never, by: null, now: new Date() });
      counts.created += 1;
      await holdSeats(db, id);
      counts.held += 1;
    } catch (error) {
      if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'VALIDATION')) counts.full += 1;
      else counts.errors.push(String(error));
    }
  }
}

process.on('message', async (message) => {
  if (message !== 'go') return;
  const until = Date.now() + Number(seconds) * 1000;
  await Promise.all(Array.from({ length: Number(concurrency) }, () => loop(until)));
  await db.destroy();
  process.send!(counts, () => process.exit(0));
});
process.send('ready');
