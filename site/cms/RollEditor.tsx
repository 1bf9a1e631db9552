/**
 * The parts the carousel and the campaign grid editors share: the slider tour picker (searchable tour
 * select, 'Posición', 'Añadir'), the roll of tours with a remove button each, and the list of earlier
 * versions with 'Restaurar', and the two-step 'Eliminar'.
 */
import { useState } from 'react';
import type { HistoryEntryView, PickableTour } from '#shared/schemas/cms.ts';

const ACTIONS = { create: 'Creado', update: 'Guardado', delete: 'Eliminado', restore: 'Restaurado' } as const;
const when = (iso: string) => new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(new Date(iso));

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="cms-error">
      {message}
    </p>
  ) : null;
}

export interface PickerState {
  query: string;
  results: PickableTour[];
  tourId: string;
  position: string;
}

export function TourPicker({
  idPrefix,
  picker,
  error,
  onSearch,
  onChange,
  onAdd,
}: {
  idPrefix: string;
  picker: PickerState;
  error: string | undefined;
  onSearch: (query: string) => void;
  onChange: (changes: Partial<Pick<PickerState, 'tourId' | 'position'>>) => void;
  onAdd: () => void;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="cms-picker">
      <legend>Añadir un tour</legend>
      <div className="cms-field">
        <label htmlFor={id('search')}>Buscar tour</label>
        <input id={id('search')} type="search" value={picker.query} placeholder="Nombre del tour" onChange={(e) => onSearch(e.target.value)} />
      </div>
      <div className="cms-field">
        <label htmlFor={id('tour')}>Tour</label>
        <select id={id('tour')} value={picker.tourId} onChange={(e) => onChange({ tourId: e.target.value })}>
          {picker.results.length === 0 && <option value="">Escribe para buscar</option>}
          {picker.results.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="cms-field cms-field--narrow">
        <label htmlFor={id('tour-position')}>Posición</label>
        <input
          id={id('tour-position')}
          type="number"
          inputMode="numeric"
          min={0}
          value={picker.position}
          onChange={(e) => onChange({ position: e.target.value })}
        />
      </div>
      <button type="button" className="cms-button" onClick={onAdd} disabled={!picker.tourId}>
        Añadir
      </button>
      <FieldError id={id('picker-error')} message={error} />
    </fieldset>
  );
}

export function RollList({
  idPrefix,
  label,
  empty,
  tours,
  errors,
  removeText,
  removeLabel,
  onRemove,
}: {
  idPrefix: string;
  label: string;
  empty: string;
  tours: readonly { tourId: string; name: string; position: number }[];
  errors: Record<string, string>;
  removeText: string;
  removeLabel: (name: string) => string;
  onRemove: (tourId: string) => void;
}) {
  if (tours.length === 0) return <p className="cms-muted">{empty}</p>;
  return (
    <ol className="cms-roll" aria-label={label}>
      {tours.map((tour, index) => (
        <li key={tour.tourId} className="cms-roll__card">
          <span className="cms-roll__name">{tour.name}</span>
          <span className="cms-muted">Posición {tour.position}</span>
          <FieldError id={`${idPrefix}-tour-${index}`} message={errors[`tours.${index}.tourId`]} />
          <button type="button" className="cms-link" onClick={() => onRemove(tour.tourId)} aria-label={removeLabel(tour.name)}>
            {removeText}
          </button>
        </li>
      ))}
    </ol>
  );
}

export function HistoryList({
  history,
  version,
  saving,
  onRestore,
}: {
  history: readonly HistoryEntryView[];
  version: number | null;
  saving: boolean;
  onRestore: (entryId: string) => void;
}) {
  return (
    <ol className="cms-history" aria-label="Versiones anteriores">
      {history.map((entry) => (
        <li key={entry.id}>
          <span>
            v{entry.version} · {ACTIONS[entry.action]} por {entry.actorEmail} · {when(entry.createdAt)}
          </span>
          {entry.after !== null && entry.version !== version && (
            <button type="button" className="cms-link" onClick={() => onRestore(entry.id)} disabled={saving}>
              Restaurar
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** 'Eliminar', then 'Sí, eliminar' / 'No': a delete asks once before it goes. */
export function ConfirmDelete({ label, onConfirm }: { label: string; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <>
      <button
        type="button"
        className="cms-button cms-button--danger"
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        Sí, eliminar
      </button>
      <button type="button" className="cms-button" onClick={() => setConfirming(false)}>
        No
      </button>
    </>
  ) : (
    <button type="button" className="cms-link" onClick={() => setConfirming(true)} aria-label={label}>
      Eliminar
    </button>
  );
}
