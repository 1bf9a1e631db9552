/** A departure's flights in its row (seats and price), and the dialog that sets them. */
import { useStore } from '@nanostores/react';
import { AGE_GROUPS } from '#shared/enums.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { $tourEditor, closeDialog } from '../../stores/admin-tour-editor.ts';
import { openFlight, setFlightField, submitFlight } from '../../stores/admin-tour-flights.ts';
import { AdminDialog } from './AdminDialog.tsx';
import { shortDay } from './format.ts';

export function FlightsCell({ period, when }: { period: TourEditorPeriod; when: string }) {
  if (period.flights.length === 0) return <>Sin vuelos</>;
  return (
    <ul className="admin-plain-list tour-editor__activities">
      {period.flights.map((f) => (
        <li key={f.id}>
          {f.name}: {f.seats} plazas ({f.sold} vendidas), {f.prices.map((p) => `${p.ageGroupName} ${formatEuros(p.valueCents)}`).join(', ') || 'sin precio'}{' '}
          <button type="button" className="admin-button-secondary" onClick={() => openFlight(period, f)} aria-label={`Editar el vuelo «${f.name}» (${when})`}>
            Editar
          </button>
        </li>
      ))}
    </ul>
  );
}

export function FlightDialog() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind !== 'flight') return null;
  const { flight, form, errors } = dialog;
  const field = (name: string, label: string) => {
    const id = `flight-${name}`;
    return (
      <div className="admin-field" key={name}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          inputMode={name === 'seats' ? 'numeric' : 'decimal'}
          value={form[name] ?? ''}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          onChange={(e) => setFlightField(name, e.target.value)}
        />
        {errors[name] ? (
          <span className="admin-field__error" id={`${id}-error`}>
            {errors[name]}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <AdminDialog
      title={`Vuelo «${flight.name}» (${shortDay(dialog.period.dayOne)})`}
      error={dialog.error}
      sending={dialog.sending}
      confirm="Guardar vuelo"
      working="Guardando…"
      onConfirm={() => void submitFlight()}
      onClose={closeDialog}
    >
      <p>
        {flight.sold} plazas vendidas{flight.held ? ` y ${flight.held} apartadas por pagos en curso` : ''}: no puede tener menos. El precio es por persona; las
        reservas ya hechas conservan el suyo.
      </p>
      <div className="admin-form-grid">
        {field('seats', 'Plazas en total')}
        {AGE_GROUPS.map((g) => field(g, `${g} (€)`))}
      </div>
    </AdminDialog>
  );
}
