/**
 * The fields of a payment policy (docs/decisions/042): the deposit as a percentage or per traveller, the
 * instalments, the balance's days. One form for a tour type's policy and for a tour's or a departure's own.
 */
import type { PaymentPolicyForm } from '#shared/schemas/tour-editor-texts.ts';
import { FieldError, TextField } from '../../staff-kit/ConfirmDialog.tsx';

export type PolicyChange = (change: (form: PaymentPolicyForm) => PaymentPolicyForm, field?: string) => void;

export function PolicyFields({ form, fields, onChange }: { form: PaymentPolicyForm; fields: Record<string, string>; onChange: PolicyChange }) {
  const instalment = (i: number, key: 'percent' | 'daysBefore', value: string) =>
    onChange((f) => ({ ...f, instalments: f.instalments.map((x, j) => (j === i ? { ...x, [key]: value } : x)) }), `instalments.${i}.${key}`);
  return (
    <>
      <fieldset>
        <legend>Señal al reservar</legend>
        <label>
          <input
            type="radio"
            name="deposito"
            checked={form.depositKind === 'percent'}
            onChange={() => onChange((f) => ({ ...f, depositKind: 'percent' }), 'depositValue')}
          />{' '}
          Un porcentaje del total
        </label>{' '}
        <label>
          <input
            type="radio"
            name="deposito"
            checked={form.depositKind === 'perTraveller'}
            onChange={() => onChange((f) => ({ ...f, depositKind: 'perTraveller' }), 'depositValue')}
          />{' '}
          Un importe por viajero
        </label>
        <TextField
          label={form.depositKind === 'percent' ? 'Señal (%)' : 'Señal por viajero (€)'}
          inputMode="decimal"
          value={form.depositValue}
          error={fields['depositValue']}
          onChange={(v) => onChange((f) => ({ ...f, depositValue: v }), 'depositValue')}
        />
      </fieldset>
      <fieldset>
        <legend>Plazos intermedios</legend>
        {form.instalments.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the instalments have no id; their place is what the form edits.
          <div key={i} className="admin-inline-form">
            <TextField
              label={`Plazo ${i + 1} (%)`}
              inputMode="decimal"
              value={x.percent}
              error={fields[`instalments.${i}.percent`]}
              onChange={(v) => instalment(i, 'percent', v)}
            />
            <TextField
              label={`Días antes de la salida (plazo ${i + 1})`}
              inputMode="numeric"
              value={x.daysBefore}
              error={fields[`instalments.${i}.daysBefore`]}
              onChange={(v) => instalment(i, 'daysBefore', v)}
            />
            <button
              type="button"
              className="admin-button-secondary"
              onClick={() => onChange((f) => ({ ...f, instalments: f.instalments.filter((_, j) => j !== i) }), 'instalments')}
            >
              Quitar el plazo {i + 1}
            </button>
          </div>
        ))}
        <div>
          <FieldError id="plazos-error" error={fields['instalments']} />
        </div>
        <button
          type="button"
          className="admin-button-secondary"
          onClick={() => onChange((f) => ({ ...f, instalments: [...f.instalments, { percent: '', daysBefore: '' }] }), 'instalments')}
        >
          Añadir un plazo
        </button>
      </fieldset>
      <TextField
        label="El resto, días antes de la salida"
        inputMode="numeric"
        value={form.balanceDaysBefore}
        error={fields['balanceDaysBefore']}
        onChange={(v) => onChange((f) => ({ ...f, balanceDaysBefore: v }), 'balanceDaysBefore')}
      />
    </>
  );
}
