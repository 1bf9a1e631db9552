/**
 * What the customise step offers for a booking's departure: its rooms (reservation modes) and the optional
 * activities, packs and insurance the spec counts (`listBookableOptions`, applied by `loadPeriodOffer`), with
 * the names, texts and seats the step shows. Prices are per traveller of each age group, as the quote
 * charges them (an age group without its own price pays the adult one). Then the tour's extras, for the
 * whole booking.
 */
import { isInsurance, parsePackMemberIds } from '#shared/rules/activities.ts';
import { AGE_GROUPS } from '#shared/enums.ts';
import { type AgePrice, findPriceForAgeGroup } from '#shared/rules/prices.ts';
import type { ActivityView, CustomiseOptionsAnswer, ExtraView, OptionPrice, ReservationModeView } from '#shared/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { loadPeriodOffer, periodNotFound } from './quote.ts';
import { heldSeatsOf } from './seat-holds.ts';

/** One price per age group, the one a standard traveller of that group is charged. */
function pricesPerAgeGroup(prices: readonly AgePrice[]): OptionPrice[] {
  return AGE_GROUPS.flatMap((ageGroupName) => {
    const valueCents = findPriceForAgeGroup({ prices, ageGroup: ageGroupName });
    return valueCents === null ? [] : [{ ageGroupName, valueCents }];
  });
}

const KIND_ORDER: Record<ActivityView['kind'], number> = { activity: 0, pack: 1, insurance: 2 };

/**
 * `GET /bookings/:id/options`: rooms first as stored, then activities, packs and insurance. What is left
 * counts the seats this booking itself holds as free: they are its own to choose again.
 */
export async function listCustomiseOptions(
  db: Db,
  { periodId, bookingId, extraIds }: { periodId: string; bookingId: string; extraIds: readonly string[] },
): Promise<CustomiseOptionsAnswer> {
  const offer = await loadPeriodOffer(db, periodId);
  if (!offer) throw periodNotFound();
  const [modes, rows, packs, held] = await Promise.all([
    db.selectFrom('reservationModes').select(['id', 'name', 'comment', 'shareRoom', 'availability']).where('periodId', '=', periodId).execute(),
    db.selectFrom('optionalActivities').select(['id', 'activityId', 'name', 'webInfo', 'bookableAvailability']).where('periodId', '=', periodId).execute(),
    db.selectFrom('activityPacks').select(['id', 'name', 'webInfo', 'multipleActivityIds']).where('periodId', '=', periodId).execute(),
    heldSeatsOf(db, bookingId),
  ]);
  const activities = rows.map((a) => ({ ...a, bookableAvailability: a.bookableAvailability + (held.get(`optional_activity:${a.id}`) ?? 0) }));
  const modeById = new Map(modes.map((m) => [m.id, m]));
  const activityById = new Map(activities.map((a) => [a.id, a]));
  const packById = new Map(packs.map((p) => [p.id, p]));
  const activityByActivityId = new Map(activities.map((a) => [a.activityId, a]));

  // The offer already left out deleted rooms; its order (by id) is kept.
  const reservationModes = offer.reservationModes.flatMap((mode): ReservationModeView[] => {
    const row = modeById.get(mode.id);
    if (!row) return [];
    return [
      {
        activityId: mode.activityId,
        name: row.name,
        places: mode.places,
        comment: row.comment,
        shareRoom: row.shareRoom === 1,
        availability: row.availability + (held.get(`reservation_mode:${row.id}`) ?? 0),
        prices: pricesPerAgeGroup(mode.prices),
      },
    ];
  });

  const options = offer.activities.flatMap((option): ActivityView[] => {
    const pack = packById.get(option.id);
    if (pack) {
      const members = parsePackMemberIds(pack)
        .map((id) => activityByActivityId.get(id))
        .filter((m) => m !== undefined);
      return [
        {
          activityId: option.activityId,
          name: pack.name,
          webInfo: pack.webInfo,
          kind: 'pack',
          // A pack is as available as its scarcest member: it takes a seat on each (one without members takes none).
          availability: members.length === 0 ? offer.period.bookableAvailability : Math.min(...members.map((m) => m.bookableAvailability)),
          prices: pricesPerAgeGroup(option.prices),
          includes: members.map((m) => m.name),
        },
      ];
    }
    const row = activityById.get(option.id);
    if (!row) return [];
    return [
      {
        activityId: option.activityId,
        name: row.name,
        webInfo: row.webInfo,
        kind: isInsurance(option) ? 'insurance' : 'activity',
        availability: row.bookableAvailability,
        prices: pricesPerAgeGroup(option.prices),
        includes: [],
      },
    ];
  });
  // A withdrawn extra stays listed for the booking that chose it, so it can be taken off.
  const extras = offer.extras
    .filter((e) => e.active || extraIds.includes(e.id))
    .map(({ id, name, description, amountCents, basis }): ExtraView => ({ id, name, description, amountCents, basis }));
  return { reservationModes, activities: options.toSorted((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]), extras };
}
