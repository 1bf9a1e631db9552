import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../tables.ts';

export type Writer = Kysely<Database> | Transaction<Database>;

// SQLite allows 32,766 bound variables per statement and PostgreSQL 65,535; staying under the smaller
// with headroom keeps one code path for both engines.
const MAX_PARAMETERS = 30_000;

/**
 * Multi-row inserts cut into chunks that respect both engines' parameter limits. Every row of one call
 * must carry the same keys: Kysely fills a missing key with DEFAULT, which SQLite does not accept inside
 * VALUES.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Writer,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  counts?: Record<string, number>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // The generic table name defeats Kysely's per-table value typing; the row type above is the check.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
  if (counts) counts[table] = (counts[table] ?? 0) + rows.length;
}

/** Rows collected per table during a seed, then written in dependency order. */
export type RowSets = { [T in keyof Database]?: Required<Insertable<Database[T]>>[] };

/** Foreign-key order: every table after the tables it references. */
export const TABLE_ORDER: readonly (keyof Database & string)[] = [
  'parentRegions',
  'destinations',
  'tours',
  'tourDestinations',
  'tourParentRegions',
  'tags',
  'itineraries',
  'itineraryDays',
  'periods',
  'campaigns',
  'flights',
  'flightJourneys',
  'flightSegments',
  'cockpitPrices',
  'cockpitFlights',
  'optionalActivities',
  'optionalActivityDays',
  'activityPacks',
  'reservationModes',
  'prices',
  'tourExtras',
  'countries',
  'retailers',
  'travelers',
  'favoriteTours',
  'coupons',
  'bookings',
  'bookingStatusChanges',
  'bookingDocuments',
  'bookingTravelers',
  'seatHolds',
  'payments',
  'paymentVouchers',
  'paymentNotifications',
  'refunds',
  'transactions',
  'cockpitPreBookings',
  'cockpitBookings',
  'bookingResponses',
  'landings',
  'landingContents',
  'sliders',
  'tourOffers',
  'tourSliders',
  'mainBanners',
  'regionBanners',
  'companyInfo',
  'activities',
  'activityTours',
  'travellerPhotos',
  'travelerOpinions',
  'opinionComments',
  'optionalActivityOpinions',
  'optionalActivityPhotos',
  'contactTours',
  'contactMessages',
  'visitorLogs',
  'users',
  'contentHistory',
  'staffActions',
  'userGroups',
  'sessions',
  'authTokens',
  'rateLimits',
  'guides',
  'guidePeriods',
  'guideReports',
  'guideExpenses',
  'mails',
  'guideHelpRequests',
  'paymentReminders',
  'feedbackRequests',
  'bookingMails',
  'mailLogs',
  'waitingListEntries',
  'webhookEndpoints',
  'webhookDeliveries',
  'apiKeys',
];

/** Writes every collected row set in foreign-key order and returns the row count per table. */
const rowType = (row: object) => (row as { type?: string }).type;

export async function writeRowSets(db: Writer, sets: RowSets): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLE_ORDER) {
    let rows = sets[table] as Insertable<Database[typeof table]>[] | undefined;
    // The database moves a traveller's points balance with each ledger row and refuses it below zero at
    // any moment: credits are written before debits (the rows keep their own dates).
    if (table === 'transactions' && rows) rows = [...rows].sort((a, b) => Number(rowType(a) === 'DEBIT') - Number(rowType(b) === 'DEBIT'));
    if (rows?.length) await insertRows(db, table, rows, counts);
  }
  return counts;
}
