/**
 * The campaigns of a departure in the tour editor: the dialog that adds or changes one (the discount typed
 * in per person or once per booking, between two optional days) and the one that removes it. They
 * share the editor's store, its one request id per press and its way of showing the answer.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import { CAMPAIGN_DISCOUNT_BASES } from '#shared/enums.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { TOUR_EDITOR_MESSAGES } from '#shared/schemas/tour-editor-texts.ts';
import { api, callApi } from '../lib/api-client.ts';
import {
  $tourEditor,
  tourEditorChecks,
  uncheckable,
  type CampaignForm,
  openDialog,
  type PeriodCampaign,
  parseEuros,
  settleDialog,
} from './admin-tour-editor.ts';
import { formatEurosInput } from '#shared/rules/money.ts';

const formOf = (c: PeriodCampaign | null): CampaignForm =>
  c
    ? {
        name: c.name,
        value: formatEurosInput(c.valueCents),
        validFromDate: c.validFromDate ?? '',
        validUntilDate: c.validUntilDate ?? '',
        discountAppliedPerTxt: c.discountAppliedPerTxt,
      }
    : { name: '', value: '', validFromDate: '', validUntilDate: '', discountAppliedPerTxt: 'PER_PAX' };

export const openCampaign = (period: TourEditorPeriod, campaign: PeriodCampaign | null) =>
  openDialog({ kind: 'campaign', period, campaign, form: formOf(campaign), errors: {} });
export const openRemoveCampaign = (period: TourEditorPeriod, campaign: PeriodCampaign) => openDialog({ kind: 'campaignRemove', period, campaign });

export function setCampaignField(field: keyof CampaignForm, value: string) {
  const { dialog } = $tourEditor.get();
  if (dialog?.kind !== 'campaign') return;
  const { [field === 'value' ? 'valueCents' : field]: _fixed, ...errors } = dialog.errors;
  $tourEditor.setKey('dialog', { ...dialog, form: { ...dialog.form, [field]: value }, errors });
}

/** 'Añadir campaña' / 'Guardar campaña'. */
export async function submitCampaign() {
  const checks = await tourEditorChecks();
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'campaign' || dialog.sending) return;
  if (!checks) return uncheckable(dialog);
  const valueCents = parseEuros(dialog.form.value);
  const parsed = checks.CampaignInputSchema.safeParse({
    name: dialog.form.name,
    valueCents: valueCents ?? Number.NaN,
    validFromDate: dialog.form.validFromDate,
    validUntilDate: dialog.form.validUntilDate,
    discountAppliedPerTxt: (CAMPAIGN_DISCOUNT_BASES as readonly string[]).includes(dialog.form.discountAppliedPerTxt) ? dialog.form.discountAppliedPerTxt : '',
  });
  if (!parsed.success) {
    const errors = issuesToFields(parsed.error.issues, '', { depth: 1 });
    if (valueCents === null) errors.valueCents = TOUR_EDITOR_MESSAGES.campaignValue;
    $tourEditor.setKey('dialog', { ...dialog, errors, error: 'Revisa los datos marcados.' });
    return;
  }
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const json = { requestId: dialog.requestId, campaign: parsed.data };
  const periodId = dialog.period.id;
  const campaign = dialog.campaign;
  const campaigns = api.admin.tours[':id'].periods[':periodId'].campaigns;
  settleDialog(
    await callApi(() =>
      campaign ? campaigns[':campaignId'].$put({ param: { id, periodId, campaignId: campaign.id }, json }) : campaigns.$post({ param: { id, periodId }, json }),
    ),
  );
}

/** 'Quitar la campaña', confirmed. */
export async function confirmRemoveCampaign() {
  const { dialog, id } = $tourEditor.get();
  if (dialog?.kind !== 'campaignRemove' || dialog.sending) return;
  $tourEditor.setKey('dialog', { ...dialog, sending: true, error: null });
  const param = { id, periodId: dialog.period.id, campaignId: dialog.campaign.id };
  settleDialog(
    await callApi(() => api.admin.tours[':id'].periods[':periodId'].campaigns[':campaignId'].$delete({ param, json: { requestId: dialog.requestId } })),
  );
}
