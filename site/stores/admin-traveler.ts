/**
 * One traveller on the desk (/admin/travelers/{id}): everything about them and the staff actions, each
 * in a confirmation dialog with its own request id, so a double click or a retry after a lost answer
 * applies it once. An edit carries the version it was opened from; a traveller changed meanwhile is
 * refused with the server's message and shown as it is now, with what was typed kept.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import { ERASE_REASON_REQUIRED, type TravelerDetail, type TravelerForm, TravelerFormSchema } from '#shared/schemas/travelers.ts';
import { api, callApi } from '../lib/api-client.ts';

export const TRAVELER_FIELDS = ['name', 'surname', 'email', 'phone', 'dni', 'passportId', 'birthdate', 'sex', 'countryId'] as const;
export type TravelerField = (typeof TRAVELER_FIELDS)[number];
export type TravelerFields = Record<TravelerField, string>;

interface DialogBase {
  requestId: string;
  sending: boolean;
  /** Why the last press failed, for the whole dialog. */
  error: string | null;
}
export type TravelerDialog =
  | (DialogBase & { kind: 'edit'; version: number; form: TravelerFields; errors: Partial<Record<TravelerField, string>> })
  | (DialogBase & { kind: 'force'; sendMail: boolean })
  | (DialogBase & { kind: 'erase'; reason: string; reasonError: string | null });

export interface TravelerDeskState {
  status: 'loading' | 'ready' | 'failed';
  id: string;
  detail: TravelerDetail | null;
  dialog: TravelerDialog | null;
  message: string | null;
  /** What the last action did, for the status line. */
  done: string | null;
}

export const $travelerDesk = map<TravelerDeskState>({ status: 'loading', id: '', detail: null, dialog: null, message: null, done: null });

const patch = (changes: Partial<TravelerDeskState>) => $travelerDesk.set({ ...$travelerDesk.get(), ...changes });
function patchDialog<K extends TravelerDialog['kind']>(kind: K, changes: Partial<Extract<TravelerDialog, { kind: K }>>) {
  const { dialog } = $travelerDesk.get();
  if (dialog?.kind === kind) patch({ dialog: { ...dialog, ...changes } as TravelerDialog });
}

export async function openTraveler(id: string) {
  patch({ id, status: $travelerDesk.get().detail ? 'ready' : 'loading', message: null });
  const result = await callApi(() => api.admin.travelers[':id'].$get({ param: { id } }));
  if (!result.ok) {
    patch({ status: $travelerDesk.get().detail ? 'ready' : 'failed', message: result.message });
    return;
  }
  patch({ status: 'ready', detail: result.data });
}

const base = (): DialogBase => ({ requestId: crypto.randomUUID(), sending: false, error: null });

const formOf = ({ traveler }: TravelerDetail): TravelerFields => ({
  name: traveler.name,
  surname: traveler.surname,
  email: traveler.email ?? '',
  phone: traveler.phone ?? '',
  dni: traveler.dni ?? '',
  passportId: traveler.passportId ?? '',
  birthdate: traveler.birthdate ?? '',
  sex: traveler.sex ?? '',
  countryId: traveler.countryId ?? '',
});

export function openEdit() {
  const { detail } = $travelerDesk.get();
  if (detail) patch({ dialog: { ...base(), kind: 'edit', version: detail.traveler.version, form: formOf(detail), errors: {} }, done: null });
}
export const openForce = () => patch({ dialog: { ...base(), kind: 'force', sendMail: true }, done: null });
export const openErase = () => patch({ dialog: { ...base(), kind: 'erase', reason: '', reasonError: null }, done: null });
export const closeDialog = () => patch({ dialog: null });

export function setEditField(field: TravelerField, value: string) {
  const { dialog } = $travelerDesk.get();
  if (dialog?.kind !== 'edit') return;
  const { [field]: _fixed, ...errors } = dialog.errors;
  patchDialog('edit', { form: { ...dialog.form, [field]: value }, errors });
}
export const setSendMail = (sendMail: boolean) => patchDialog('force', { sendMail });
export const setEraseReason = (reason: string) => patchDialog('erase', { reason, reasonError: null });

