/**
 * The customise step (`/tour/{slug}/personaliza-el-viaje/{bookingId}`): the options of the booking's
 * departure (rooms, activities, packs, insurance) and each traveller's choices. A choice shows at once while
 * the server saves and reprices it; a refusal puts it back and says why (the server names what ran out).
 */
import { map } from 'nanostores';
import { NO_OPTIONAL_ACTIVITY_ID } from '#shared/constants.ts';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { ActivityView, CustomiseOptionsAnswer, ExtraView } from '#shared/schemas/bookings.ts';
import { fetchCustomiseOptions, patchBooking } from './booking.ts';

export type ChoiceChange = Partial<Pick<BookingTravelerEntry, 'reservationMode' | 'optionalActivities'>>;

export interface CustomiseStep {
  bookingId: string | null;
  options: CustomiseOptionsAnswer | null;
  /** Why the options could not be read or a choice was refused, in Spanish. */
  message: string | null;
  busy: boolean;
  /** The choice being saved, shown before the server answers; by traveller entry id. */
  pending: Record<string, ChoiceChange>;
  /** The booking's extras being saved, shown before the server answers. */
  pendingExtras: string[] | null;
}

const INITIAL: CustomiseStep = { bookingId: null, options: null, message: null, busy: false, pending: {}, pendingExtras: null };

export const $customiseStep = map<CustomiseStep>(INITIAL);

export async function loadCustomiseStep(bookingId: string): Promise<void> {
  $customiseStep.set({ ...INITIAL, bookingId });
  const result = await fetchCustomiseOptions(bookingId);
  if ($customiseStep.get().bookingId !== bookingId) return;
  if (result.ok) $customiseStep.setKey('options', result.data);
  else $customiseStep.setKey('message', result.message);
}

/** Saves one traveller's room or activities; the booking's view (and its quote) is read again after. */
export async function saveChoice(travellerId: string, change: ChoiceChange): Promise<boolean> {
  const { bookingId, busy } = $customiseStep.get();
  if (!bookingId || busy) return false;
  $customiseStep.set({ ...$customiseStep.get(), busy: true, message: null, pending: { [travellerId]: change } });
  const result = await patchBooking(bookingId, { travellers: [{ id: travellerId, ...change }] });
  $customiseStep.set({
    ...$customiseStep.get(),
    busy: false,
    pending: {},
    message: result.ok ? null : (Object.values(result.fields)[0] ?? result.message),
  });
  return result.ok;
}

/** Adds or takes off one of the tour's extras, for the whole booking. */
export async function toggleExtra(chosen: readonly string[], extra: Pick<ExtraView, 'id'>, on: boolean): Promise<boolean> {
  const { bookingId, busy } = $customiseStep.get();
  if (!bookingId || busy) return false;
  const extraIds = on ? [...chosen.filter((id) => id !== extra.id), extra.id] : chosen.filter((id) => id !== extra.id);
  $customiseStep.set({ ...$customiseStep.get(), busy: true, message: null, pendingExtras: extraIds });
  const result = await patchBooking(bookingId, { extraIds });
  $customiseStep.set({
    ...$customiseStep.get(),
    busy: false,
    pendingExtras: null,
    message: result.ok ? null : (Object.values(result.fields)[0] ?? result.message),
  });
  return result.ok;
}

/** The activities a traveller chose, without the '0' that means none. */
export const chosenActivities = (traveller: Pick<BookingTravelerEntry, 'optionalActivities'>): string[] =>
  traveller.optionalActivities.filter((id) => id !== NO_OPTIONAL_ACTIVITY_ID);

/** Adds or removes one activity (or insurance) of a traveller. */
export function toggleActivity(traveller: BookingTravelerEntry, activity: Pick<ActivityView, 'activityId'>, on: boolean): Promise<boolean> {
  const current = chosenActivities(traveller);
  const next = on ? [...current, activity.activityId] : current.filter((id) => id !== activity.activityId);
  return saveChoice(traveller.id, { optionalActivities: next });
}

/** The travellers as the screen shows them: the saved choices with the one being saved on top. */
export function withPending<T extends BookingTravelerEntry>(travellers: readonly T[], pending: CustomiseStep['pending']): T[] {
  return travellers.map((t) => ({ ...t, ...pending[t.id] }));
}

/** The options split as the screen lists them: rooms, then activities and packs, then insurance. */
export function splitOptions(options: CustomiseOptionsAnswer | null): { activities: ActivityView[]; insurance: ActivityView[] } {
  const all = options?.activities ?? [];
  return { activities: all.filter((a) => a.kind !== 'insurance'), insurance: all.filter((a) => a.kind === 'insurance') };
}
