/**
 * The guides of the guides' API tests: Marta (the guide caller of `callers.ts`) leads the departure p1 of
 * `insertDeparture` and a finished one, p-past; Kenji, another guide, leads p-not-web, and `alsoAssigned`
 * adds more (a co-guide).
 */
import type { Db } from '../../api/db/database.ts';
import { day } from './booking-fixtures.ts';

export async function insertGuidedDepartures(
  db: Db,
  { pastDayOne, alsoAssigned = [] }: { pastDayOne: number; alsoAssigned?: { guideId: string; periodId: string }[] },
): Promise<void> {
  await db
    .insertInto('periods')
    .values({
      id: 'p-past',
      tourId: 't1',
      name: 'Salida pasada',
      dayOne: day(pastDayOne),
      returnDate: day(pastDayOne + 9),
      numberOfDays: 10,
      bookableAvailability: 0,
      webBookable: 0,
      publishWeb: 1,
    })
    .execute();
  await db.insertInto('guides').values({ id: 'guide-kenji', email: 'kenji@different.demo', name: 'Kenji' }).execute();
  await db
    .insertInto('guidePeriods')
    .values([
      { guideId: 'guide-marta', periodId: 'p1' },
      { guideId: 'guide-marta', periodId: 'p-past' },
      { guideId: 'guide-kenji', periodId: 'p-not-web' },
      ...alsoAssigned,
    ])
    .execute();
}
