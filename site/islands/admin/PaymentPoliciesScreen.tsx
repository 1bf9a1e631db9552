/**
 * /admin/plazos-de-pago: each tour type's deposit, instalments and balance, and one form at a time in a dialog
 * (docs/decisions/042). Bookings made after a save follow it; those made before keep their schedule.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { TRIP_TYPE_PILL_LABELS } from '#shared/constants.ts';
import type { PaymentPolicy } from '#shared/rules/payment-schedule.ts';
import { formatEuros } from '#shared/rules/money.ts';
import {
  $paymentPolicies,
  addInstalment,
  closeEditor,
  editPolicy,
  openPaymentPolicies,
  reloadEditor,
  removeInstalment,
  savePolicy,
  setPolicyForm,
} from '../../stores/admin-payment-policies.ts';
import { ConfirmDialog, FieldError, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import { guarded } from '../SessionGuard.tsx';
import './admin.css';

export default guarded('admin', PaymentPolicies);

/** A policy in one sentence, as the office reads it. */
function policySentence(policy: PaymentPolicy): string {
  const deposit =
    policy.deposit.kind === 'percent' ? `${String(policy.deposit.percent).replace('.', ',')} %` : `${formatEuros(policy.deposit.amountCents)} por viajero`;
  const instalments = policy.instalments.map((i) => `${String(i.percent).replace('.', ',')} % ${i.daysBefore} días antes`);
  const parts = [`Señal de ${deposit} al reservar`, ...instalments, `el resto ${policy.balanceDaysBefore} días antes de la salida`];
  return `${parts.join(', ')}.`;
}

function PaymentPolicies() {
  const { status, policies, editor, message, done } = useStore($paymentPolicies);
  useEffect(() => void openPaymentPolicies(), []);
  if (status === 'loading') return <p role="status">Cargando los plazos de pago…</p>;
  return (
    <>
      <p>Lo que pide cada tipo de viaje al reservar y antes de la salida. Un tour o una salida pueden tener los suyos en el editor del tour.</p>
      <Outcome done={done} message={message} />
      <ul className="admin-plain-list">
        {policies.map((p) => (
          <li key={p.tourType}>
            <strong>{TRIP_TYPE_PILL_LABELS[p.tourType]}</strong>: {policySentence(p.policy)}{' '}
            <button type="button" className="admin-button-secondary" onClick={() => editPolicy(p.tourType)}>
              Cambiar
            </button>
          </li>
        ))}
      </ul>
      {editor ? (
        <ConfirmDialog
          title={`Plazos de pago: ${TRIP_TYPE_PILL_LABELS[editor.tourType]}`}
          error={editor.stale ? null : editor.error}
          sending={editor.sending}
          confirm="Guardar"
          back="Cancelar"
          working="Guardando…"
          onConfirm={() => void savePolicy()}
          onClose={closeEditor}
        >
          <fieldset>
            <legend>Señal al reservar</legend>
            <label>
              <input
                type="radio"
                name="deposito"
                checked={editor.form.depositKind === 'percent'}
                onChange={() => setPolicyForm((f) => ({ ...f, depositKind: 'percent' }), 'depositValue')}
              />{' '}
              Un porcentaje del total
            </label>{' '}
            <label>
              <input
                type="radio"
                name="deposito"
                checked={editor.form.depositKind === 'perTraveller'}
                onChange={() => setPolicyForm((f) => ({ ...f, depositKind: 'perTraveller' }), 'depositValue')}
              />{' '}
              Un importe por viajero
            </label>
            <TextField
              label={editor.form.depositKind === 'percent' ? 'Señal (%)' : 'Señal por viajero (€)'}
              inputMode="decimal"
              value={editor.form.depositValue}
              error={editor.fields['depositValue']}
              onChange={(v) => setPolicyForm((f) => ({ ...f, depositValue: v }), 'depositValue')}
            />
          </fieldset>
          <fieldset>
            <legend>Plazos intermedios</legend>
            {editor.form.instalments.map((instalment, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the instalments have no id; their place is what the form edits.
              <div key={i} className="admin-inline-form">
                <TextField
                  label={`Plazo ${i + 1} (%)`}
                  inputMode="decimal"
                  value={instalment.percent}
                  error={editor.fields[`instalments.${i}.percent`]}
                  onChange={(v) =>
                    setPolicyForm((f) => ({ ...f, instalments: f.instalments.map((x, j) => (j === i ? { ...x, percent: v } : x)) }), `instalments.${i}.percent`)
                  }
                />
                <TextField
                  label={`Días antes de la salida (plazo ${i + 1})`}
                  inputMode="numeric"
                  value={instalment.daysBefore}
                  error={editor.fields[`instalments.${i}.daysBefore`]}
                  onChange={(v) =>
                    setPolicyForm(
                      (f) => ({ ...f, instalments: f.instalments.map((x, j) => (j === i ? { ...x, daysBefore: v } : x)) }),
                      `instalments.${i}.daysBefore`,
                    )
                  }
                />
                <button type="button" className="admin-button-secondary" onClick={() => removeInstalment(i)}>
                  Quitar el plazo {i + 1}
                </button>
              </div>
            ))}
            <div>
              <FieldError id="plazos-error" error={editor.fields['instalments']} />
            </div>
            <button type="button" className="admin-button-secondary" onClick={addInstalment}>
              Añadir un plazo
            </button>
          </fieldset>
          <TextField
            label="El resto, días antes de la salida"
            inputMode="numeric"
            value={editor.form.balanceDaysBefore}
            error={editor.fields['balanceDaysBefore']}
            onChange={(v) => setPolicyForm((f) => ({ ...f, balanceDaysBefore: v }), 'balanceDaysBefore')}
          />
          {editor.stale ? (
            <p role="alert" className="admin-alert">
              {editor.error}{' '}
              <button type="button" className="admin-button-secondary" onClick={() => void reloadEditor()}>
                Cargar sus cambios
              </button>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
