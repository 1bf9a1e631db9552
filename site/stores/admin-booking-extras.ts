/**
 * The booking page's further actions (/admin/booking/{id}): send one of its mails again, correct a
 * traveller, add an optional activity, credit a compensation in points, upload a document for the
 * traveller. Like the status actions, each dialog press carries one request id (a retry after a lost
 * answer is applied once) and the booking as the staff member saw it; the answer is the booking as it
 * is now, shown at once.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import type { BookingActivityOption } from '#shared/schemas/booking-desk.ts';
import {
  BOOKING_MAIL_LABELS,
  type BookingDocumentKind,
  type BookingMail,
  AGENCY_SALE_MESSAGES,
  RECORDED_PAYMENT_MESSAGES,
  type RecordedMethod,
} from '#shared/schemas/labels.ts';
import type { BookingDetail } from '#shared/schemas/backoffice.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { formatEurosInput } from '#shared/rules/money.ts';
import { api, callApi, type ApiFailure, NETWORK_MESSAGE } from '../lib/api-client.ts';
import { $bookingDesk } from './admin-booking.ts';

/**
 * The server's own schemas for the two forms checked before they are sent, loaded when their dialog opens: with
 * zod they were a fifth of the booking page's script, and the page shows a booking without them.
 */
const paymentSchema = () => import('#shared/schemas/recorded-payments.ts').then((m) => m.RecordPaymentSchema);
const agencySchema = () => import('#shared/schemas/retailers.ts').then((m) => m.AgencyAttachSchema);

/** The traveller fields staff may correct, in the order the form asks them. */
export const TRAVELLER_FIELDS = [
  ['name', 'Nombre'],
  ['surname', 'Apellidos'],
  ['national_id', 'DNI o NIE'],
  ['passport', 'Pasaporte'],
  ['birthdate', 'Fecha de nacimiento'],
  ['nationality', 'Nacionalidad'],
  ['email', 'Correo electrónico'],
  ['phone', 'Teléfono'],
] as const;
export type TravellerField = (typeof TRAVELLER_FIELDS)[number][0];

export type ExtraDialog =
  | { kind: 'mail'; mail: BookingMail }
  | { kind: 'traveller'; travellerId: string; values: Record<TravellerField, string> }
  | { kind: 'activity'; options: BookingActivityOption[] | null; activityId: string; travellerIds: string[] }
  | { kind: 'compensation'; points: string; reason: string }
  /** Money that did not go through the terminal (docs/decisions/042): what, how much, when, its reference. */
  | { kind: 'payment'; method: RecordedMethod; amount: string; paidOn: string; reference: string; note: string }
  /** The agency that sold it (none: the shop's own), its reference and commission (docs/decisions/042). */
  | { kind: 'agency'; retailers: { id: string; name: string }[] | null; retailerId: string; reference: string; commissionPercent: string };

export interface ExtrasState {
  dialog: ExtraDialog | null;
  requestId: string;
  sending: boolean;
  error: string | null;
  fields: Record<string, string>;
  /** The document upload form, which lives on the page rather than in a dialog. */
  upload: { kind: BookingDocumentKind; requestId: string; sending: boolean; error: string | null };
}

const newUpload = (): ExtrasState['upload'] => ({ kind: 'ETICKET', requestId: crypto.randomUUID(), sending: false, error: null });

export const $bookingExtras = map<ExtrasState>({ dialog: null, requestId: '', sending: false, error: null, fields: {}, upload: newUpload() });

const patch = (changes: Partial<ExtrasState>) => $bookingExtras.set({ ...$bookingExtras.get(), ...changes });

function open(dialog: ExtraDialog) {
  patch({ dialog, requestId: crypto.randomUUID(), sending: false, error: null, fields: {} });
  $bookingDesk.setKey('done', null);
}

export const closeExtra = () => patch({ dialog: null });

/** Changes the open dialog's form (a field typed, a box ticked). */
export function editExtra(change: Partial<ExtraDialog>) {
  const { dialog, fields } = $bookingExtras.get();
  if (!dialog) return;
  const cleared = Object.fromEntries(Object.entries(fields).filter(([key]) => !(key in change)));
  patch({ dialog: { ...dialog, ...change } as ExtraDialog, fields: cleared });
}

export const openMail = (mail: BookingMail) => open({ kind: 'mail', mail });

export function openTraveller(traveller: BookingDetail['travellers'][number]) {
  const values = Object.fromEntries(TRAVELLER_FIELDS.map(([key]) => [key, traveller.fields[key] ?? ''])) as Record<TravellerField, string>;
  open({ kind: 'traveller', travellerId: traveller.id, values });
}

