/**
 * The waiting list of full departures: a few parties waiting on future periods without seats, and one
 * that was already told seats came back, so the sweep and the back office have something to show.
 */
import { add, type SeedContext } from './context.ts';
import type { People } from './people.ts';
import type { SeededPeriod } from './periods.ts';

export function buildWaitingList(ctx: SeedContext, periods: readonly SeededPeriod[], people: People): void {
  const { rng, stamp } = ctx;
  const onSale = periods.filter((p) => p.kind === 'future' && p.webBookable === 1 && p.publishWeb === 1);
  const full = onSale.filter((p) => p.availability === 0).slice(0, 3);
  const withSeats = onSale.find((p) => p.availability > 0);
  const parties = rng.sample(people.travelers, full.length * 2 + 1);
  let next = 0;
  for (const period of full) {
    for (let i = 0; i < 2; i++) {
      const who = parties[next++];
      if (!who) continue;
      const created = stamp(rng.int(1, 20), rng.int(0, 600));
      add(ctx, 'waitingListEntries', {
        id: rng.uuid(),
        periodId: period.id,
        name: `${who.name} ${who.surname}`.trim(),
        email: who.email,
        travellers: rng.int(1, 4),
        status: 'WAITING',
        offeredAt: null,
        createdAt: created,
        updatedAt: created,
      });
    }
  }
  // Seats came back on this one two days ago and its party was mailed: the offer stands, nothing is held.
  const offered = parties[next];
  if (withSeats && offered) {
    add(ctx, 'waitingListEntries', {
      id: rng.uuid(),
      periodId: withSeats.id,
      name: `${offered.name} ${offered.surname}`.trim(),
      email: offered.email,
      travellers: 2,
      status: 'OFFERED',
      offeredAt: stamp(2, 30),
      createdAt: stamp(12, 200),
      updatedAt: stamp(2, 30),
    });
  }
}
