/**
 * One agency (/admin/retailer/{id}): its record, what it has brought, its bookings page by page and the
 * log of staff changes. 'Editar' turns the record into the form, sent with the version it was opened
 * from: a colleague's change meanwhile is refused and the typed form stays. 'Enviar a la agencia' on a
 * booking and 'Borrar' each ask first; the agency mail carries one request id per press.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import type { RetailerBookingRow, RetailerBookingsAnswer, RetailerDetail, RetailerForm } from '#shared/schemas/retailers.ts';
import { api, callApi } from '../lib/api-client.ts';
import { checkRetailerForm, type RetailerField, type RetailerFields, retailerFormOf, serverFieldErrors } from './retailer-form.ts';

export interface RetailerEditor {
  version: number;
  form: RetailerFields;
  errors: Record<string, string>;
  sending: boolean;
  message: string | null;
  /** A colleague saved the agency meanwhile: the form can be reloaded with their data. */
  stale: boolean;
}

export interface AgencyMailDialog {
  booking: Pick<RetailerBookingRow, 'id' | 'differentId' | 'tkId' | 'tourName' | 'status' | 'agencyMailedAt'>;
  requestId: string;
  sending: boolean;
  error: string | null;
}

export interface RetailerScreenState {
  status: 'loading' | 'ready' | 'failed' | 'deleted';
  id: string;
  detail: RetailerDetail | null;
  bookings: RetailerBookingsAnswer | null;
  bookingsMessage: string | null;
  editor: RetailerEditor | null;
  deleting: { sending: boolean; message: string | null } | null;
  mailing: AgencyMailDialog | null;
  message: string | null;
  /** What the last action did, for the status line. */
  done: string | null;
}

export const $retailerScreen = map<RetailerScreenState>({
  status: 'loading',
  id: '',
  detail: null,
  bookings: null,
  bookingsMessage: null,
  editor: null,
  deleting: null,
  mailing: null,
  message: null,
  done: null,
});

const patch = (changes: Partial<RetailerScreenState>) => $retailerScreen.set({ ...$retailerScreen.get(), ...changes });
const patchEditor = (changes: Partial<RetailerEditor>) => {
  const { editor } = $retailerScreen.get();
  if (editor) patch({ editor: { ...editor, ...changes } });
};

async function loadDetail(id: string) {
  const result = await callApi(() => api.admin.retailers[':id'].$get({ param: { id } }));
  if (!result.ok) {
    patch({ status: $retailerScreen.get().detail ? 'ready' : 'failed', message: result.message });
    return false;
  }
  patch({ status: 'ready', detail: result.data, message: null });
  return true;
}

export async function loadBookings(page: number) {
  const { id } = $retailerScreen.get();
  const result = await callApi(() => api.admin.retailers[':id'].bookings.$get({ param: { id }, query: page > 1 ? { page: String(page) } : {} }));
  if (!result.ok) {
    patch({ bookingsMessage: result.message });
    return;
  }
  patch({ bookings: result.data, bookingsMessage: null });
}

export async function openRetailer(id: string) {
  patch({ id, status: 'loading', message: null });
  await Promise.all([loadDetail(id), loadBookings(1)]);
}

export function startEdit() {
  const { detail } = $retailerScreen.get();
  if (!detail) return;
  patch({
    editor: { version: detail.retailer.version, form: retailerFormOf(detail.retailer), errors: {}, sending: false, message: null, stale: false },
    done: null,
  });
}

export const cancelEdit = () => patch({ editor: null });

export function setEditField(field: RetailerField, value: string) {
  const { editor } = $retailerScreen.get();
  if (!editor) return;
  const { [field]: _fixed, ...errors } = editor.errors;
  patchEditor({ form: { ...editor.form, [field]: value }, errors });
}

/** 'Guardar'. Resolves to whether it was saved (the form then closes). */
export async function saveEdit(): Promise<boolean> {
  const { editor, id } = $retailerScreen.get();
  if (!editor || editor.sending) return false;
  const errors = checkRetailerForm(editor.form);
  if (Object.keys(errors).length) {
    patchEditor({ errors, message: 'Revisa los datos marcados.' });
    return false;
  }
  patchEditor({ sending: true, message: null });
  const result = await callApi(() =>
    api.admin.retailers[':id'].$put({ param: { id }, json: { version: editor.version, retailer: editor.form as RetailerForm } }),
  );
  if (!result.ok) {
    patchEditor({ sending: false, errors: serverFieldErrors(result.fields), message: result.message, stale: result.status === 409 });
    return false;
  }
  patch({ editor: null, detail: result.data, done: `Agencia ${result.data.retailer.name} guardada.` });
  return true;
}

/** After a refused save: the agency as a colleague left it, in the form, to make the changes again. */
export async function reloadEditor() {
  const { id } = $retailerScreen.get();
  if (await loadDetail(id)) startEdit();
}

export const askDelete = () => patch({ deleting: { sending: false, message: null }, done: null });
export const cancelDelete = () => patch({ deleting: null });

export async function confirmDelete() {
  const { deleting, detail, id } = $retailerScreen.get();
  if (!deleting || !detail || deleting.sending) return;
  patch({ deleting: { sending: true, message: null } });
  const result = await callApi(() => api.admin.retailers[':id'].$delete({ param: { id }, query: { version: String(detail.retailer.version) } }));
  if (!result.ok) {
    patch({ deleting: { sending: false, message: result.message } });
    return;
  }
  patch({ deleting: null, status: 'deleted', done: `Agencia ${detail.retailer.name} borrada.` });
}

export function askAgencyMail(booking: AgencyMailDialog['booking']) {
  patch({ mailing: { booking, requestId: crypto.randomUUID(), sending: false, error: null }, done: null });
}

export const cancelAgencyMail = () => patch({ mailing: null });

export async function confirmAgencyMail() {
  const { mailing, bookings } = $retailerScreen.get();
  if (!mailing || mailing.sending) return;
  patch({ mailing: { ...mailing, sending: true, error: null } });
  const result = await callApi(() =>
    api.admin.bookings[':id']['notify-agency'].$post({ param: { id: mailing.booking.id }, json: { requestId: mailing.requestId } }),
  );
  if (!result.ok) {
    // Refused: nothing was sent and the next press is new. No answer: the same press goes again.
    const requestId = nextRequestId(result, mailing.requestId);
    patch({ mailing: { ...mailing, sending: false, requestId, error: result.message } });
    return;
  }
  patch({ mailing: null, done: `Aviso de la reserva ${mailing.booking.tkId ?? mailing.booking.differentId} enviado a ${result.data.to}.` });
  await loadBookings(bookings?.page ?? 1);
}