export function setTravellerValue(key: TravellerField, value: string) {
  const { dialog, fields } = $bookingExtras.get();
  if (dialog?.kind !== 'traveller') return;
  const { [`fields.${key}`]: _, ...rest } = fields;
  patch({ dialog: { ...dialog, values: { ...dialog.values, [key]: value } }, fields: rest });
}

export async function openActivity() {
  const { id } = $bookingDesk.get();
  open({ kind: 'activity', options: null, activityId: '', travellerIds: [] });
  const result = await callApi(() => api.admin.bookings[':id'].activities.$get({ param: { id } }));
  const { dialog } = $bookingExtras.get();
  if (dialog?.kind !== 'activity') return;
  if (!result.ok) {
    patch({ error: result.message });
    return;
  }
  patch({ dialog: { ...dialog, options: result.data.activities } });
}

export function toggleActivityTraveller(travellerId: string) {
  const { dialog, fields } = $bookingExtras.get();
  if (dialog?.kind !== 'activity') return;
  const has = dialog.travellerIds.includes(travellerId);
  const { travellerIds: _, ...rest } = fields;
  patch({
    dialog: { ...dialog, travellerIds: has ? dialog.travellerIds.filter((t) => t !== travellerId) : [...dialog.travellerIds, travellerId] },
    fields: rest,
  });
}

export const openCompensation = () => open({ kind: 'compensation', points: '', reason: '' });

/** 'Agencia': the agencies to choose from, the booking's own values to start from. */
export async function openAgency() {
  const { detail } = $bookingDesk.get();
  if (!detail) return;
  const { retailerId, retailerReference, retailerCommissionPercent } = detail.booking;
  open({
    kind: 'agency',
    retailers: null,
    retailerId: retailerId ?? '',
    reference: retailerReference ?? '',
    commissionPercent: String(retailerCommissionPercent ?? 10).replace('.', ','),
  });
  agencySchema().catch(() => {});
  const options = await callApi(() => api.admin.bookings.options.$get());
  const { dialog } = $bookingExtras.get();
  if (dialog?.kind !== 'agency') return;
  if (options.ok) patch({ dialog: { ...dialog, retailers: options.data.retailers } });
  else patch({ error: options.message });
}

/** 'Registrar un pago': proposes what is left to pay, received today, by transfer. */
export function openRecordPayment() {
  const { detail } = $bookingDesk.get();
  const left = detail ? Math.max(0, detail.booking.priceCents - detail.booking.paidCents) : 0;
  open({ kind: 'payment', method: 'transfer', amount: formatEurosInput(left), paidOn: new Date().toISOString().slice(0, 10), reference: '', note: '' });
  paymentSchema().catch(() => {});
}

/** What each dialog is called and what its status line says once done. */
export function extraTexts(dialog: ExtraDialog): { title: string; done: string } {
  switch (dialog.kind) {
    case 'mail':
      return { title: `Enviar: ${BOOKING_MAIL_LABELS[dialog.mail]}`, done: `${BOOKING_MAIL_LABELS[dialog.mail]}: enviado a la cola de correo.` };
    case 'traveller':
      return { title: 'Editar los datos del viajero', done: 'Datos del viajero guardados.' };
    case 'activity':
      return { title: 'Añadir una actividad opcional', done: 'Actividad añadida: el importe nuevo queda pendiente de pago.' };
    case 'compensation':
      return { title: 'Compensar con puntos', done: 'Puntos abonados al viajero.' };
    case 'payment':
      return { title: 'Registrar un pago', done: RECORDED_PAYMENT_MESSAGES.recorded };
    case 'agency':
      return { title: 'Agencia de la reserva', done: dialog.retailerId ? AGENCY_SALE_MESSAGES.attached : AGENCY_SALE_MESSAGES.detached };
  }
}

async function send(dialog: ExtraDialog, id: string, requestId: string, detail: BookingDetail) {
  const expectedUpdatedAt = detail.booking.updatedAt;
  switch (dialog.kind) {
    case 'mail':
      return callApi(() => api.admin.bookings[':id'].mails.$post({ param: { id }, json: { requestId, mail: dialog.mail } }));
    case 'traveller': {
      // An emptied field is left as it was: the API's schema drops blanks, as the funnel's does.
      const fields = Object.fromEntries(Object.entries(dialog.values).map(([k, v]) => [k, v.trim() === '' ? undefined : v]));
      return callApi(() =>
        api.admin.bookings[':id'].traveller.$post({ param: { id }, json: { requestId, expectedUpdatedAt, travellerId: dialog.travellerId, fields } }),
      );
    }
    case 'activity':
      return callApi(() =>
        api.admin.bookings[':id'].activity.$post({
          param: { id },
          json: { requestId, expectedUpdatedAt, activityId: dialog.activityId, travellerIds: dialog.travellerIds },
        }),
      );
    case 'compensation':
      return callApi(() =>
        api.admin.bookings[':id'].compensation.$post({ param: { id }, json: { requestId, points: dialog.points as unknown as number, reason: dialog.reason } }),
      );
    case 'agency':
      return callApi(() =>
        api.admin.bookings[':id'].agency.$put({
          param: { id },
          json: { requestId, retailerId: dialog.retailerId || null, reference: dialog.reference, commissionPercent: dialog.commissionPercent },
        }),
      );
    case 'payment': {
      const { kind: _, ...payment } = dialog;
      return callApi(() => api.admin.bookings[':id'].payments.$post({ param: { id }, json: { requestId, ...payment } }));
    }
  }
}

