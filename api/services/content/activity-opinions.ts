/**
 * Optional-activity reviews on the reviews desk (issue 14): newest first, filtered like tour reviews, and
 * published or hidden by staff, each press recorded in `staff_actions` (entity 'opinion', the review's id)
 * with its change and applied once per request id. No static page shows activity reviews: publishing one
 * changes what its author reads on /perfil/mis-resenas ('Publicada'), so nothing is rebuilt. Also the
 * history of any review, tour's or activity's, from the same record.
 */
import { readPage } from '../kit/paged-query.ts';
import { addDays } from '#shared/rules/dates.ts';
import {
  type ActivityOpinionListAnswer,
  type ActivityOpinionView,
  OPINION_ACTION_LABELS,
  OPINION_MESSAGES,
  OPINION_PAGE_SIZE,
  type OpinionHistoryEntry,
  type OpinionListQuery,
} from '#shared/schemas/opinions.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { type Actor, listStaffActions, applyOnce } from '../kit/apply-once.ts';

const baseQuery = (db: Db) =>
  db
    .selectFrom('optionalActivityOpinions')
    .innerJoin('optionalActivities', 'optionalActivities.id', 'optionalActivityOpinions.optionalActivityId')
    .innerJoin('periods', 'periods.id', 'optionalActivities.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .leftJoin('travelers', 'travelers.id', 'optionalActivityOpinions.travelerId');

const VIEW_COLUMNS = [
  'optionalActivityOpinions.id',
  'optionalActivities.id as activityId',
  'optionalActivities.name as activityName',
  'tours.id as tourId',
  'tours.name as tourName',
  'periods.id as periodId',
  'periods.dayOne',
  'travelers.name as travelerName',
  'travelers.surname as travelerSurname',
  'optionalActivityOpinions.rate',
  'optionalActivityOpinions.opinion',
  'optionalActivityOpinions.status',
  'optionalActivityOpinions.createdAt',
] as const;
const viewQuery = (db: Db) => baseQuery(db).select(VIEW_COLUMNS);

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

/** The author as the desk names them: first name and the surname's initial, as reviews are published. */
const toView = ({ travelerName, travelerSurname, ...row }: ViewRow): ActivityOpinionView => ({
  ...row,
  travelerName: travelerName ? `${travelerName}${travelerSurname ? ` ${travelerSurname.charAt(0)}.` : ''}` : null,
});

/** The activity reviews that match, newest first, one page of them, with what the filters offer. */
export async function listActivityOpinions(db: Db, query: OpinionListQuery): Promise<ActivityOpinionListAnswer> {
  const filtered = () =>
    baseQuery(db)
      .$if(query.tourId !== undefined, (qb) => qb.where('periods.tourId', '=', query.tourId as string))
      .$if(query.periodId !== undefined, (qb) => qb.where('periods.id', '=', query.periodId as string))
      .$if(query.status !== undefined, (qb) => qb.where('optionalActivityOpinions.status', '=', query.status as NonNullable<OpinionListQuery['status']>))
      .$if(query.from !== undefined, (qb) => qb.where('optionalActivityOpinions.createdAt', '>=', `${query.from}T00:00:00.000Z`))
      .$if(query.to !== undefined, (qb) =>
        qb.where('optionalActivityOpinions.createdAt', '<', `${addDays({ date: query.to as string, days: 1 })}T00:00:00.000Z`),
      );
  const [page, tours, periods] = await Promise.all([
    readPage(filtered, (q) => q.select(VIEW_COLUMNS).orderBy('optionalActivityOpinions.createdAt', 'desc').orderBy('optionalActivityOpinions.id', 'desc'), {
      page: query.page,
      pageSize: OPINION_PAGE_SIZE,
    }),
    baseQuery(db).select(['tours.id', 'tours.name']).distinct().orderBy('tours.name').orderBy('tours.id').execute(),
    query.tourId === undefined
      ? Promise.resolve([])
      : baseQuery(db)
          .select(['periods.id', 'periods.dayOne'])
          .distinct()
          .where('periods.tourId', '=', query.tourId)
          .orderBy('periods.dayOne', 'desc')
          .orderBy('periods.id')
          .execute(),
  ]);
  return { ...page, rows: page.rows.map(toView), tours, periods };
}

/** One activity review as the desk shows it; 404 for an unknown id. */
export async function activityOpinionView(db: Db, id: string): Promise<ActivityOpinionView> {
  const row = await viewQuery(db).where('optionalActivityOpinions.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(OPINION_MESSAGES.notFound);
  return toView(row);
}

/** Publishes or hides an activity review; false for a press already applied. */
export async function moderateActivityOpinion(
  db: Db,
  { id, requestId, status, actor, now }: { id: string; requestId: string; status: 'ACTIVE' | 'INACTIVE'; actor: Actor; now: Date },
): Promise<boolean> {
  return applyOnce(
    db,
    { entityType: 'opinion', entityId: id, requestId, actor, now },
    async (trx, record) => {
      const row = await trx.selectFrom('optionalActivityOpinions').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(OPINION_MESSAGES.notFound);
      await trx.updateTable('optionalActivityOpinions').set({ status }).where('id', '=', id).execute();
      await record({ action: status === 'ACTIVE' ? 'publish' : 'hide', before: { status: row.status }, after: { status } });
      return true;
    },
    () => false,
  );
}

const flag = (value: unknown, key: string) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** What one recorded action did, as staff read it in the history. */
function labelOf(action: string, before: unknown, after: unknown): string {
  if (action === 'visibility') {
    const changes: string[] = [];
    if (flag(before, 'homeViewable') !== flag(after, 'homeViewable'))
      changes.push(flag(after, 'homeViewable') ? 'Mostrada en la portada' : 'Quitada de la portada');
    if (flag(before, 'tourViewable') !== flag(after, 'tourViewable'))
      changes.push(flag(after, 'tourViewable') ? 'Mostrada en la página del viaje' : 'Quitada de la página del viaje');
    return changes.join('; ') || (OPINION_ACTION_LABELS.visibility as string);
  }
  if (action === 'reply') return flag(after, 'mailed') ? 'Respondida (enviada por correo)' : 'Respondida (sin correo)';
  return OPINION_ACTION_LABELS[action] ?? action;
}

/** Who did what to a review (tour or activity), newest first; 404 for an unknown review. */
export async function opinionHistory(db: Db, id: string): Promise<OpinionHistoryEntry[]> {
  const [tour, activity] = await Promise.all([
    db.selectFrom('travelerOpinions').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('optionalActivityOpinions').select('id').where('id', '=', id).executeTakeFirst(),
  ]);
  if (!tour && !activity) throw notFound(OPINION_MESSAGES.notFound);
  return (await listStaffActions(db, 'opinion', id)).map((a) => ({
    id: a.id,
    action: a.action,
    label: labelOf(a.action, a.before, a.after),
    actorEmail: a.actorEmail,
    createdAt: a.createdAt,
  }));
}
