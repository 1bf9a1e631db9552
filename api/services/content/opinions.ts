/**
 * Reviews moderation from /admin/tour/opinion (issue 14): the reviews newest first (the spec's
 * opinionsByDate, filtered by tour and departure, here also by the day written and the status), and what
 * staff do to one: publish or hide it, show it on the home or the tour page, and reply. Every press is
 * recorded in `staff_actions` in the same transaction as its change and applied once per request id
 * (docs/decisions/014-back-office-actions.md); each mail is queued in that transaction too, claimed by a
 * flag, so the author is told once.
 */
import { readPage } from '../kit/paged-query.ts';
import { randomUUID } from 'node:crypto';
import { addDays } from '#shared/rules/dates.ts';
import {
  OPINION_MESSAGES,
  OPINION_PAGE_SIZE,
  type OpinionListAnswer,
  type OpinionListQuery,
  type OpinionModerate,
  type OpinionView,
} from '#shared/schemas/opinions.ts';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../../db/database.ts';
import type { TravelerOpinionRow } from '../../db/tables.ts';
import { notFound } from '../../errors.ts';
import { signFileLink } from '../files/uploads.ts';
import { queueMail } from '../mail/outbox.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';

/** What a view needs to sign the photo's link. */
export interface OpinionViewContext {
  secret: string;
  now: Date;
}

interface Press {
  id: string;
  requestId: string;
  actor: Actor;
  now: Date;
}

type ListedRow = TravelerOpinionRow & { tourName: string; tourSlug: string; dayOne: string | null };

const baseQuery = (db: Db) =>
  db.selectFrom('travelerOpinions').innerJoin('tours', 'tours.id', 'travelerOpinions.tourId').leftJoin('periods', 'periods.id', 'travelerOpinions.periodId');

async function viewsOf(db: Db, rows: ListedRow[], { secret, now }: OpinionViewContext): Promise<OpinionView[]> {
  const replies = rows.length
    ? await db
        .selectFrom('opinionComments')
        .selectAll()
        .where(
          'opinionId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    tourId: r.tourId,
    tourName: r.tourName,
    tourSlug: r.tourSlug,
    periodId: r.periodId,
    dayOne: r.dayOne,
    name: r.name,
    email: r.email,
    title: r.title,
    description: r.description,
    rate: r.rate,
    rateGuide: r.rateGuide,
    rateDestination: r.rateDestination,
    ratePriceQuality: r.ratePriceQuality,
    rateAccomodation: r.rateAccomodation,
    rateActivities: r.rateActivities,
    photoUrl: r.thumbnail ? signFileLink({ key: r.thumbnail, secret, now }) : null,
    status: r.status,
    homeViewable: r.homeViewable === 1,
    tourViewable: r.tourViewable === 1,
    createdAt: r.createdAt,
    publishedMailAt: r.publishedMailAt,
    replies: replies
      .filter((c) => c.opinionId === r.id)
      .map((c) => ({ id: c.id, comment: c.comment, emailReplySent: c.emailReplySent === 1, createdAt: c.createdAt })),
  }));
}

/** The reviews that match, newest first, one page of them, with what the filters offer. */
export async function listOpinions(db: Db, query: OpinionListQuery, ctx: OpinionViewContext): Promise<OpinionListAnswer> {
  const filtered = () =>
    baseQuery(db)
      .$if(query.tourId !== undefined, (qb) => qb.where('travelerOpinions.tourId', '=', query.tourId as string))
      .$if(query.periodId !== undefined, (qb) => qb.where('travelerOpinions.periodId', '=', query.periodId as string))
      .$if(query.status !== undefined, (qb) => qb.where('travelerOpinions.status', '=', query.status as NonNullable<OpinionListQuery['status']>))
      // Timestamps are UTC ISO strings, which sort as the instants they name.
      .$if(query.from !== undefined, (qb) => qb.where('travelerOpinions.createdAt', '>=', `${query.from}T00:00:00.000Z`))
      .$if(query.to !== undefined, (qb) => qb.where('travelerOpinions.createdAt', '<', `${addDays({ date: query.to as string, days: 1 })}T00:00:00.000Z`));
  const [page, tours, periods] = await Promise.all([
    readPage(
      filtered,
      (q) =>
        q
          .selectAll('travelerOpinions')
          .select(['tours.name as tourName', 'tours.webSlug as tourSlug', 'periods.dayOne'])
          .orderBy('travelerOpinions.createdAt', 'desc')
          .orderBy('travelerOpinions.id', 'desc'),
      { page: query.page, pageSize: OPINION_PAGE_SIZE },
    ),
    baseQuery(db).select(['tours.id', 'tours.name']).distinct().orderBy('tours.name').orderBy('tours.id').execute(),
    query.tourId === undefined
      ? Promise.resolve([])
      : db
          .selectFrom('travelerOpinions')
          .innerJoin('periods', 'periods.id', 'travelerOpinions.periodId')
          .select(['periods.id', 'periods.dayOne'])
          .distinct()
          .where('travelerOpinions.tourId', '=', query.tourId)
          .orderBy('periods.dayOne', 'desc')
          .orderBy('periods.id')
          .execute(),
  ]);
  return { ...page, rows: await viewsOf(db, page.rows, ctx), tours, periods };
}

