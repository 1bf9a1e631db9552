/**
 * Tests only: one OS process of the seat-hold stress test. It opens its own connection to the database
 * named on the command line, waits for 'go', holds the seats of each booking id given, all at once, and
 * reports 'held', 'full' (the 409) or the unexpected error of each.
 */
import { openDatabase } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { holdSeats } from './seat-holds.ts';

const [url, ...bookingIds] = process.argv.slice(2);
if (!url || !process.send) throw new Error('usage: fork(seat-holds.stress-worker.ts, [databaseUrl, ...bookingIds])');
const db = openDatabase({ url });

process.on('message', async (message) => {
  if (message !== 'go') return;
  const results = await Promise.all(
    bookingIds.map((id) =>
      holdSeats(db, id).then(
        () => 'held',
        (error: unknown) => (error instanceof AppError && error.code === 'CONFLICT' ? 'full' : `error: ${String(error)}`),
      ),
    ),
  );
  await db.destroy();
  process.send!(results, () => process.exit(0));
});
process.send('ready');
