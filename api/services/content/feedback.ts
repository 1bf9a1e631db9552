/**
 * Writing a review from a feedback link (issue 13): what the link is for, whether it is still good, and
 * the review itself, saved as DRAFT (pending moderation: the catalogue snapshot publishes only ACTIVE
 * reviews shown on the tour page). Once per booking, traveller and activity: the unique indexes decide,
 * so a link pressed twice, or open in two tabs, saves one review.
 */
import { bookingTrips } from '../bookings/queries.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaDir } from '#content-build/site-folder.ts';
import { activitiesToReview, NEW_REVIEW_STATUS, type ReviewableActivity, reviewerName } from '#shared/rules/reviews.ts';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type ActivityFeedback, type FeedbackLinkView, type TourFeedback } from '#shared/schemas/feedback.ts';
import type { Config } from '../../config.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { AppError, invalidFields, notFound } from '../../errors.ts';
import { parseTravellers } from '../bookings/records.ts';
import { detectImageType, storeUploadedImage } from '../files/uploads.ts';
import type { FeedbackSubject } from './feedback-links.ts';

export const linkInvalid = () => notFound(FEEDBACK_MESSAGES.linkInvalid);
export const linkExpired = () => notFound(FEEDBACK_MESSAGES.linkExpired);
export const linkUsed = () => new AppError('CONFLICT', FEEDBACK_MESSAGES.linkUsed);

/**
 * The reviews a traveller still owes a booking: its tour (unless written) and each optional activity
 * its travellers took (`activitiesToReview`) that this traveller has not reviewed yet.
 */
