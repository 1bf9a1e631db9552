/** Price rows as the catalogue reads them. */
import type { Db, Trx } from '../../db/database.ts';

/** The prices of a tour or of a departure itself: not those of one of its flights, activities, packs or rooms. */
export const ownPrices = (db: Db | Trx) =>
  db
    .selectFrom('prices')
    .where('flightId', 'is', null)
    .where('optionalActivityId', 'is', null)
    .where('activityPackId', 'is', null)
    .where('reservationModeId', 'is', null);
