/**
 * A departure's flight in the tour editor: the dialog that sets its seats in total (never under those
 * sold or held: the shop says why) and its price per age group, sent as one press.
 */
import { AGE_GROUPS } from '#shared/enums.ts';
import { TOUR_EDITOR_MESSAGES, type TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { api, callApi } from '../lib/api-client.ts';
import { $tourEditor, euros, openDialog, type PeriodFlight, parseEuros, settleDialog } from './admin-tour-editor.ts';

export const openFlight = (period: TourEditorPeriod, flight: PeriodFlight) =>
  openDialog({
    kind: 'flight',
    period,
    flight,
    form: {
      seats: String(flight.seats),
      ...Object.fromEntries(AGE_GROUPS.map((g) => [g, euros(flight.prices.find((p) => p.ageGroupName === g)?.valueCents ?? 0)])),
    },
    errors: {},
  });

export function setFlightField(field: string, value: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'flight') return;
  const { [field]: _fixed, ...errors } = dialog.errors;
  $tourEditor.setKey('dialog', { ...dialog, form: { ...dialog.form, [field]: value }, errors });
}

/** 'Guardar vuelo'. */
export async function submitFlight() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'flight' || dialog.sending) return;
  const errors: Record<string, string> = {};
  const seatsText = dialog.form.seats?.trim() ?? '';
  const seats = /^\d{1,3}$/.test(seatsText) ? Number(seatsText) : null;
  if (seats === null) errors.seats = TOUR_EDITOR_MESSAGES.seats;
  const prices = AGE_GROUPS.map((ageGroupName) => {
    const valueCents = parseEuros(dialog.form[ageGroupName] ?? '');
    if (valueCents === null) errors[ageGroupName] = TOUR_EDITOR_MESSAGES.price;
    return { ageGroupName, valueCents: valueCents ?? 0 };
  });
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
