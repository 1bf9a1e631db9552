/**
 * A tour's extras in its editor: the dialog that adds or changes one (its amount typed in euros, per
 * traveller or per booking) and the one that withdraws it or offers it again. They share the editor's
 * store, its one request id per press and its way of showing the answer.
 */
import { EXTRA_BASES } from '#shared/enums.ts';
import { formatEurosInput } from '#shared/rules/money.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import type { TourEditorExtra } from '#shared/schemas/tour-extras.ts';
import { EXTRA_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { api, callApi } from '../lib/api-client.ts';
import { $tourEditor, tourEditorChecks, uncheckable, type ExtraForm, openDialog, parseEuros, settleDialog } from './admin-tour-editor.ts';

const formOf = (e: TourEditorExtra | null): ExtraForm =>
  e
    ? { name: e.name, description: e.description ?? '', amount: formatEurosInput(e.amountCents), basis: e.basis }
    : { name: '', description: '', amount: '', basis: 'PER_TRAVELER' };

export const openExtra = (extra: TourEditorExtra | null) => openDialog({ kind: 'extra', extra, form: formOf(extra), errors: {} });
export const openExtraOffer = (extra: TourEditorExtra, active: boolean) => openDialog({ kind: 'extraOffer', extra, active });

export function setExtraField(field: keyof ExtraForm, value: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'extra') return;
  const { [field === 'amount' ? 'amountCents' : field]: _fixed, ...errors } = dialog.errors;
  $tourEditor.setKey('dialog', { ...dialog, form: { ...dialog.form, [field]: value }, errors });
}

/** 'Añadir extra' / 'Guardar extra': refused at its fields before anything is sent. */
export async function submitExtra() {
  const checks = await tourEditorChecks();
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'extra' || dialog.sending) return;
  if (!checks) return uncheckable(dialog);
  const amountCents = parseEuros(dialog.form.amount);
  const parsed = checks.ExtraInputSchema.safeParse({
    name: dialog.form.name,
    description: dialog.form.description,
    amountCents: amountCents ?? Number.NaN,
    basis: (EXTRA_BASES as readonly string[]).includes(dialog.form.basis) ? dialog.form.basis : '',
    active: dialog.extra?.active ?? true,
  });
  if (!parsed.success) {
    const errors = issuesToFields(parsed.error.issues, '', { depth: 1 });
    if (amountCents === null) errors.amountCents = EXTRA_MESSAGES.amount;
    $tourEditor.setKey('dialog', { ...dialog, errors, error: 'Revisa los datos marcados.' });
    return;
  }
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const json = { requestId: dialog.requestId, extra: parsed.data };
  const extra = dialog.extra;
  const extras = api.admin.tours[':id'].extras;
  settleDialog(await callApi(() => (extra ? extras[':extraId'].$put({ param: { id, extraId: extra.id }, json }) : extras.$post({ param: { id }, json }))));
}

/** 'Retirar' / 'Volver a ofrecer', confirmed. */
export async function confirmExtraOffer() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'extraOffer' || dialog.sending) return;
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const param = { id, extraId: dialog.extra.id };
  settleDialog(
    await callApi(() => api.admin.tours[':id'].extras[':extraId'].offer.$put({ param, json: { requestId: dialog.requestId, active: dialog.active } })),
  );
}
