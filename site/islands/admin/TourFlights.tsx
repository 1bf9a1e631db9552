/** A departure's flights in its row (seats and price), the dialog that sets them, and those that add and remove one. */
import { useStore } from '@nanostores/react';
import { AGE_GROUPS } from '#shared/enums.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { FLIGHT_DIRECTION_LABELS, MAX_FLIGHT_SEGMENTS } from '#shared/schemas/tour-editor-texts.ts';
import { $tourEditor, closeDialog, type SegmentForm } from '../../stores/admin-tour-editor.ts';
import {
  addSegment,
  confirmRemoveFlight,
  openAddFlight,
  openFlight,
  openRemoveFlight,
  removeSegment,
  setFlightField,
  setNewFlightField,
  setSegmentField,
  setWithReturn,
  submitFlight,
  submitNewFlight,
} from '../../stores/admin-tour-flights.ts';
import { ConfirmDialog, RemoveDialog, TextField, EditRemove } from '../../staff-kit/ConfirmDialog.tsx';
import { shortDay } from '../../staff-kit/format.ts';

export function FlightsCell({ period, when }: { period: TourEditorPeriod; when: string }) {
  return (
    <div className="tour-editor__flights">
      {period.flights.length === 0 ? (
        'Sin vuelos'
      ) : (
        <ul className="admin-plain-list tour-editor__activities">
          {period.flights.map((f) => (
            <li key={f.id}>
              {f.name}: {f.seats} plazas ({f.sold} vendidas), {f.prices.map((p) => `${p.ageGroupName} ${formatEuros(p.valueCents)}`).join(', ') || 'sin precio'}{' '}
              <EditRemove what={`el vuelo «${f.name}» (${when})`} onEdit={() => openFlight(period, f)} onRemove={() => openRemoveFlight(period, f)} />
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="admin-button-secondary tour-editor__small"
        onClick={() => openAddFlight(period)}
        aria-label={`Añadir vuelo a la salida del ${when}`}
      >
        Añadir vuelo
      </button>
    </div>
  );
}

const SEGMENT_FIELDS: readonly [field: keyof SegmentForm, label: string, type: string][] = [
  ['flightNumber', 'Número de vuelo', 'text'],
  ['departureIata', 'Desde (IATA)', 'text'],
  ['arrivalIata', 'Hasta (IATA)', 'text'],
  ['departureAt', 'Sale', 'datetime-local'],
  ['arrivalAt', 'Llega', 'datetime-local'],
];

/** One journey's segments in the 'Añadir vuelo' dialog, each a row of fields, with 'Añadir tramo'. */
function JourneyFields({ direction, segments, errors }: { direction: 'outbound' | 'inbound'; segments: SegmentForm[]; errors: Record<string, string> }) {
  const label = FLIGHT_DIRECTION_LABELS[direction];
  return (
    <fieldset className="tour-editor__journey">
      <legend>{label}</legend>
      {segments.map((segment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id before they are saved; their order is what they are.
        <div className="admin-form-grid" key={index}>
          {SEGMENT_FIELDS.map(([field, fieldLabel, type]) => {
            const id = `flight-${direction}-${index}-${field}`;
            const error = errors[`${direction}.${index}.${field}`];
            return (
              <div className="admin-field" key={field}>
                <label htmlFor={id}>
                  {fieldLabel} ({label.toLowerCase()}, tramo {index + 1})
                </label>
                <input
                  id={id}
                  type={type}
                  maxLength={type === 'text' ? (field === 'flightNumber' ? 8 : 3) : undefined}
                  value={segment[field]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setSegmentField(direction, index, field, e.target.value)}
                />
                {error ? (
                  <span className="admin-field__error" id={`${id}-error`}>
                    {error}
                  </span>
                ) : null}
              </div>
            );
          })}
          {segments.length > 1 ? (
            <button type="button" className="admin-button-secondary tour-editor__small" onClick={() => removeSegment(direction, index)}>
              Quitar el tramo {index + 1} ({label.toLowerCase()})
            </button>
          ) : null}
        </div>
      ))}
      {segments.length < MAX_FLIGHT_SEGMENTS ? (
        <button type="button" className="admin-button-secondary tour-editor__small" onClick={() => addSegment(direction)}>
          Añadir tramo a la {label.toLowerCase()}
        </button>
      ) : null}
    </fieldset>
  );
}

/** 'Añadir vuelo' and 'Quitar el vuelo'. */
export function NewFlightDialogs() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind === 'flightRemove') {
    const { flight } = dialog;
    return (
      <RemoveDialog title={`Quitar el vuelo «${flight.name}»`} press={dialog} onConfirm={() => void confirmRemoveFlight()} onClose={closeDialog}>
        <p>
          {flight.bookings
            ? `Lo ha elegido ${flight.bookings === 1 ? '1 reserva' : `${flight.bookings} reservas`}: no se puede quitar. Deja sus plazas a 0 para que no se venda más.`
            : `La salida del ${shortDay(dialog.period.dayOne)} deja de ofrecer este vuelo, con sus trayectos y sus precios.`}
        </p>
      </RemoveDialog>
    );
  }
  if (dialog?.kind !== 'flightAdd') return null;
  const { form, errors, segments, withReturn } = dialog;
  const field = (name: string, label: string, inputMode?: 'numeric' | 'decimal') => (
    <TextField
      key={name}
      label={label}
      inputMode={inputMode}
      value={form[name] ?? ''}
      error={errors[name]}
      onChange={(value) => setNewFlightField(name, value)}
    />
  );
  return (
    <ConfirmDialog
      title={`Añadir vuelo a la salida del ${shortDay(dialog.period.dayOne)}`}
      error={dialog.error}
      sending={dialog.sending}
      confirm="Añadir vuelo"
      working="Añadiendo…"
      wide
      onConfirm={() => void submitNewFlight()}
      onClose={closeDialog}
    >
      <p>
        La ida sale entre el {shortDay(dialog.period.dayOne)} y el {shortDay(dialog.period.returnDate)}. El precio es por persona y se cobra igual sea cual sea
        el número de viajeros.
      </p>
      <div className="admin-form-grid">
        {field('name', 'Nombre del vuelo')}
        {field('departureCity', 'Ciudad de salida')}
        {field('seats', 'Plazas', 'numeric')}
        {AGE_GROUPS.map((g) => field(g, `${g} (€)`, 'decimal'))}
      </div>
      {errors.prices ? <p className="admin-field__error">{errors.prices}</p> : null}
      {errors.journeys ? <p className="admin-field__error">{errors.journeys}</p> : null}
      <JourneyFields direction="outbound" segments={segments.outbound} errors={errors} />
      <fieldset className="admin-checks">
        <legend className="visually-hidden">Vuelta</legend>
        <label>
          <input type="checkbox" checked={withReturn} onChange={(e) => setWithReturn(e.target.checked)} /> Con vuelta
        </label>
      </fieldset>
      {withReturn ? <JourneyFields direction="inbound" segments={segments.inbound} errors={errors} /> : null}
    </ConfirmDialog>
  );
}

export function FlightDialog() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind !== 'flight') return null;
  const { flight, form, errors } = dialog;
  const field = (name: string, label: string) => (
    <TextField
      key={name}
      label={label}
      inputMode={name === 'seats' ? 'numeric' : 'decimal'}
      value={form[name] ?? ''}
      error={errors[name]}
      onChange={(value) => setFlightField(name, value)}
    />
  );
  return (
    <ConfirmDialog
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
    </ConfirmDialog>
  );
}
