/**
 * A departure's flight in the tour editor: the dialog that sets its seats in total (never under those
 * sold or held: the shop says why) and its price per age group, sent as one press.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import { AGE_GROUPS } from '#shared/enums.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { type FLIGHT_DIRECTIONS, MAX_FLIGHT_SEGMENTS, TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { api, callApi } from '../lib/api-client.ts';
import { $tourEditor, tourEditorChecks, uncheckable, openDialog, type PeriodFlight, parseEuros, type SegmentForm, settleDialog } from './admin-tour-editor.ts';
import { formatEurosInput } from '#shared/rules/money.ts';

export const openFlight = (period: TourEditorPeriod, flight: PeriodFlight) =>
  openDialog({
    kind: 'flight',
    period,
    flight,
    form: {
      seats: String(flight.seats),
      ...Object.fromEntries(AGE_GROUPS.map((g) => [g, formatEurosInput(flight.prices.find((p) => p.ageGroupName === g)?.valueCents ?? 0)])),
    },
    errors: {},
  });

export function setFlightField(field: string, value: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'flight') return;
  const { [field]: _fixed, ...errors } = dialog.errors;
  $tourEditor.setKey('dialog', { ...dialog, form: { ...dialog.form, [field]: value }, errors });
}

/** A flight's seats and its price per age group as typed, each wrong one named. */
function seatsAndPrices(form: Record<string, string>) {
  const errors: Record<string, string> = {};
  const seatsText = form.seats?.trim() ?? '';
  const seats = /^\d{1,3}$/.test(seatsText) ? Number(seatsText) : null;
  if (seats === null) errors.seats = TOUR_EDITOR_MESSAGES.seats;
  const prices = AGE_GROUPS.map((ageGroupName) => {
    const valueCents = parseEuros(form[ageGroupName] ?? '');
    if (valueCents === null) errors[ageGroupName] = TOUR_EDITOR_MESSAGES.price;
    return { ageGroupName, valueCents: valueCents ?? 0 };
  });
  return { errors, seats, prices };
}

/** 'Guardar vuelo'. */
export async function submitFlight() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'flight' || dialog.sending) return;
  const { errors, seats, prices } = seatsAndPrices(dialog.form);
  if (Object.keys(errors).length || seats === null) {
    $tourEditor.setKey('dialog', { ...dialog, errors, error: 'Revisa los datos marcados.' });
    return;
  }
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const param = { id, periodId: dialog.period.id, flightId: dialog.flight.id };
  settleDialog(
    await callApi(() =>
      api.admin.tours[':id'].periods[':periodId'].flights[':flightId'].$put({ param, json: { requestId: dialog.requestId, flight: { seats, prices } } }),
    ),
  );
}

const blankSegment = (departureIata = ''): SegmentForm => ({ flightNumber: '', departureIata, arrivalIata: '', departureAt: '', arrivalAt: '' });

/** 'Añadir vuelo': an empty flight with an outbound and a return of one segment each. */
export const openAddFlight = (period: TourEditorPeriod) =>
  openDialog({
    kind: 'flightAdd',
    period,
    form: { name: '', departureCity: '', seats: '', ...Object.fromEntries(AGE_GROUPS.map((g) => [g, ''])) },
    segments: { outbound: [blankSegment()], inbound: [blankSegment()] },
    withReturn: true,
    errors: {},
  });

export const openRemoveFlight = (period: TourEditorPeriod, flight: PeriodFlight) => openDialog({ kind: 'flightRemove', period, flight });

type Direction = (typeof FLIGHT_DIRECTIONS)[number];

const withAddDialog = (change: (dialog: Extract<NonNullable<ReturnType<typeof $tourEditor.get>['dialog']>, { kind: 'flightAdd' }>) => object) => {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'flightAdd') return;
  $tourEditor.setKey('dialog', { ...dialog, ...change(dialog) });
};
const without = (errors: Record<string, string>, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

export const setNewFlightField = (field: string, value: string) =>
  withAddDialog((d) => ({ form: { ...d.form, [field]: value }, errors: without(d.errors, field) }));

export const setSegmentField = (direction: Direction, index: number, field: keyof SegmentForm, value: string) =>
  withAddDialog((d) => ({
    segments: { ...d.segments, [direction]: d.segments[direction].map((s, i) => (i === index ? { ...s, [field]: value } : s)) },
    errors: without(d.errors, `${direction}.${index}.${field}`),
  }));

/** 'Añadir tramo': a connection after the last segment, leaving from the airport that one lands at. */
export const addSegment = (direction: Direction) =>
  withAddDialog((d) => {
    const list = d.segments[direction];
    if (list.length >= MAX_FLIGHT_SEGMENTS) return {};
    return { segments: { ...d.segments, [direction]: [...list, blankSegment(list.at(-1)?.arrivalIata ?? '')] } };
  });

export const removeSegment = (direction: Direction, index: number) =>
  withAddDialog((d) =>
    d.segments[direction].length <= 1 ? {} : { segments: { ...d.segments, [direction]: d.segments[direction].filter((_, i) => i !== index) } },
  );

export const setWithReturn = (withReturn: boolean) => withAddDialog(() => ({ withReturn }));

/** Where the form shows a schema issue: a segment's field as `outbound.0.arrivalAt`, the rest by the field's name. */
const formKey = (path: readonly PropertyKey[], journeys: readonly Direction[]) => {
  const [, field, journey, , segment, segmentField] = path.map(String);
  if (field === 'journeys' && journey !== undefined && segment !== undefined && segmentField !== undefined)
    return `${journeys[Number(journey)] ?? 'outbound'}.${segment}.${segmentField}`;
  return field ?? 'name';
};

/** 'Añadir vuelo', checked with the server's own schema before it is sent. */
export async function submitNewFlight() {
  const checks = await tourEditorChecks();
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'flightAdd' || dialog.sending) return;
  if (!checks) return uncheckable(dialog);
  const { errors, seats, prices } = seatsAndPrices(dialog.form);
  const directions: Direction[] = dialog.withReturn ? ['outbound', 'inbound'] : ['outbound'];
  const journeys = directions.map((direction) => ({ direction, segments: dialog.segments[direction] }));
  const flight = { name: dialog.form.name ?? '', departureCity: dialog.form.departureCity ?? '', seats: seats ?? 0, prices, journeys };
  const checked = checks.FlightAddSchema.safeParse({ requestId: dialog.requestId, flight });
  if (!checked.success)
    for (const [path, message] of Object.entries(issuesToFields(checked.error.issues))) errors[formKey(path.split('.'), directions)] ??= message;
  if (Object.keys(errors).length || !checked.success) {
    $tourEditor.setKey('dialog', { ...dialog, errors, error: 'Revisa los datos marcados.' });
    return;
  }
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  settleDialog(
    await callApi(() => api.admin.tours[':id'].periods[':periodId'].flights.$post({ param: { id, periodId: dialog.period.id }, json: checked.data })),
  );
}

/** 'Quitar el vuelo', confirmed. */
export async function confirmRemoveFlight() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'flightRemove' || dialog.sending) return;
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const param = { id, periodId: dialog.period.id, flightId: dialog.flight.id };
  settleDialog(await callApi(() => api.admin.tours[':id'].periods[':periodId'].flights[':flightId'].$delete({ param, json: { requestId: dialog.requestId } })));
}
