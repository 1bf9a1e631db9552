/**
 * The demo catalogue: a believable Spanish tour operator's shop with every table filled, written in one
 * transaction, plus the pictures its rows point to. Same (seed, today) in, same rows and bytes out.
 */
import { writeDemoDocuments } from './documents.ts';
import type { Db, Trx } from '../database.ts';
import { AEAT_TEST_URL, type InvoicingConfig } from '../../config.ts';
import { COMPANY_LEGAL } from '../../services/bookings/documents/pdf.ts';
import { reconcileInvoices } from '../../services/invoices/issue.ts';
import { hashPassword } from '../../services/people/auth/password.ts';
import { counterKey, RATE_LIMITS } from '../../services/platform/rate-limits.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { buildBookings, buildDemoBudget } from './bookings.ts';
import { buildCatalogue } from './catalogue.ts';
import { buildContent } from './content.ts';
import { add, createContext, type SeedContext } from './context.ts';
import { buildCoupons } from './coupons.ts';
import { isIsoDate } from './dates.ts';
import { writeImages, type ImageFile } from './images.ts';
import { writeRowSets } from './insert.ts';
import { buildOpinions } from './opinions.ts';
import { buildActivityPhotos } from './activity-photos.ts';
import { buildGuideTools } from './guide-tools.ts';
import { buildPeople, type People } from './people.ts';
import { buildPeriods } from './periods.ts';
import { createRandom } from './random.ts';
import { buildTourExtras } from './extras.ts';
import { buildWaitingList } from './waiting-list.ts';

export interface SeedDemoOptions {
  /** 'YYYY-MM-DD' (UTC): periods, validity dates and timestamps are placed around it. */
  today: string;
  /** Folder the pictures are written to (`{tourId}/{file}`, `landing/{slug}/{desktop|mobile}.webp`). */
  filesDir: string;
  seed?: number;
}

export interface SeedSummary {
  /** Rows written per table (camelCase table names). */
  counts: Record<string, number>;
  images: number;
}

export const DEFAULT_SEED = 20_260_101;

async function buildAccounts(ctx: SeedContext, people: People): Promise<void> {
  const { rng, stamp } = ctx;
  for (const account of DEMO_ACCOUNTS) {
    const id = rng.uuid();
    // A salt from the PRNG keeps the hash, and so the whole database, reproducible.
    const passwordHash = await hashPassword(account.password, { salt: rng.bytes(16) });
    const created = stamp(rng.int(200, 400));
    add(ctx, 'users', {
      id,
      email: account.email,
      passwordHash,
      emailVerifiedAt: created,
      travelerId: account.role === 'traveler' ? people.demoTraveler.id : null,
      disabledAt: null,
      createdAt: created,
      updatedAt: stamp(rng.int(1, 30)),
      passwordChangeRequiredAt: null,
    });
    for (const groupName of account.groups) add(ctx, 'userGroups', { userId: id, groupName });
    if (account.role === 'traveler') {
      // An old, revoked sign-in: real sessions are never seeded, but the table shape is exercised.
      add(ctx, 'sessions', {
        id: rng.uuid(),
        userId: id,
        familyId: rng.uuid(),
        tokenHash: Array.from(rng.bytes(32), (b) => b.toString(16).padStart(2, '0')).join(''),
        expiresAt: stamp(30),
        rotatedAt: null,
        revokedAt: stamp(35),
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
        createdAt: stamp(40),
      });
      // The verification code of the account's sign-up, long used: single-use tokens are never seeded live.
      const hex = () => Array.from(rng.bytes(32), (b) => b.toString(16).padStart(2, '0')).join('');
      add(ctx, 'authTokens', {
        id: rng.uuid(),
        userId: id,
        purpose: 'VERIFY',
        tokenHash: hex(),
        codeHash: hex(),
        attempts: 0,
        expiresAt: new Date(Date.parse(created) + 24 * 3_600_000).toISOString(),
        usedAt: created,
        createdAt: created,
      });
      // A sign-in rate-limit window long over: live counters are never seeded, but the table shape is exercised.
      const windowStart = stamp(60);
      add(ctx, 'rateLimits', {
        key: counterKey(RATE_LIMITS.signInPerEmail, account.email),
        windowStart,
        hits: 2,
        expiresAt: new Date(Date.parse(windowStart) + RATE_LIMITS.signInPerEmail.windowSeconds * 1000).toISOString(),
      });
    }
  }
}

