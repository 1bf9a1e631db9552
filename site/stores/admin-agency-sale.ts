/**
 * 'Nueva reserva de agencia' on an agency's page (docs/decisions/042): a tour, one of its departures (read
 * from the tour editor's view), its flight, room and optional activities for every traveller, its extras, the travellers, the lead's contact, the agency's reference and
 * commission. Checked with the server's own schema before sending; one press, one booking; once made, the
 * agency's figures and bookings are read again.
 */
import { map } from 'nanostores';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { AgencyBookingSchema, type SaleOptions } from '#shared/schemas/retailers.ts';
import { AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { api, callApi } from '../lib/api-client.ts';
import { newPress, type Press, sendPress } from '../staff-kit/press.ts';
import { $retailerScreen, openRetailer } from './admin-retailer.ts';

export interface AgencySaleForm {
  tourId: string;
  periodId: string;
  flightId: string;
  roomId: string;
  activityIds: string[];
  extraIds: string[];
  adults: string;
  children: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  reference: string;
  commissionPercent: string;
}

export interface AgencySaleState {
  dialog: (Press & { form: AgencySaleForm }) | null;
  tours: { id: string; name: string }[];
  /** The chosen tour's departures still to come. */
  periods: TourEditorPeriod[];
  /** The chosen departure's flights, rooms and optional activities. */
  options: SaleOptions | null;
  loading: boolean;
  /** The booking just made, for the status line's link. */
  made: string | null;
}

export const $agencySale = map<AgencySaleState>({ dialog: null, tours: [], periods: [], options: null, loading: false, made: null });
const patch = (changes: Partial<AgencySaleState>) => $agencySale.set({ ...$agencySale.get(), ...changes });

const EMPTY: AgencySaleForm = {
  tourId: '',
  periodId: '',
  flightId: '',
  roomId: '',
  activityIds: [],
  extraIds: [],
  adults: '2',
  children: '0',
  name: '',
  surname: '',
  email: '',
  phone: '',
  reference: '',
  commissionPercent: '10',
};

export async function openAgencySale() {
  patch({ dialog: { ...newPress(), form: EMPTY }, periods: [], options: null, made: null });
  const options = await callApi(() => api.admin.bookings.options.$get());
  const { dialog } = $agencySale.get();
  if (!dialog) return;
  if (options.ok) patch({ tours: options.data.tours });
  else patch({ dialog: { ...dialog, error: options.message } });
}

export const closeAgencySale = () => patch({ dialog: null });

export function setSaleField(field: Exclude<keyof AgencySaleForm, 'activityIds' | 'extraIds'>, value: string) {
  const { dialog } = $agencySale.get();
  if (!dialog) return;
  const { [field]: _fixed, ...fields } = dialog.fields;
  patch({ dialog: { ...dialog, form: { ...dialog.form, [field]: value }, fields } });
}

/** Ticks or unticks one optional activity (`activityIds`) or one extra (`extraIds`). */
export function toggleSaleChoice(field: 'activityIds' | 'extraIds', id: string) {
  const { dialog } = $agencySale.get();
  if (!dialog) return;
  const chosen = dialog.form[field];
  const { [field]: _fixed, ...fields } = dialog.fields;
  const next = chosen.includes(id) ? chosen.filter((a) => a !== id) : [...chosen, id];
  patch({ dialog: { ...dialog, form: { ...dialog.form, [field]: next }, fields } });
}

/** A departure chosen: its flights, rooms and optional activities to choose from. */
export async function choosePeriod(periodId: string) {
  const { dialog } = $agencySale.get();
  if (!dialog) return;
  const { periodId: _fixed, ...fields } = dialog.fields;
  patch({ dialog: { ...dialog, form: { ...dialog.form, periodId, flightId: '', roomId: '', activityIds: [], extraIds: [] }, fields }, options: null });
  if (!periodId) return;
  const result = await callApi(() => api.admin.periods[':id']['sale-options'].$get({ param: { id: periodId } }));
  if (result.ok && $agencySale.get().dialog?.form.periodId === periodId) patch({ options: result.data });
}

/** A tour chosen: its departures still to come, read from the tour editor's view. */
export async function chooseTour(tourId: string) {
  const { dialog } = $agencySale.get();
  if (!dialog) return;
  patch({
    dialog: { ...dialog, form: { ...dialog.form, tourId, periodId: '', flightId: '', roomId: '', activityIds: [], extraIds: [] } },
    periods: [],
    options: null,
    loading: Boolean(tourId),
  });
  if (!tourId) return;
  const result = await callApi(() => api.admin.tours[':id'].$get({ param: { id: tourId } }));
  // Another tour chosen meanwhile (arrows in the list): its own answer fills the departures, not this one.
  if ($agencySale.get().dialog?.form.tourId !== tourId) return;
  const today = new Date().toISOString().slice(0, 10);
  patch({ loading: false, periods: result.ok ? result.data.periods.filter((p) => p.dayOne > today && p.webBookable && p.onSale > 0) : [] });
}

const requestOf = (form: AgencySaleForm, requestId: string) => ({
  requestId,
  periodId: form.periodId,
  flightId: form.flightId || null,
  roomId: form.roomId || null,
  activityIds: form.activityIds,
  extraIds: form.extraIds,
  adults: Number(form.adults),
  children: Number(form.children || '0'),
  lead: { name: form.name, surname: form.surname, email: form.email, phone: form.phone },
  reference: form.reference,
  commissionPercent: form.commissionPercent,
});

/** The server names the lead's fields under `lead.`; the form has them at its top level. */
const formFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^lead\./, ''), message]));

/** 'Crear la reserva': refused at its fields before sending; one press, one booking. */
export async function submitAgencySale(): Promise<boolean> {
  const { dialog } = $agencySale.get();
  const { id: retailerId } = $retailerScreen.get();
  if (!dialog) return false;
  const checked = AgencyBookingSchema.safeParse(requestOf(dialog.form, dialog.requestId));
  if (!checked.success) {
    const fields = formFields(issuesToFields(checked.error.issues));
    if (!dialog.form.periodId) fields['periodId'] = 'Elige una salida.';
    patch({ dialog: { ...dialog, fields, error: 'Revisa los datos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $agencySale.get().dialog,
    (press) => patch({ dialog: { ...press, fields: formFields(press.fields) } }),
    (requestId) => callApi(() => api.admin.retailers[':id'].bookings.$post({ param: { id: retailerId }, json: { ...checked.data, requestId } })),
  );
  if (!sent?.ok) return false;
  patch({ dialog: null, made: sent.data.bookingId });
  await openRetailer(retailerId);
  $retailerScreen.setKey('done', AGENCY_SALE_MESSAGES.created);
  return true;
}