/** Forms are refused at their fields before anything is sent, with the server's own schema: the fields' messages. */
async function refusedFields(dialog: ExtraDialog, requestId: string): Promise<Record<string, string> | null> {
  const checked =
    dialog.kind === 'payment'
      ? (await paymentSchema()).safeParse({
          method: dialog.method,
          amount: dialog.amount,
          paidOn: dialog.paidOn,
          reference: dialog.reference,
          note: dialog.note,
          requestId,
        })
      : dialog.kind === 'agency'
        ? (await agencySchema()).safeParse({
            requestId,
            retailerId: dialog.retailerId || null,
            reference: dialog.reference,
            commissionPercent: dialog.commissionPercent,
          })
        : null;
  return checked && !checked.success ? issuesToFields(checked.error.issues) : null;
}

export async function confirmExtra() {
  const state = $bookingExtras.get();
  const { id, detail } = $bookingDesk.get();
  if (!state.dialog || !detail || state.sending) return;
  patch({ sending: true, error: null });
  const refused = await refusedFields(state.dialog, state.requestId).catch(() => undefined);
  if (refused === undefined) {
    // The schema's script did not load: as when the shop does not answer, nothing was sent.
    patch({ sending: false, error: NETWORK_MESSAGE });
    return;
  }
  if (refused) {
    patch({ sending: false, error: 'Revisa los datos marcados.', fields: refused });
    return;
  }
  const result = await send(state.dialog, id, state.requestId, detail);
  if (!result.ok) {
    failed(result, state.requestId);
    return;
  }
  const done = extraTexts(state.dialog).done;
  patch({ dialog: null, sending: false });
  $bookingDesk.set({ ...$bookingDesk.get(), detail: result.data.detail, done });
}

function failed(result: ApiFailure, requestId: string) {
  // Refused: the next press is a new one. No answer (status 0): the same id goes again, applied once.
  patch({ sending: false, error: result.message, fields: result.fields, requestId: nextRequestId(result, requestId) });
  // The booking moved meanwhile: show it as it is now behind the message.
  if (result.status === 409) void reloadBooking();
}

async function reloadBooking() {
  const { id } = $bookingDesk.get();
  const result = await callApi(() => api.admin.bookings[':id'].$get({ param: { id } }));
  if (result.ok) $bookingDesk.setKey('detail', result.data);
}

export const setUploadKind = (kind: BookingDocumentKind) => patch({ upload: { ...$bookingExtras.get().upload, kind, error: null } });

/** 'Subir': the chosen file to the booking, as an e-ticket or another document. */
export async function uploadDocument(file: File | null) {
  const { upload } = $bookingExtras.get();
  const { id } = $bookingDesk.get();
  if (upload.sending) return;
  if (!file) {
    patch({ upload: { ...upload, error: 'Elige un archivo.' } });
    return;
  }
  patch({ upload: { ...upload, sending: true, error: null } });
  const result = await callApi(() =>
    api.admin.bookings[':id'].documents.$post({ param: { id }, form: { requestId: upload.requestId, kind: upload.kind, file } }),
  );
  if (!result.ok) {
    patch({
      upload: {
        ...upload,
        sending: false,
        error: result.fields['file'] ?? result.message,
        requestId: nextRequestId(result, upload.requestId),
      },
    });
    return;
  }
  // The kind picked while this went up is the next upload's.
  patch({ upload: { ...newUpload(), kind: $bookingExtras.get().upload.kind } });
  $bookingDesk.set({ ...$bookingDesk.get(), detail: result.data.detail, done: `Documento subido: ${file.name}.` });
}

/** Where a document downloads from (staff only; the API checks). */
export const documentHref = (bookingId: string, key: string) =>
  `/api/admin/bookings/${encodeURIComponent(bookingId)}/documents/file?key=${encodeURIComponent(key)}`;
