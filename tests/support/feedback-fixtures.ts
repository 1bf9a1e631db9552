/**
 * For the feedback tests: the fixture booking as a trip back home (paid in full by card, its departure
 * moved into the past, the lead having taken the tea ceremony and everyone the insurance), an API whose
 * files go to a temporary folder, the `clave` of a feedback link, and a photo that really decodes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Config } from '#api/config.ts';
import { testConfig } from './test-config.ts';
import type { Db } from '#api/db/database.ts';
import { type FeedbackSubject, feedbackPath } from '#api/services/content/feedback-links.ts';
import { addDays } from '#shared/rules/dates.ts';
import { FEEDBACK_LINK_PARAM } from '#shared/schemas/feedback.ts';
import { createTestApi, day } from './booking-fixtures.ts';
import { createBookingForPayment, postNotification, signedNotification, startPaymentRequest } from './payment-fixtures.ts';

/** A configuration of its own: a fixed secret, and uploaded photos under a temporary data folder. */
export function feedbackConfig(databaseUrl: string): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-feedback-'));
  return { ...testConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'feedback-tests-secret-with-32-or-more-chars' }), databaseUrl };
}

/** The API over `db` as one browser calls it; the caller is whatever JSON the `x-test-auth` header carries (none: a visitor). */
export const feedbackApi = (db: Db, config: Config) => createTestApi(db, config.databaseUrl, { config });

export type FeedbackTestApi = ReturnType<typeof feedbackApi>;

/** The fixture's optional activities: the tea ceremony (oa1, 'ACT1') and the cancellation insurance (oa2, 'SEG'). */
export const TEA_CEREMONY = { id: 'oa1', name: 'Ceremonia del té' } as const;

/**
 * Books departure p1 (2 adults, 1 child), pays it in full by card, gives the lead the tea ceremony and
 * everyone the insurance, and moves the departure so it came back `daysAgo` days ago.
 */
export async function tripBackHome(api: FeedbackTestApi, db: Db, config: Config, { daysAgo = 1 }: { daysAgo?: number } = {}) {
  const { id, owner } = await createBookingForPayment(api, db);
  const started = await startPaymentRequest(api, `/payments/booking/${id}`, { amount: 'full', method: 'card' });
  if (started.res.status !== 201) throw new Error(`payment not started: ${started.res.status}`);
  const payment = await db.selectFrom('payments').selectAll().where('bookingId', '=', id).executeTakeFirstOrThrow();
  const notified = await postNotification(api, signedNotification(config, { order: payment.orderNumber, amountCents: payment.amountCents }));
  if (notified.status !== 200) throw new Error(`payment not confirmed: ${notified.status}`);
  const row = await db.selectFrom('bookings').select(['travelersStringify', 'travelerId']).where('id', '=', id).executeTakeFirstOrThrow();
  const travellers = (JSON.parse(row.travelersStringify) as { lead: boolean; optional_activities: string[] }[]).map((t) => ({
    ...t,
    optional_activities: t.lead ? ['ACT1', 'SEG'] : ['SEG'],
  }));
  const returnDate = day(-daysAgo);
  const dayOne = addDays({ date: returnDate, days: -9 });
  await db
    .updateTable('bookings')
    .set({ travelersStringify: JSON.stringify(travellers), dayOne })
    .where('id', '=', id)
    .execute();
  await db.updateTable('periods').set({ dayOne, returnDate }).where('id', '=', 'p1').execute();
  return { id, owner, travelerId: row.travelerId as string, payment };
}

/** The `clave` of a fresh feedback link for `subject`, made as the mail and the profile make them. */
export async function claveOf(subject: FeedbackSubject, config: Config, now = new Date()): Promise<string> {
  return claveFromLink(await feedbackPath(subject, config, now));
}

/** The `clave` a feedback link (path or absolute address) carries. */
export function claveFromLink(link: string): string {
  const clave = new URL(link, 'http://shop.test').searchParams.get(FEEDBACK_LINK_PARAM);
  if (!clave) throw new Error(`no ${FEEDBACK_LINK_PARAM} in ${link}`);
  return clave;
}

/** A small PNG that decodes, as a phone's photo would. */
export function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0552b' } })
    .png()
    .toBuffer();
}