/** Builds every row of the demo in memory, in a fixed order, and lists the pictures it needs. */
export async function buildDemo(options: { today: string; seed?: number }): Promise<{ ctx: SeedContext; images: ImageFile[] }> {
  if (!isIsoDate(options.today)) throw new Error(`today must be a YYYY-MM-DD date, got '${options.today}'`);
  const ctx = createContext(createRandom(options.seed ?? DEFAULT_SEED), options.today);
  const { tours } = buildCatalogue(ctx);
  const periods = buildPeriods(ctx, tours);
  const coupons = buildCoupons(ctx, periods);
  const images = buildContent(ctx, tours, periods);
  const people = buildPeople(ctx, tours, periods);
  buildBookings(ctx, periods, people, coupons);
  buildOpinions(ctx, tours, periods, people);
  await buildAccounts(ctx, people);
  buildWaitingList(ctx, periods, people);
  // Last: what it draws from the generator changes nothing written before it.
  buildDemoBudget(ctx, periods, people);
  images.push(...buildActivityPhotos(ctx, periods));
  buildGuideTools(ctx, periods);
  buildTourExtras(ctx, tours);
  for (const tour of tours) {
    const style = { landscape: tour.destination.landscape, label: tour.seed.slug, winter: tour.seed.months.every((m) => [11, 12, 1, 2, 3].includes(m)) };
    images.push(
      { path: `${tour.id}/${tour.thumbnail}`, width: 800, height: 600, ...style },
      { path: `${tour.id}/${tour.banner}`, width: 1600, height: 700, ...style },
      { path: `${tour.id}/${tour.avatar}`, avatar: true, label: tour.seed.expert[0] + tour.seed.slug, size: 160 },
    );
  }
  return { ctx, images };
}

/**
 * Fills every table of an empty, migrated database with the demo catalogue and writes its pictures
 * under `filesDir`. Rows go in one transaction; pictures are files, written after the commit.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedSummary> {
  const { ctx, images } = await buildDemo(options);
  const counts = await db.transaction().execute(async (trx) => {
    const written = await writeRowSets(trx, ctx.rows);
    await invoiceDemo(trx, ctx);
    return written;
  });
  const written = await writeImages(options.filesDir, images);
  await writeDemoDocuments(options.filesDir, ctx.rows.bookingDocuments ?? []);
  return { counts, images: written };
}

/** The demo company issues the demo's invoices (docs/decisions/043), as the demo's legal pages name it. */
const DEMO_INVOICING: InvoicingConfig = {
  issuer: { name: COMPANY_LEGAL.legalName, nif: COMPANY_LEGAL.taxId, address: COMPANY_LEGAL.address },
  reavMarginPercent: 15,
  aeat: { url: AEAT_TEST_URL, certPath: null, certPassword: null, test: true },
};

/**
 * The demo's invoices, as the shop would have issued them: each payment's on the day it was confirmed, in that
 * order, then the corrections of the refunds and cancellations. Ids from the demo's generator, so the same
 * rows every time.
 */
async function invoiceDemo(trx: Trx, ctx: SeedContext): Promise<void> {
  const newId = () => ctx.rng.uuid();
  const payments = ((ctx.rows['payments'] ?? []) as { bookingId: string; status: string; paymentMethod: string; confirmedAt: string | null }[])
    .filter((p) => p.status === 'CONFIRMED' && p.paymentMethod !== 'points' && p.confirmedAt)
    .sort((a, b) => (a.confirmedAt as string).localeCompare(b.confirmedAt as string));
  for (const p of payments) await reconcileInvoices(trx, { config: DEMO_INVOICING, bookingId: p.bookingId, now: new Date(p.confirmedAt as string), newId });
  const later = new Map<string, string>();
  for (const r of (ctx.rows['refunds'] ?? []) as { bookingId: string; settledAt: string }[]) later.set(r.bookingId, r.settledAt);
  for (const b of (ctx.rows['bookings'] ?? []) as { id: string; status: string; updatedAt: string }[])
    if (b.status === 'CANCELED') later.set(b.id, b.updatedAt);
  for (const [bookingId, at] of [...later].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0])))
    await reconcileInvoices(trx, { config: DEMO_INVOICING, bookingId, now: new Date(at), newId });
}
