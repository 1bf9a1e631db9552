/**
 * The feedback of one departure (/admin/tour/{tourID}/survey/{id}): averages and distribution of each
 * rating, the comments, the response rate, and the same as a CSV for a spreadsheet. A departure has tens
 * of reviews, so they are read whole and summed here rather than in SQL, the same on both engines.
 */
import { periodTours } from '../catalogue/trips.ts';
import { stringify } from 'csv-stringify/sync';
import { isInsurance } from '#shared/rules/activities.ts';
import { formatRating } from '#shared/rules/labels.ts';
import { TOUR_RATINGS } from '#shared/schemas/feedback.ts';
import { MODERATION_STATUS_LABELS, type ModerationStatus } from '#shared/schemas/opinions.ts';
import { type RatingSummary, SURVEY_MESSAGES, SURVEY_STARS, starOf, type TourSurveyView } from '#shared/schemas/tour-survey.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';

/** How a set of ratings sums up: how many, their mean and how many gave each star. */
function summarise(values: readonly number[]): Pick<RatingSummary, 'count' | 'average' | 'distribution'> {
  const distribution = SURVEY_STARS.map((star) => values.filter((v) => starOf(v) === star).length);
  const average = values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;
  return { count: values.length, average, distribution };
}

interface SurveyIds {
  tourId: string;
  periodId: string;
}