export async function reviewsToWrite(
  db: Db,
  { bookingId, travelerId, periodId, travelersStringify }: { bookingId: string; travelerId: string; periodId: string; travelersStringify: string },
): Promise<{ tour: boolean; activities: ReviewableActivity[] }> {
  const [tourReview, activityReviews, activities, packs] = await Promise.all([
    db.selectFrom('travelerOpinions').select('id').where('bookingId', '=', bookingId).where('travelerId', '=', travelerId).executeTakeFirst(),
    db.selectFrom('optionalActivityOpinions').select('optionalActivityId').where('bookingId', '=', bookingId).where('travelerId', '=', travelerId).execute(),
    db
      .selectFrom('optionalActivities')
      .select(['id', 'activityId', 'name', 'productType', 'subtype'])
      .where('periodId', '=', periodId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db.selectFrom('activityPacks').select(['activityId', 'multipleActivityIds']).where('periodId', '=', periodId).execute(),
  ]);
  const reviewed = new Set(activityReviews.map((r) => r.optionalActivityId));
  const booked = parseTravellers(travelersStringify).map((t) => t.optionalActivities);
  return {
    tour: tourReview === undefined,
    activities: activitiesToReview({ booked, activities, packs }).filter((a) => !reviewed.has(a.id)),
  };
}

/** A link's booking as the review needs it, once the link proves to be good. */
interface FeedbackTarget {
  view: FeedbackLinkView;
  tourId: string;
  reviewer: { email: string | null };
}

/**
 * What a verified link is for, or the reason it cannot be used: the booking must still be a CONFIRMED
 * trip of that departure held by (or travelled on by) that traveller, the activity one its travellers
 * took, and the review not written yet (409).
 */
export async function loadFeedbackTarget(db: Db, subject: FeedbackSubject): Promise<FeedbackTarget> {
  const booking = await bookingTrips(db)
    .select([
      'bookings.id',
      'bookings.travelerId',
      'bookings.travelersStringify',
      'periods.dayOne',
      'periods.returnDate',
      'tours.id as tourId',
      'tours.name as tourName',
    ])
    .where('bookings.id', '=', subject.bookingId)
    .where('bookings.periodId', '=', subject.periodId)
    .where('bookings.status', '=', 'CONFIRMED')
    .executeTakeFirst();
  const traveler = await db.selectFrom('travelers').select(['name', 'surname', 'email']).where('id', '=', subject.travelerId).executeTakeFirst();
  if (!booking || !traveler) throw linkInvalid();
  if (booking.travelerId !== subject.travelerId) {
    const onBoard = await db
      .selectFrom('bookingTravelers')
      .select('id')
      .where('bookingId', '=', booking.id)
      .where('travelerId', '=', subject.travelerId)
      .executeTakeFirst();
    if (!onBoard) throw linkInvalid();
  }
  const owed = await reviewsToWrite(db, {
    bookingId: booking.id,
    travelerId: subject.travelerId,
    periodId: subject.periodId,
    travelersStringify: booking.travelersStringify,
  });
  let activityName: string | null = null;
  if (subject.kind === 'activity') {
    const activity = await db
      .selectFrom('optionalActivities')
      .select(['id', 'name'])
      .where('id', '=', subject.activityId)
      .where('periodId', '=', subject.periodId)
      .executeTakeFirst();
    if (!activity) throw linkInvalid();
    if (!owed.activities.some((a) => a.id === activity.id)) {
      const written = await db
        .selectFrom('optionalActivityOpinions')
        .select('id')
        .where('bookingId', '=', booking.id)
        .where('travelerId', '=', subject.travelerId)
        .where('optionalActivityId', '=', activity.id)
        .executeTakeFirst();
      throw written ? linkUsed() : linkInvalid();
    }
    activityName = activity.name;
  } else if (!owed.tour) {
    throw linkUsed();
  }
  return {
    view: {
      kind: subject.kind,
      tourName: booking.tourName,
      dayOne: booking.dayOne,
      returnDate: booking.returnDate,
      activityName,
      travelerName: traveler.name.trim().split(/\s+/)[0] || null,
      publicName: reviewerName(traveler),
    },
    tourId: booking.tourId,
    reviewer: { email: traveler.email },
  };
}

/** An uploaded photo as the route read it from the form. */
export interface FeedbackPhoto {
  name: string;
  bytes: Uint8Array;
}

/**
 * Refuses, with the feedback screen's own messages, a photo over the limit or one that is not an image by
 * its bytes, before anything is written.
 */
export function checkFeedbackPhoto(photo: FeedbackPhoto): void {
  if (photo.bytes.byteLength > FEEDBACK_LIMITS.photoMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', FEEDBACK_MESSAGES.photoTooLarge, { photo: FEEDBACK_MESSAGES.photoTooLarge });
  if (!detectImageType(photo.bytes)) throw invalidFields({ photo: FEEDBACK_MESSAGES.photoNotImage }, FEEDBACK_MESSAGES.photoNotImage);
}

/**
 * Saves a tour review as DRAFT, with its photo under `opinions/{id}/` (the CMS upload pipeline: type from
 * the bytes, a safe name, variants), kept in `thumbnail` for the moderation screen. A second save of the
 * same link loses on the unique index: its photo is removed and it answers 409.
 */
export async function saveTourReview(
  db: Db,
  {
    subject,
    review,
    photo,
    config,
    now,
  }: {
    subject: Extract<FeedbackSubject, { kind: 'tour' }>;
    review: TourFeedback;
    photo: FeedbackPhoto | null;
    config: Pick<Config, 'filesDir' | 'siteDir' | 'authSecret'>;
    now: Date;
  },
): Promise<{ id: string }> {
  const target = await loadFeedbackTarget(db, subject);
  const id = crypto.randomUUID();
  const folder = `opinions/${id}`;
  let thumbnail: string | null = null;
  if (photo) {
    checkFeedbackPhoto(photo);
    const stored = await storeUploadedImage({
      filesDir: config.filesDir,
      mediaDir: mediaDir(config.siteDir),
      folder,
      name: photo.name,
      bytes: photo.bytes,
      maxBytes: FEEDBACK_LIMITS.photoMaxBytes,
      secret: config.authSecret,
      now,
    }).catch(async (error: unknown) => {
      await rm(join(config.filesDir, folder), { recursive: true, force: true });
      // Size and type were checked above: what the pipeline still refuses is a file that does not decode.
      throw error instanceof AppError ? invalidFields({ photo: FEEDBACK_MESSAGES.photoUnreadable }, FEEDBACK_MESSAGES.photoUnreadable) : error;
    });
    thumbnail = stored.key;
  }
  try {
    await db
      .insertInto('travelerOpinions')
      .values({
        id,
        bookingId: subject.bookingId,
        travelerId: subject.travelerId,
        periodId: subject.periodId,
        tourId: target.tourId,
        title: review.title,
        name: target.view.publicName,
        email: target.reviewer.email,
        description: review.description,
        thumbnail,
        avatar: null,
        rate: review.rate,
        rateGuide: review.rateGuide,
        rateDestination: review.rateDestination,
        ratePriceQuality: review.ratePriceQuality,
        rateAccomodation: review.rateAccomodation,
        rateActivities: review.rateActivities,
        // Shown on the tour page once the team publishes it (ACTIVE); never on the home page unless they choose.
        homeViewable: 0,
        tourViewable: 1,
        urlFolder: thumbnail ? folder : null,
        status: NEW_REVIEW_STATUS,
        type: 'TravelerOpinion',
        createdAt: now.toISOString(),
      })
      .execute();
  } catch (error) {
    if (thumbnail) await rm(join(config.filesDir, folder), { recursive: true, force: true });
    if (isUniqueViolation(error)) throw linkUsed();
    throw error;
  }
  return { id };
}

/** Saves an optional activity's review as DRAFT; a second save of the same link answers 409. */
export async function saveActivityReview(
  db: Db,
  { subject, review, now }: { subject: Extract<FeedbackSubject, { kind: 'activity' }>; review: ActivityFeedback; now: Date },
): Promise<{ id: string }> {
  await loadFeedbackTarget(db, subject);
  const id = crypto.randomUUID();
  try {
    await db
      .insertInto('optionalActivityOpinions')
      .values({
        id,
        optionalActivityId: subject.activityId,
        bookingId: subject.bookingId,
        travelerId: subject.travelerId,
        rate: review.rate,
        opinion: review.opinion,
        status: NEW_REVIEW_STATUS,
        createdAt: now.toISOString(),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw linkUsed();
    throw error;
  }
  return { id };
}
