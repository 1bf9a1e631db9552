/**
 * `/perfil/mis-resenas`: the signed-in traveller's own reviews, tour and activity, with what their status
 * means to them, and the trips back home still waiting for one, each with fresh feedback links signed for
 * this traveller. Only reviews this traveller wrote; another traveller's review is answered as missing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isReviewDue, reviewStatusOf } from '#shared/rules/reviews.ts';
import type { MyReview, MyReviewsAnswer, TripAwaitingReview } from '#shared/schemas/feedback.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { detectImageType } from '../files/uploads.ts';
import { feedbackPath } from './feedback-links.ts';
import { reviewsToWrite } from './feedback.ts';
import { linkedBookingsQuery } from '../people/linked.ts';

export const reviewNotFound = () => notFound('No encontramos esa reseña entre las tuyas.');

const photoPath = (id: string) => `/api/me/reviews/${encodeURIComponent(id)}/photo`;

async function ownReviews(db: Db, travelerId: string): Promise<MyReview[]> {
  const [tours, activities] = await Promise.all([
    db
      .selectFrom('travelerOpinions')
      .innerJoin('tours', 'tours.id', 'travelerOpinions.tourId')
      .selectAll('travelerOpinions')
      .select('tours.name as tourName')
      .where('travelerOpinions.travelerId', '=', travelerId)
      .execute(),
    db
      .selectFrom('optionalActivityOpinions')
      .innerJoin('optionalActivities', 'optionalActivities.id', 'optionalActivityOpinions.optionalActivityId')
      .innerJoin('periods', 'periods.id', 'optionalActivities.periodId')
      .innerJoin('tours', 'tours.id', 'periods.tourId')
      .selectAll('optionalActivityOpinions')
      .select(['optionalActivities.name as activityName', 'tours.name as tourName'])
      .where('optionalActivityOpinions.travelerId', '=', travelerId)
      .execute(),
  ]);
  const reviews: MyReview[] = [
    ...tours.map((r) => ({
      id: r.id,
      kind: 'tour' as const,
      bookingId: r.bookingId,
      tourName: r.tourName,
      activityName: null,
      rate: r.rate,
      ratings: {
        rateGuide: r.rateGuide,
        rateDestination: r.rateDestination,
        ratePriceQuality: r.ratePriceQuality,
        rateAccomodation: r.rateAccomodation,
        rateActivities: r.rateActivities,
      },
      title: r.title,
      text: r.description,
      status: reviewStatusOf({ status: r.status, tourViewable: r.tourViewable === 1 }),
      createdAt: r.createdAt,
      photoUrl: r.thumbnail ? photoPath(r.id) : null,
    })),
    ...activities.map((r) => ({
      id: r.id,
      kind: 'activity' as const,
      bookingId: r.bookingId,
      tourName: r.tourName,
      activityName: r.activityName,
      rate: r.rate,
      ratings: null,
      title: null,
      text: r.opinion,
      // An activity review has no tour page of its own to be kept off.
      status: reviewStatusOf({ status: r.status, tourViewable: true }),
      createdAt: r.createdAt,
      photoUrl: null,
    })),
  ];
  return reviews.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** Past CONFIRMED trips the traveller holds or travelled on that still owe a review, newest return first. */
async function tripsAwaitingReview(
  db: Db,
  { travelerId, today, config, now }: { travelerId: string; today: string; config: Pick<Config, 'authSecret'>; now: Date },
): Promise<TripAwaitingReview[]> {
  const trips = await linkedBookingsQuery(db, travelerId).select('bookings.periodId').where('bookings.status', '=', 'CONFIRMED').execute();
  const waiting: TripAwaitingReview[] = [];
  for (const trip of trips.filter((t) => isReviewDue({ status: t.status, returnDate: t.returnDate, today }))) {
    const owed = await reviewsToWrite(db, { bookingId: trip.id, travelerId, periodId: trip.periodId, travelersStringify: trip.travelersStringify });
    if (!owed.tour && owed.activities.length === 0) continue;
    const base = { bookingId: trip.id, travelerId, periodId: trip.periodId };
    waiting.push({
      bookingId: trip.id,
      tourName: trip.tourName,
      dayOne: trip.dayOne,
      returnDate: trip.returnDate,
      tourLink: owed.tour ? await feedbackPath({ kind: 'tour', ...base }, config, now) : null,
      activities: await Promise.all(
        owed.activities.map(async (a) => ({ id: a.id, name: a.name, link: await feedbackPath({ kind: 'activity', ...base, activityId: a.id }, config, now) })),
      ),
    });
  }
  return waiting.sort((a, b) => b.returnDate.localeCompare(a.returnDate) || a.bookingId.localeCompare(b.bookingId));
}

export async function listMyReviews(
  db: Db,
  { travelerId, config, now }: { travelerId: string; config: Pick<Config, 'authSecret'>; now: Date },
): Promise<MyReviewsAnswer> {
  const today = now.toISOString().slice(0, 10);
  const [reviews, waiting] = await Promise.all([ownReviews(db, travelerId), tripsAwaitingReview(db, { travelerId, today, config, now })]);
  return { reviews, waiting };
}

/** The photo of one of the traveller's own tour reviews, as stored, with its type read from the bytes. */
export async function readMyReviewPhoto(
  db: Db,
  { travelerId, reviewId, filesDir }: { travelerId: string; reviewId: string; filesDir: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await db.selectFrom('travelerOpinions').select('thumbnail').where('id', '=', reviewId).where('travelerId', '=', travelerId).executeTakeFirst();
  if (!row?.thumbnail || row.thumbnail.includes('..')) throw reviewNotFound();
  const bytes = await readFile(join(filesDir, row.thumbnail)).catch(() => null);
  const type = bytes ? detectImageType(bytes) : null;
  if (!bytes || !type) throw reviewNotFound();
  return { bytes, contentType: `image/${type}` };
}
