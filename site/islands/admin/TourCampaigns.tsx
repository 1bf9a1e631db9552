/** A departure's campaigns in its row, and the dialogs that add, change and remove them. */
import { useStore } from '@nanostores/react';
import { CAMPAIGN_DISCOUNT_BASES } from '#shared/enums.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { CAMPAIGN_BASIS_LABELS } from '#shared/schemas/tour-editor-texts.ts';
import { closeDialog, $tourEditor } from '../../stores/admin-tour-editor.ts';
import { confirmRemoveCampaign, openCampaign, openRemoveCampaign, setCampaignField, submitCampaign } from '../../stores/admin-tour-campaigns.ts';
import { ConfirmDialog, RemoveDialog, TextField, EditRemove } from '../../staff-kit/ConfirmDialog.tsx';
import { shortDay } from '../../staff-kit/format.ts';

const validity = (c: TourEditorPeriod['campaigns'][number]) =>
  [c.validFromDate ? `desde ${shortDay(c.validFromDate)}` : null, c.validUntilDate ? `hasta ${shortDay(c.validUntilDate)}` : null].filter(Boolean).join(' ');

/** The cell of a departure's row: each campaign with its buttons, and 'Añadir campaña'. */
export function CampaignsCell({ period, when }: { period: TourEditorPeriod; when: string }) {
  return (
    <div>
      {period.campaigns.length ? (
        <ul className="admin-plain-list tour-editor__activities">
          {period.campaigns.map((c) => (
            <li key={c.id}>
              {c.name}: −{formatEuros(c.valueCents)} {CAMPAIGN_BASIS_LABELS[c.discountAppliedPerTxt]}
              {validity(c) ? ` (${validity(c)})` : ''}{' '}
              <EditRemove what={`la campaña «${c.name}» (${when})`} onEdit={() => openCampaign(period, c)} onRemove={() => openRemoveCampaign(period, c)} />
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="admin-button-secondary tour-editor__small"
        onClick={() => openCampaign(period, null)}
        aria-label={`Añadir campaña a la salida del ${when}`}
      >
        Añadir campaña
      </button>
    </div>
  );
}

export function CampaignDialogs() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind === 'campaignRemove') {
    return (
      <RemoveDialog title={`Quitar la campaña «${dialog.campaign.name}»`} press={dialog} onConfirm={() => void confirmRemoveCampaign()} onClose={closeDialog}>
        <p>La salida del {shortDay(dialog.period.dayOne)} deja de tener este descuento. Las reservas ya hechas conservan su precio.</p>
      </RemoveDialog>
    );
  }
  if (dialog?.kind !== 'campaign') return null;
  const { form, errors } = dialog;
  const input = (name: 'name' | 'value' | 'validFromDate' | 'validUntilDate', label: string, type: 'text' | 'date', error: string | undefined) => (
    <TextField
      label={label}
      type={type}
      inputMode={name === 'value' ? 'decimal' : undefined}
      value={form[name]}
      error={error}
      onChange={(value) => setCampaignField(name, value)}
    />
  );
  return (
    <ConfirmDialog
      title={dialog.campaign ? `Editar la campaña «${dialog.campaign.name}»` : `Añadir campaña a la salida del ${shortDay(dialog.period.dayOne)}`}
      error={dialog.error}
      sending={dialog.sending}
      confirm={dialog.campaign ? 'Guardar campaña' : 'Añadir campaña'}
      working="Guardando…"
      wide
      onConfirm={() => void submitCampaign()}
      onClose={closeDialog}
    >
      <div className="admin-form-grid">
        {input('name', 'Nombre de la campaña', 'text', errors.name)}
        {input('value', 'Descuento (€)', 'text', errors.valueCents)}
        {input('validFromDate', 'Desde (opcional)', 'date', errors.validFromDate)}
        {input('validUntilDate', 'Hasta (opcional)', 'date', errors.validUntilDate)}
        <div className="admin-field">
          <label htmlFor="campaign-basis">Se descuenta</label>
          <select id="campaign-basis" value={form.discountAppliedPerTxt} onChange={(e) => setCampaignField('discountAppliedPerTxt', e.target.value)}>
            {CAMPAIGN_DISCOUNT_BASES.map((b) => (
              <option key={b} value={b}>
                {CAMPAIGN_BASIS_LABELS[b]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </ConfirmDialog>
  );
}