/** One review as the screen shows it; 404 for an unknown id. */
export async function opinionView(db: Db, id: string, ctx: OpinionViewContext): Promise<OpinionView> {
  const row = await baseQuery(db)
    .selectAll('travelerOpinions')
    .select(['tours.name as tourName', 'tours.webSlug as tourSlug', 'periods.dayOne'])
    .where('travelerOpinions.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(OPINION_MESSAGES.notFound);
  const [view] = await viewsOf(db, [row], ctx);
  return view as OpinionView;
}

async function findOpinion(db: Db | Trx, id: string) {
  const row = await db
    .selectFrom('travelerOpinions')
    .innerJoin('tours', 'tours.id', 'travelerOpinions.tourId')
    .selectAll('travelerOpinions')
    .select(['tours.name as tourName', 'tours.webSlug'])
    .where('travelerOpinions.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(OPINION_MESSAGES.notFound);
  return row;
}

const moderation = (r: Pick<TravelerOpinionRow, 'status' | 'homeViewable' | 'tourViewable'>) => ({
  status: r.status,
  homeViewable: r.homeViewable === 1,
  tourViewable: r.tourViewable === 1,
});
/** The catalogue snapshot carries a review while it is published and shown on the tour page. */
const inSnapshot = (m: ReturnType<typeof moderation>) => m.status === 'ACTIVE' && m.tourViewable;
const onHome = (m: ReturnType<typeof moderation>) => m.status === 'ACTIVE' && m.homeViewable;

export interface ModerationResult {
  applied: boolean;
  /** The tour whose pages show the change (null: no page shows it). */
  republishTour: string | null;
  /** The home page's reviews change ('En la portada'). */
  republishHome: boolean;
}

/**
 * Publishes or hides a review and chooses where it shows. The first publication of a review with an
 * address mails its author (OPINION_PUBLISHED), claimed by `published_mail_at` in the same transaction,
 * so hiding and publishing again does not mail twice. Answers false for a press already applied.
 */
export async function moderateOpinion(
  db: Db,
  { id, requestId, actor, now, change, publicUrl }: Press & { change: Omit<OpinionModerate, 'requestId'>; publicUrl: string },
): Promise<ModerationResult> {
  const unchanged: ModerationResult = { applied: false, republishTour: null, republishHome: false };
  return applyOnce(
    db,
    { entityType: 'opinion', entityId: id, requestId, actor, now },
    async (trx, record): Promise<ModerationResult> => {
      const row = await findOpinion(trx, id);
      const before = moderation(row);
      const after = {
        status: change.status ?? before.status,
        homeViewable: change.homeViewable ?? before.homeViewable,
        tourViewable: change.tourViewable ?? before.tourViewable,
      };
      await trx
        .updateTable('travelerOpinions')
        .set({ status: after.status, homeViewable: after.homeViewable ? 1 : 0, tourViewable: after.tourViewable ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      if (after.status === 'ACTIVE' && row.email) {
        const claimed = await trx
          .updateTable('travelerOpinions')
          .set({ publishedMailAt: now.toISOString() })
          .where('id', '=', id)
          .where('publishedMailAt', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 1n) {
          await queueMail(trx, {
            type: 'OPINION_PUBLISHED',
            to: row.email,
            bookingId: row.bookingId,
            data: { name: row.name, tourName: row.tourName, tourLink: `${publicUrl.replace(/\/+$/, '')}/tour/${row.webSlug}` },
            now,
          });
        }
      }
      const action = change.status === 'ACTIVE' ? 'publish' : change.status === 'INACTIVE' ? 'hide' : 'visibility';
      await record({ action, before, after });
      const differs = JSON.stringify(before) !== JSON.stringify(after);
      return {
        applied: true,
        republishTour: differs && (inSnapshot(before) || inSnapshot(after)) ? row.tourId : null,
        republishHome: differs && (onHome(before) || onHome(after)),
      };
    },
    () => unchanged,
  );
}

/**
 * Adds the team's reply to a review (an opinion comment) and, when the review has an address, mails it
 * to the author (OPINION_REPLY) once: `email_reply_sent` is claimed in the mail's transaction. Answers
 * false for a press already applied.
 */
export async function replyToOpinion(db: Db, { id, requestId, actor, now, comment }: Press & { comment: string }): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'opinion', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const row = await findOpinion(trx, id);
      const commentId = randomUUID();
      await trx.insertInto('opinionComments').values({ id: commentId, opinionId: id, comment, emailReplySent: 0, createdAt: now.toISOString() }).execute();
      let mailed = false;
      if (row.email) {
        const claimed = await trx
          .updateTable('opinionComments')
          .set({ emailReplySent: 1 })
          .where('id', '=', commentId)
          .where('emailReplySent', '=', 0)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 1n) {
          await queueMail(trx, {
            type: 'OPINION_REPLY',
            to: row.email,
            bookingId: row.bookingId,
            data: { name: row.name, tourName: row.tourName, title: row.title, reply: comment },
            now,
          });
          mailed = true;
        }
      }
      await record({ action: 'reply', before: null, after: { commentId, comment, mailed } });
      return true;
    },
    () => false,
  );
}
