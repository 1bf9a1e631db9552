/**
 * First-party visit counting, only for a browser that agreed (it holds the visit id): the pages it sees, the
 * pages it keeps in view for 30 seconds, and, when it arrived from a campaign (utm fields), that campaign for
 * 15 days and the bookings made meanwhile. The campaign is stored once, with the first page; later pages copy
 * it from the newest campaign of the same visit id, so the browser only keeps an id.
 */
import { randomUUID } from 'node:crypto';
import { CAMPAIGN_DAYS, type CampaignFigures, type PageFigures, type VisitRequest } from '#shared/schemas/visits.ts';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../../db/database.ts';

const since = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** The campaign this visit id came with, if it is less than 15 days old. */
async function currentCampaign(db: Db | Trx, hash: string, now: Date) {
  return db
    .selectFrom('visitorLogs')
    .select(['utmSource', 'utmMedium', 'utmVisitor', 'utmCampaign'])
    .where('hash', '=', hash)
    .where('type', '=', 'campaign')
    .where('createdAt', '>=', since(now, CAMPAIGN_DAYS))
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const NO_CAMPAIGN = { utmSource: null, utmMedium: null, utmVisitor: null, utmCampaign: null };

/** Logs one page (or its 30 seconds) of a visit the browser agreed to; with its campaign while that lasts. */
export async function logVisit(
  db: Db,
  { hash, request, travelerId, now }: { hash: string; request: VisitRequest; travelerId: string | null; now: Date },
): Promise<boolean> {
  const utm = request.event === 'view' ? request.utm : undefined;
  const arrived = utm && (utm.source || utm.medium || utm.visitor || utm.campaign);
  const campaign = arrived
    ? { utmSource: utm.source ?? null, utmMedium: utm.medium ?? null, utmVisitor: utm.visitor ?? null, utmCampaign: utm.campaign ?? null }
    : ((await currentCampaign(db, hash, now)) ?? NO_CAMPAIGN);
  await db
    .insertInto('visitorLogs')
    .values({
      id: randomUUID(),
      hash,
      path: request.path,
      ...campaign,
      travelerId,
      bookingId: null,
      passengers: null,
      type: request.event === 'time' ? 'time' : arrived ? 'campaign' : 'page',
      createdAt: now.toISOString(),
    })
    .execute();
  return true;
}

/** A booking made during a campaign's 15 days: logged with its travellers, and the booking pointed at that log. */
export async function linkBookingToVisit(
  db: Db,
  {
    hash,
    bookingId,
    passengers,
    travelerId,
    path,
    now,
  }: { hash: string; bookingId: string; passengers: number; travelerId: string | null; path: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const campaign = await currentCampaign(trx, hash, now);
    if (!campaign) return;
    const id = randomUUID();
    await trx
      .insertInto('visitorLogs')
      .values({ id, hash, path, ...campaign, travelerId, bookingId, passengers, type: 'booking', createdAt: now.toISOString() })
      .execute();
    await trx.updateTable('bookings').set({ visitedSourceId: id }).where('id', '=', bookingId).execute();
  });
}

/** Per campaign and source over the last `days`: distinct visitors, pages, bookings and the money they brought. */
export async function campaignFigures(db: Db, { now, days = 30 }: { now: Date; days?: number }): Promise<CampaignFigures[]> {
  const from = since(now, days);
  const visits = await db
    .selectFrom('visitorLogs')
    .select((eb) => [
      'utmSource',
      'utmMedium',
      'utmCampaign',
      eb.fn.count<number>('hash').distinct().as('visitors'),
      eb.fn.sum<number>(eb.case().when('type', 'in', ['campaign', 'page']).then(1).else(0).end()).as('pages'),
      eb.fn.sum<number>(eb.case().when('type', '=', 'time').then(1).else(0).end()).as('read'),
    ])
    .where('createdAt', '>=', from)
    .where('type', 'in', ['campaign', 'page', 'time'])
    // Pages of visitors who agreed to be counted but came from no campaign are the pages' figures, not a campaign's.
    .where((eb) =>
      eb.or([eb('utmSource', 'is not', null), eb('utmMedium', 'is not', null), eb('utmCampaign', 'is not', null), eb('utmVisitor', 'is not', null)]),
    )
    .groupBy(['utmSource', 'utmMedium', 'utmCampaign'])
    .execute();
  const bookings = await db
    .selectFrom('visitorLogs')
    .innerJoin('bookings', 'bookings.visitedSourceId', 'visitorLogs.id')
    .select((eb) => [
      'visitorLogs.utmSource',
      'visitorLogs.utmMedium',
      'visitorLogs.utmCampaign',
      eb.fn.countAll<number>().as('bookings'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('payments')
            .select((p) => p.fn.sum<number>('payments.amountCents').as('s'))
            .whereRef('payments.bookingId', '=', 'bookings.id')
            .where('payments.status', '=', 'CONFIRMED')
            .where('payments.paymentMethod', '!=', 'points'),
          eb.lit(0),
        )
        .as('revenue'),
    ])
    .where('visitorLogs.createdAt', '>=', from)
    .where('visitorLogs.type', '=', 'booking')
    .groupBy(['visitorLogs.utmSource', 'visitorLogs.utmMedium', 'visitorLogs.utmCampaign', 'bookings.id'])
    .execute();
  const key = (r: { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null }) =>
    JSON.stringify([r.utmSource, r.utmMedium, r.utmCampaign]);
  const figures = new Map<string, CampaignFigures>();
  const entry = (r: { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null }) => {
    const k = key(r);
    let f = figures.get(k);
    if (!f) {
      f = { source: r.utmSource ?? '(sin fuente)', medium: r.utmMedium, campaign: r.utmCampaign, visitors: 0, pages: 0, read: 0, bookings: 0, revenueCents: 0 };
      figures.set(k, f);
    }
    return f;
  };
  for (const v of visits) Object.assign(entry(v), { visitors: Number(v.visitors), pages: Number(v.pages), read: Number(v.read) });
  for (const b of bookings) {
    const f = entry(b);
    f.bookings += Number(b.bookings);
    f.revenueCents += Number(b.revenue);
  }
  return [...figures.values()].sort((a, b) => b.revenueCents - a.revenueCents || b.visitors - a.visitors);
}

/** The pages most seen over the last `days` by visitors who agreed to be counted, with how often each was read for 30 s. */
export async function pageFigures(db: Db, { now, days = 30, limit = 20 }: { now: Date; days?: number; limit?: number }): Promise<PageFigures[]> {
  const rows = await db
    .selectFrom('visitorLogs')
    .select((eb) => [
      'path',
      eb.fn.count<number>('hash').distinct().as('visitors'),
      eb.fn.sum<number>(eb.case().when('type', 'in', ['campaign', 'page']).then(1).else(0).end()).as('views'),
      eb.fn.sum<number>(eb.case().when('type', '=', 'time').then(1).else(0).end()).as('read'),
    ])
    .where('createdAt', '>=', since(now, days))
    .where('type', 'in', ['campaign', 'page', 'time'])
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, visitors: Number(r.visitors), views: Number(r.views), read: Number(r.read) }));
}