/** The departure's reviews as read, and what they sum up to; 404 when the departure is not of that tour. */
async function readSurvey(db: Db, { tourId, periodId }: SurveyIds) {
  const period = await periodTours(db)
    .select(['periods.id', 'periods.dayOne', 'periods.returnDate', 'tours.id as tourId', 'tours.name as tourName', 'tours.webSlug'])
    .where('periods.id', '=', periodId)
    .where('periods.tourId', '=', tourId)
    .executeTakeFirst();
  if (!period) throw notFound(SURVEY_MESSAGES.notFound);

  const [opinions, travellers, bookings, activityOpinions, optionalActivities, confirmed] = await Promise.all([
    db
      .selectFrom('travelerOpinions')
      .selectAll()
      .where('periodId', '=', periodId)
      .where('tourId', '=', tourId)
      .where('status', '!=', 'DELETED')
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bookingTravelers')
      .innerJoin('bookings', 'bookings.id', 'bookingTravelers.bookingId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bookings.periodId', '=', periodId)
      .where('bookings.status', '=', 'CONFIRMED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .leftJoin('feedbackRequests', 'feedbackRequests.bookingId', 'bookings.id')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('feedbackRequests.bookingId').as('mailed')])
      .where('bookings.periodId', '=', periodId)
      .where('bookings.status', '=', 'CONFIRMED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('optionalActivityOpinions')
      .innerJoin('optionalActivities', 'optionalActivities.id', 'optionalActivityOpinions.optionalActivityId')
      .select([
        'optionalActivityOpinions.id',
        'optionalActivityOpinions.rate',
        'optionalActivityOpinions.opinion',
        'optionalActivityOpinions.status',
        'optionalActivityOpinions.createdAt',
        'optionalActivities.id as activityId',
        'optionalActivities.name as activityName',
      ])
      .where('optionalActivities.periodId', '=', periodId)
      .where('optionalActivityOpinions.status', '!=', 'DELETED')
      .orderBy('optionalActivities.name')
      .orderBy('optionalActivities.id')
      .orderBy('optionalActivityOpinions.createdAt', 'desc')
      .orderBy('optionalActivityOpinions.id')
      .execute(),
    db.selectFrom('optionalActivities').select(['id', 'name', 'productType']).where('periodId', '=', periodId).orderBy('name').orderBy('id').execute(),
    db.selectFrom('bookings').select('id').where('periodId', '=', periodId).where('status', '=', 'CONFIRMED').execute(),
  ]);

  const ratings = TOUR_RATINGS.map(({ field, label }) => ({
    field,
    label,
    ...summarise(opinions.map((o) => o[field]).filter((v): v is number => v !== null)),
  }));
  const activities = new Map<string, TourSurveyView['activities'][number]>();
  for (const a of activityOpinions) {
    const entry = activities.get(a.activityId) ?? { id: a.activityId, name: a.activityName, reviews: 0, average: null, distribution: [], comments: [] };
    if (a.opinion?.trim()) entry.comments.push({ id: a.id, rate: a.rate, opinion: a.opinion, status: a.status, createdAt: a.createdAt });
    activities.set(a.activityId, entry);
  }
  for (const entry of activities.values()) {
    const { count, average, distribution } = summarise(activityOpinions.filter((a) => a.activityId === entry.id).map((a) => a.rate));
    Object.assign(entry, { reviews: count, average, distribution });
  }
  const travellerCount = Number(travellers.n);
  // A review answers for one traveller of one booking (ADR 020's once): those of the departure's confirmed bookings.
  const confirmedIds = new Set(confirmed.map((b) => b.id));
  const answered = opinions.filter((o) => o.bookingId !== null && confirmedIds.has(o.bookingId)).length;
  const view: TourSurveyView = {
    tour: { id: period.tourId, name: period.tourName, slug: period.webSlug },
    period: { id: period.id, dayOne: period.dayOne, returnDate: period.returnDate },
    reviews: opinions.length,
    travellers: travellerCount,
    bookings: Number(bookings.n),
    requestsSent: Number(bookings.mailed),
    answered,
    responseRate: travellerCount > 0 ? answered / travellerCount : null,
    ratings,
    comments: opinions
      .filter((o) => o.description?.trim() || o.title?.trim())
      .map((o) => ({ id: o.id, name: o.name, title: o.title, description: o.description, rate: o.rate, status: o.status, createdAt: o.createdAt })),
    activities: [...activities.values()],
    optionalActivities: optionalActivities.filter((a) => !isInsurance(a)).map(({ id, name }) => ({ id, name })),
  };
  return { view, opinions, activityOpinions };
}

/** The feedback of departure `periodId` of tour `tourId`; 404 when the departure is not of that tour. */
export async function tourSurvey(db: Db, ids: SurveyIds): Promise<TourSurveyView> {
  return (await readSurvey(db, ids)).view;
}

const statusLabel = (status: string) => MODERATION_STATUS_LABELS[status as ModerationStatus] ?? status;
const rating = (value: number | null) => (value === null ? '' : formatRating(value));

/**
 * The departure's reviews as a CSV for Excel in Spanish: a byte-order mark so the accents read as UTF-8,
 * `;` between fields and a decimal comma (Spanish Excel's list separator and decimal mark, so the file
 * opens in columns with numbers it can add up), and a cell that starts like a formula is quoted as text.
 * One line per review, with or without words: the tour's newest first, then each optional activity's.
 */
export async function tourSurveyCsv(db: Db, ids: SurveyIds): Promise<{ filename: string; body: string }> {
  const { view, opinions, activityOpinions } = await readSurvey(db, ids);
  const header = ['Tipo', 'Actividad', 'Fecha', 'Nombre', 'Estado', ...TOUR_RATINGS.map((r) => r.label), 'Título', 'Comentario'];
  const tourRows = opinions.map((o) => [
    'Tour',
    '',
    o.createdAt.slice(0, 10),
    o.name,
    statusLabel(o.status),
    ...TOUR_RATINGS.map(({ field }) => rating(o[field])),
    o.title ?? '',
    o.description ?? '',
  ]);
  const otherRatings = TOUR_RATINGS.slice(1).map(() => '');
  const activityRows = activityOpinions.map((a) => [
    'Actividad opcional',
    a.activityName,
    a.createdAt.slice(0, 10),
    '',
    statusLabel(a.status),
    rating(a.rate),
    ...otherRatings,
    '',
    a.opinion ?? '',
  ]);
  const csv = stringify([header, ...tourRows, ...activityRows], { delimiter: ';', record_delimiter: 'windows', escape_formulas: true });
  return { filename: `encuesta-${view.tour.slug}-${view.period.dayOne}.csv`, body: `\uFEFF${csv}` };
}
