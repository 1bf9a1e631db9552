/**
 * /admin/guia/gastos/registro: the guide records one expense of a departure, in whatever currency it was
 * paid, with the rate to euros (the euro value shows as it is typed: amount × rate, to the cent) and a
 * photo of the receipt taken with the phone. `?tipo=extra` opens it for an expense outside the budget;
 * `?salida={periodId}` with the departure chosen.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useMemo } from 'react';
import { pathTo } from '#shared/routes.ts';
import { formatEuros, parseEurosInput } from '#shared/rules/money.ts';
import { currencyCodes, EXPENSE_CONCEPT_MAX, EXPENSE_KIND_LABELS, EXPENSE_KINDS, euroCents, parseExchangeRate } from '#shared/schemas/guide-tools.ts';
import { $expenseForm, type ExpenseFormField, openExpenseForm, setExpenseField, setReceipt, submitExpense } from '../../stores/guide-tools.ts';
import { shortDay } from '../../staff-kit/format.ts';
import { guarded } from '../SessionGuard.tsx';
import '../admin/admin.css';
import './guides.css';

export default guarded('staff', Form);

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <small className="guide-muted" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <span className="guide-field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Form() {
  const state = useStore($expenseForm);
  useEffect(() => {
    void openExpenseForm(location.search);
  }, []);
  const currencies = useMemo(() => currencyCodes(), []);
  const { form, fields } = state;
  if (state.status === 'loading') return <p role="status">Cargando tus salidas…</p>;
  if (state.status === 'failed')
    return (
      <p role="alert" className="admin-alert">
        {state.message}
      </p>
    );
  const a11y = (key: string, hint = false) => ({
    'aria-invalid': fields[key] ? true : undefined,
    'aria-describedby': [fields[key] ? `expense-${key}-error` : '', hint ? `expense-${key}-hint` : ''].filter(Boolean).join(' ') || undefined,
  });
  const input = (key: ExpenseFormField) => ({
    id: `expense-${key}`,
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setExpenseField(key, e.target.value),
    ...a11y(key),
  });
  const amount = parseEurosInput(form.amount);
  const rate = parseExchangeRate(form.exchangeRate);
  const euros = amount !== null && amount > 0 && rate !== null ? formatEuros(euroCents(amount, rate)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitExpense();
  };
  if (state.departures.length === 0) return <p>No tienes salidas asignadas: no puedes registrar gastos todavía.</p>;
  return (
    <div className="guide">
      <p>
        <a href={pathTo('admin-guide-expenses')}>← Mis gastos</a>
      </p>
      {state.saved ? (
        <p role="status" className="admin-done">
          Gasto «{state.saved.concept}» registrado por {formatEuros(state.saved.amountEurCents)}. La oficina lo revisará.{' '}
          <a href={pathTo('admin-guide-expenses')}>Ver mis gastos</a>
        </p>
      ) : (
        <p role="status" className="admin-done" />
      )}
      <form key={state.saved?.id ?? 'nuevo'} className="guide-form" onSubmit={submit} noValidate aria-label="Registrar un gasto">
        <Field id="expense-periodId" label="Salida" error={fields.periodId}>
          <select {...input('periodId')}>
            <option value="">Elige una salida</option>
            {state.departures.map((d) => (
              <option key={d.periodId} value={d.periodId}>
                {d.tourName} · {shortDay(d.dayOne)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="expense-kind" label="Tipo de gasto" error={fields.kind}>
          <select {...input('kind')}>
            {EXPENSE_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXPENSE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="expense-concept" label="Concepto" error={fields.concept}>
          <input {...input('concept')} type="text" maxLength={EXPENSE_CONCEPT_MAX} autoComplete="off" />
        </Field>
        <Field id="expense-amount" label="Importe" error={fields.amount}>
          <input {...input('amount')} type="text" inputMode="decimal" autoComplete="off" />
        </Field>
        <Field id="expense-curency" label="Moneda" error={fields.curency}>
          <select {...input('curency')}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="expense-exchangeRate"
          label="Cambio a euros (€ por unidad)"
          error={fields.exchangeRate}
          hint={euros ? `Son ${euros}.` : 'Cuántos euros vale una unidad de la moneda, como en el recibo del cambio.'}
        >
          <input
            {...input('exchangeRate')}
            {...a11y('exchangeRate', true)}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            readOnly={form.curency === 'EUR'}
          />
        </Field>
        <Field id="expense-spentOn" label="Fecha del gasto" error={fields.spentOn}>
          <input {...input('spentOn')} type="date" />
        </Field>
        <Field id="expense-receipt" label="Foto del recibo" error={fields.receipt} hint="JPG, PNG, WebP o AVIF, hasta 8 MB.">
          <input
            id="expense-receipt"
            name="receipt"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            capture="environment"
            onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
            {...a11y('receipt', true)}
          />
        </Field>
        {state.message ? (
          <p role="alert" className="admin-alert">
            {state.message}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={state.sending}>
          {state.sending ? 'Enviando…' : 'Registrar el gasto'}
        </button>
      </form>
    </div>
  );
}
