/**
 * A year of a busy operator's bookings for the back office's benchmarks (issue 12): N bookings over the
 * catalogue already in the database (demo or synthetic), their lead travellers, and a payment for each
 * booking that has paid, in every status the desk filters by. Written in batches; deterministic for a
 * seed and a date.
 */
import type { Db } from '../database.ts';
import { addDays } from './dates.ts';
import { insertRows } from './insert.ts';
import { createRandom } from './random.ts';

const NAMES = ['Ana', 'Luis', 'Marta', 'Pablo', 'Lucía', 'Diego', 'Carmen', 'Javier', 'Elena', 'Sergio', 'Laura', 'Andrés'];
const SURNAMES = ['García', 'López', 'Martín', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Álvarez', 'Romero', 'Navarro'];
const STATUSES = [
  ['CONFIRMED', 70],
  ['IN_PROGRESS', 12],
  ['CANCELED', 10],
  ['WAITING_FOR_TRANSFER', 6],
  ['PAYPAL_REVIEW', 2],
] as const;
const BATCH = 2000;

export async function seedScaleBookings(db: Db, { bookings, today, seed = 11 }: { bookings: number; today: string; seed?: number }): Promise<number> {
  const rng = createRandom(seed);
  const periods = await db.selectFrom('periods').select(['id', 'dayOne']).orderBy('id').execute();
  if (periods.length === 0) throw new Error('seedScaleBookings needs a catalogue: seed tours first');
  const retailers = (await db.selectFrom('retailers').select('id').execute()).map((r) => r.id);
  const pickStatus = () => {
    let n = rng.int(1, 100);
    for (const [status, share] of STATUSES) {
      if (n <= share) return status;
      n -= share;
    }
    return 'CONFIRMED' as const;
  };
  for (let start = 0; start < bookings; start += BATCH) {
    const travelers = [];
    const rows = [];
    const payments = [];
    for (let i = start; i < Math.min(bookings, start + BATCH); i++) {
      const period = periods[rng.int(0, periods.length - 1)] as (typeof periods)[number];
      const name = NAMES[i % NAMES.length] as string;
      const surname = `${SURNAMES[i % SURNAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`;
      const travelerId = rng.sequentialUuid();
      const email = `viajero.${i}@correo.bench`;
      const created = `${addDays(today, -rng.int(0, 365))}T${String(rng.int(8, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00.000Z`;
      travelers.push({ id: travelerId, name, surname, email, phone: `+34 6${String(10_000_000 + i).slice(-8)}`, createdAt: created, updatedAt: created });
      const id = rng.sequentialUuid();
      const status = pickStatus();
      const adults = rng.int(1, 3);
      const priceCents = adults * rng.int(90_000, 350_000);
      // One confirmed booking in five has paid its deposit only: its balance falls due 30 days before departure,
      // passed already for the departures near or gone (the balances desk's overdue list).
      const depositOnly = status === 'CONFIRMED' && rng.int(1, 5) === 1;
      const bookedOn = created.slice(0, 10);
      const depositCents = Math.round(priceCents * 0.3);
      // The later of the two days (ISO dates sort as text).
      const balanceDate = [addDays(period.dayOne, -30), bookedOn].sort()[1] as string;
      rows.push({
        id,
        tkId: status === 'CONFIRMED' ? `TK-B-${100_000 + i}` : null,
        retailerId: retailers.length && rng.int(1, 10) === 1 ? (retailers[rng.int(0, retailers.length - 1)] ?? null) : null,
        travelerId,
        differentId: String(1_000_000 + i),
        priceCents,
        travelersStringify: JSON.stringify(
          Array.from({ length: adults }, (_, n) => ({
            id: `${i}-${n}`,
            age_group: 'Adultos',
            category: 'Standard category',
            lead: n === 0,
            optional_activities: [],
            reservation_fields: { name: n === 0 ? name : `Acompañante ${n}`, surname, email: n === 0 ? email : undefined },
            reservation_mode: null,
          })),
        ),
        periodId: period.id,
        status,
        deadlinesStringify: JSON.stringify([
          { date: bookedOn, amountCents: depositCents },
          { date: balanceDate, amountCents: priceCents - depositCents },
        ]),
        owedSince: depositOnly ? balanceDate : null,
        createdAt: created,
        updatedAt: created,
      });
      if (status !== 'IN_PROGRESS') {
        const paid = (status === 'CANCELED' ? 'CANCELED' : status === 'CONFIRMED' ? 'CONFIRMED' : status === 'PAYPAL_REVIEW' ? 'REVIEW' : 'PENDING') as
          | 'CANCELED'
          | 'CONFIRMED'
          | 'REVIEW'
          | 'PENDING';
        payments.push({
          id: rng.sequentialUuid(),
          bookingId: id,
          orderNumber: `${String(1000 + (i % 9000)).padStart(4, '0')}B${String(i).padStart(7, '0')}`,
          amountCents: depositOnly ? depositCents : priceCents,
          paymentMethod: status === 'WAITING_FOR_TRANSFER' ? ('transfer' as const) : ('card' as const),
          status: paid,
          createdAt: created,
          updatedAt: created,
          confirmedAt: paid === 'CONFIRMED' ? created : null,
        });
      }
    }
    await insertRows(db, 'travelers', travelers);
    await insertRows(db, 'bookings', rows);
    await insertRows(db, 'payments', payments);
  }
  return bookings;
}
