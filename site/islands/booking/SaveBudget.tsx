/**
 * 'Guardar presupuesto', for any funnel step with a booking: a small form that asks a name for the budget
 * and has it mailed to the lead traveller. Collapsed until asked for, so it never competes with the step.
 */
import { useStore } from '@nanostores/react';
import { useRef, type FormEvent } from 'react';
import { $budget, saveBudget, setBudgetName } from '../../stores/budget.ts';

export default function SaveBudget({ bookingId }: { bookingId: string }) {
  const { name, status, error, message } = useStore($budget);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await saveBudget(bookingId)) === 'failed' && $budget.get().error) input.current?.focus();
  };

  return (
    <details className="funnel-budget">
      <summary>Guardar presupuesto</summary>
      <form className="funnel-budget__form" noValidate onSubmit={onSubmit}>
        <p className="funnel__hint">Te enviamos por correo este viaje con su precio, para que lo decidas con calma.</p>
        <div className="funnel__field">
          <label htmlFor="presupuesto-nombre">Nombre del presupuesto</label>
          <input
            ref={input}
            id="presupuesto-nombre"
            name="budgetName"
            maxLength={80}
            placeholder="Por ejemplo: Japón en primavera"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'presupuesto-nombre-error' : undefined}
            onChange={(event) => setBudgetName(event.currentTarget.value)}
          />
          {error && (
            <p id="presupuesto-nombre-error" className="funnel__field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--secondary" disabled={status === 'sending'}>
          {status === 'sending' ? 'Enviando…' : 'Enviar presupuesto'}
        </button>
        <p role="status" className={status === 'sent' ? 'funnel-budget__sent' : 'funnel__hint'}>
          {status === 'sent' ? message : ''}
        </p>
        <div role="alert">{status === 'failed' && message && <p className="funnel__error">{message}</p>}</div>
      </form>
    </details>
  );
}
