/**
 * Rows that belong to a departure, read with their departure (`periods`) and tour joined: where the
 * back office's and the guides' reads of them start.
 */
import type { Db, Trx } from '../../db/database.ts';

/** A departure's optional activities. */
export const activityTrips = (db: Db | Trx) =>
  db.selectFrom('optionalActivities').innerJoin('periods', 'periods.id', 'optionalActivities.periodId').innerJoin('tours', 'tours.id', 'periods.tourId');

/** The waiting list of each departure. */
export const waitingListTrips = (db: Db | Trx) =>
  db.selectFrom('waitingListEntries').innerJoin('periods', 'periods.id', 'waitingListEntries.periodId').innerJoin('tours', 'tours.id', 'periods.tourId');

/** The segments of every flight, with their journey and flight. */
export const flightSegmentRows = (db: Db | Trx) =>
  db
    .selectFrom('flightSegments')
    .innerJoin('flightJourneys', 'flightJourneys.id', 'flightSegments.journeyId')
    .innerJoin('flights', 'flights.id', 'flightJourneys.flightId');

/** Departures with their tour. */
export const periodTours = (db: Db | Trx) => db.selectFrom('periods').innerJoin('tours', 'tours.id', 'periods.tourId');
