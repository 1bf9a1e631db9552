/**
 * The running shop's scheduled jobs and reviews in browser tests: a job run by its own command against the
 * server's data folder (as `npm run jobs -- <name>` would), and the reviews a test wrote taken back, so the
 * next screen width finds the demo traveller's trip waiting for its review again.
 */
import { execFileSync } from 'node:child_process';
import { laneDataDir, openLaneDatabase } from './lane-shop.ts';

/** Runs `node api/jobs.ts <name>` on the shop's database with the server's secret and port; returns what it printed. */
export function runShopJob(name: 'points' | 'reminders'): string {
  return execFileSync(process.execPath, ['api/jobs.ts', name], {
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: laneDataDir(),
      AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? '',
      PORT: process.env.E2E_PORT ?? '4399',
    },
  });
}

/** Deletes the reviews travellers wrote of `bookingId` (the seeded ones, with no author, stay). */
export function forgetReviews(bookingId: string): void {
  const db = openLaneDatabase({ write: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('delete from traveler_opinions where booking_id = ? and traveler_id is not null').run(bookingId);
    db.prepare('delete from optional_activity_opinions where booking_id = ? and traveler_id is not null').run(bookingId);
  } finally {
    db.close();
  }
}
