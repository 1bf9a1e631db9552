/** Which optional activities, packs and insurance a period offers. */
import { ADULT_AGE_GROUP, INSURANCE_PRODUCT_TYPE, RENTAL_CAR_SUBTYPE } from '../constants.ts';
import type { ActivityPack, OptionalActivity } from '../entities/index.ts';
import type { AgePrice } from './prices.ts';

/** "Insurance means optional activities with product_type 'Seguros'." */
export function isInsurance(activity: { productType: string | null }): boolean {
  return activity.productType === INSURANCE_PRODUCT_TYPE;
}

export type CountableActivity = Pick<OptionalActivity, 'subtype'> & { prices: readonly AgePrice[] };

/** "A single optional activity counts only if it is not a rental car and some price is above 0." */
export function countsAsOptionalActivity(activity: CountableActivity): boolean {
  return activity.subtype !== RENTAL_CAR_SUBTYPE && activity.prices.some((price) => price.valueCents > 0);
}

/** The member activity ids of a pack, from its comma-separated `multipleActivityIds`. */
export function parsePackMemberIds(pack: Pick<ActivityPack, 'multipleActivityIds'>): string[] {
  return pack.multipleActivityIds
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * "An activity pack counts only if it has an adult price and every member activity has bookable_availability
 * above 0." Members are matched by `activityId`; a member missing from `activities` cannot be checked and so
 * does not count as available.
 */
export function countsAsActivityPack({
  pack,
  activities,
}: {
  pack: Pick<ActivityPack, 'multipleActivityIds'> & { prices: readonly AgePrice[] };
  activities: readonly Pick<OptionalActivity, 'activityId' | 'bookableAvailability'>[];
}): boolean {
  const hasAdultPrice = pack.prices.some((price) => price.ageGroupName === ADULT_AGE_GROUP);
  return (
    hasAdultPrice &&
    parsePackMemberIds(pack).every((id) => {
      const member = activities.find((activity) => activity.activityId === id);
      return member !== undefined && member.bookableAvailability > 0;
    })
  );
}

/**
 * What the customise step offers for a period: counting optional activities split into insurance and the
 * rest, and the counting packs. Insurance passes the same counting rule as any optional activity.
 */
export function listBookableOptions<
  A extends CountableActivity & Pick<OptionalActivity, 'activityId' | 'bookableAvailability' | 'productType'>,
  P extends Pick<ActivityPack, 'multipleActivityIds'> & { prices: readonly AgePrice[] },
>({ optionalActivities, packs }: { optionalActivities: readonly A[]; packs: readonly P[] }): { activities: A[]; insurance: A[]; packs: P[] } {
  const counting = optionalActivities.filter(countsAsOptionalActivity);
  return {
    activities: counting.filter((activity) => !isInsurance(activity)),
    insurance: counting.filter(isInsurance),
    packs: packs.filter((pack) => countsAsActivityPack({ pack, activities: optionalActivities })),
  };
}