/**
 * A refused press applied nothing: the next one is a new press. Without an answer (status 0) the same
 * id goes again, so a press that did arrive is not applied twice.
 */

/** After an action: the traveller as the server now has them, the dialog closed, what happened said. */
function applied(detail: TravelerDetail, wasApplied: boolean, done: string) {
  patch({ detail, dialog: null, done: wasApplied ? done : 'Ya estaba hecho: no ha cambiado nada.' });
}

export async function saveEdit() {
  const { dialog, id } = $travelerDesk.get();
  if (dialog?.kind !== 'edit' || dialog.sending) return;
  const checked = TravelerFormSchema.safeParse(dialog.form);
  if (!checked.success) {
    const errors: Partial<Record<TravelerField, string>> = issuesToFields(checked.error.issues, '', { depth: 1 });
    patchDialog('edit', { errors, error: 'Revisa los datos marcados.' });
    return;
  }
  patchDialog('edit', { sending: true, error: null });
  const result = await callApi(() =>
    api.admin.travelers[':id'].$put({
      param: { id },
      json: { requestId: dialog.requestId, version: dialog.version, traveler: dialog.form as TravelerForm },
    }),
  );
  if (!result.ok) {
    const errors: Partial<Record<TravelerField, string>> = {};
    for (const [key, message] of Object.entries(result.fields)) errors[key.replace(/^traveler\./, '') as TravelerField] = message;
    patchDialog('edit', { sending: false, errors, error: result.message, requestId: nextRequestId(result, dialog.requestId) });
    if (result.status === 409) {
      // Changed meanwhile: what was typed stays; the page behind, and the version to save from, are the current ones.
      await openTraveler(id);
      const current = $travelerDesk.get().detail;
      if (current) patchDialog('edit', { version: current.traveler.version });
    }
    return;
  }
  applied(result.data.detail, result.data.applied, 'Datos guardados.');
}

export async function confirmForce() {
  const { dialog, id } = $travelerDesk.get();
  if (dialog?.kind !== 'force' || dialog.sending) return;
  patchDialog('force', { sending: true, error: null });
  const result = await callApi(() =>
    api.admin.travelers[':id']['force-password-change'].$post({ param: { id }, json: { requestId: dialog.requestId, sendMail: dialog.sendMail } }),
  );
  if (!result.ok) {
    patchDialog('force', { sending: false, error: result.message, requestId: nextRequestId(result, dialog.requestId) });
    return;
  }
  applied(
    result.data.detail,
    result.data.applied,
    dialog.sendMail
      ? 'Hecho: sus sesiones se han cerrado, le hemos enviado el correo y al entrar tendrá que elegir una contraseña nueva.'
      : 'Hecho: sus sesiones se han cerrado y al entrar tendrá que elegir una contraseña nueva.',
  );
}

export async function confirmErase() {
  const { dialog, id } = $travelerDesk.get();
  if (dialog?.kind !== 'erase' || dialog.sending) return;
  if (dialog.reason.trim().length < 5) {
    patchDialog('erase', { reasonError: ERASE_REASON_REQUIRED });
    return;
  }
  patchDialog('erase', { sending: true, error: null });
  const result = await callApi(() => api.admin.travelers[':id'].erase.$post({ param: { id }, json: { requestId: dialog.requestId, reason: dialog.reason } }));
  if (!result.ok) {
    patchDialog('erase', {
      sending: false,
      error: result.message,
      reasonError: result.fields.reason ?? null,
      requestId: nextRequestId(result, dialog.requestId),
    });
    return;
  }
  applied(result.data.detail, result.data.applied, 'Datos personales borrados. Sus reservas y pagos se conservan.');
}
