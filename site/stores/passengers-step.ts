/**
 * The passengers step (`/tour/{slug}/pasajeros/{bookingId}`): every traveller's reservation fields and who
 * shares each room. What is typed lives in the funnel store (sessionStorage, `passengerDrafts`) until it is
 * saved, so a reload loses nothing. The server's rules (`findPassengerProblems`, the fields' schema) run
 * here before saving, with the server's field names, and the server checks again.
 */
import { map } from 'nanostores';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import { assignRooms, findPassengerProblems, groupRoommates } from '#shared/rules/passengers.ts';
import { ReservationFieldsSchema, type ReservationModeView } from '#shared/schemas/bookings.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { $funnel, $view, type BookingView, fetchCustomiseOptions, patchBooking } from './booking.ts';

export const PASSENGER_FIELDS = ['name', 'surname', 'email', 'national_id', 'passport', 'birthdate', 'nationality', 'phone'] as const;
export type PassengerField = (typeof PASSENGER_FIELDS)[number];

export interface PassengersStep {
  bookingId: string | null;
  /** The departure's room types, to ask who shares a room. */
  modes: ReservationModeView[];
  /** The room number (1, 2…) of each traveller within their room type, by traveller entry id. */
  rooms: Record<string, number>;
  /** Messages by field: `travellers.{i}.{field}` and `roommates…`, as the API names them. */
  fields: Record<string, string>;
  message: string | null;
  busy: boolean;
}

const INITIAL: PassengersStep = { bookingId: null, modes: [], rooms: {}, fields: {}, message: null, busy: false };

export const $passengersStep = map<PassengersStep>(INITIAL);

/** Reads the room types once the booking's view (`$view`) is loaded; the rooms start as the booking has them. */
export async function loadPassengersStep(bookingId: string): Promise<void> {
  $passengersStep.set({ ...INITIAL, bookingId });
  const result = await fetchCustomiseOptions(bookingId);
  const view = $view.get();
  if (!result.ok || $passengersStep.get().bookingId !== bookingId || view?.id !== bookingId) return;
  const modes = result.data.reservationModes;
  $passengersStep.set({ ...$passengersStep.get(), modes, rooms: assignRooms({ travellers: view.travellers, roommates: view.roommates, modes }) });
}

export function setRoom(travellerId: string, room: number): void {
  $passengersStep.setKey('rooms', { ...$passengersStep.get().rooms, [travellerId]: room });
}

/** A field as the screen shows it: what was typed, else what the booking has. */
export function passengerValue(traveller: BookingTravelerEntry, key: PassengerField, drafts = $funnel.get().passengerDrafts): string {
  return drafts[traveller.id]?.[key] ?? traveller.reservationFields[key] ?? '';
}

/** The fields that will be saved: typed over stored, trimmed, empty ones left out. */
export function mergedFields(traveller: BookingTravelerEntry, drafts = $funnel.get().passengerDrafts): Record<string, string> {
  return Object.fromEntries(PASSENGER_FIELDS.map((key) => [key, passengerValue(traveller, key, drafts).trim()]).filter(([, v]) => v !== ''));
}

/** The room types that more than one traveller chose and that sleep more than one: ask who shares. */
export function sharedModes(
  modes: readonly ReservationModeView[],
  travellers: readonly Pick<BookingTravelerEntry, 'reservationMode'>[],
): ReservationModeView[] {
  return modes.filter((m) => m.places > 1 && travellers.filter((t) => t.reservationMode === m.activityId).length > 1);
}

/** Every problem the server would find, named as it names them (`travellers.{i}.{field}`). */
export function checkPassengers(travellers: readonly BookingTravelerEntry[], { dayOne, today }: { dayOne: string; today: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  travellers.forEach((t, i) => {
    const parsed = ReservationFieldsSchema.safeParse(t.reservationFields);
    if (!parsed.success) Object.assign(problems, issuesToFields(parsed.error.issues, `travellers.${i}.`));
  });
  for (const [key, value] of Object.entries(findPassengerProblems(travellers, { dayOne, today }))) problems[key] ??= value;
  return problems;
}

/** The form's input id for a field key, to move the focus to the first problem. */
export const passengerInputId = (fieldKey: string): string => `p-${fieldKey.replace(/^travellers\.(\d+)\./, '$1-')}`;

const CHECK_FIELDS = 'Revisa los datos marcados.';

/**
 * 'Continuar al pago': checks, then saves every traveller's fields and the rooms. True when saved (the
 * drafts are cleared then); otherwise the messages are in the store.
 */
export async function savePassengers(view: BookingView, { today }: { today: string }): Promise<boolean> {
  const state = $passengersStep.get();
  if (state.busy) return false;
  const travellers = view.travellers.map((t) => ({ ...t, reservationFields: mergedFields(t) }));
  const problems = checkPassengers(travellers, { dayOne: view.dayOne, today });
  if (Object.keys(problems).length > 0) {
    $passengersStep.set({ ...state, fields: problems, message: CHECK_FIELDS });
    return false;
  }
  $passengersStep.set({ ...state, fields: {}, message: null, busy: true });
  const result = await patchBooking(view.id, {
    travellers: travellers.map((t) => ({ id: t.id, reservationFields: t.reservationFields })),
    roommates: groupRoommates({ travellers: view.travellers, rooms: state.rooms }),
  });
  if (!result.ok) {
    const fields = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k.replace('.reservationFields.', '.'), v]));
    $passengersStep.set({ ...$passengersStep.get(), busy: false, fields, message: result.message });
    return false;
  }
  $funnel.setKey('passengerDrafts', {});
  return true;
}
