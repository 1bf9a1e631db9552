/** The parent regions the tour is listed under (/region/{slug}): add one from the list, take one off. */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { $tourEditor, changeRegion, pickRegion } from '../../stores/admin-tour-editor.ts';

export function TourRegions() {
  const { view, regions } = useStore($tourEditor);
  if (!view) return null;
  const { linked, options } = view.regions;
  const free = options.filter((o) => !linked.some((l) => l.id === o.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void changeRegion(regions.pick, true);
  };
  return (
    <section aria-labelledby="tour-regions-title" className="tour-editor__regions">
      <h2 id="tour-regions-title" className="admin-section-title">
        Regiones
      </h2>
      {linked.length ? (
        <ul className="tour-editor__chips">
          {linked.map((r) => (
            <li key={r.id}>
              <a href={`/region/${r.slug}`}>{r.name}</a>
              <button
                type="button"
                className="admin-button-secondary"
                disabled={regions.sending}
                aria-label={`Quitar la región ${r.name}`}
                onClick={() => void changeRegion(r.id, false)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>El tour no aparece en ninguna región.</p>
      )}
      <form className="admin-inline-form" onSubmit={submit} aria-label="Añadir región" noValidate>
        <label className="admin-field">
          <span>Región</span>
          <select value={regions.pick} onChange={(e) => pickRegion(e.target.value)} aria-invalid={regions.error ? true : undefined}>
            <option value="">Elige una región</option>
            {free.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={regions.sending}>
          {regions.sending ? 'Guardando…' : 'Añadir región'}
        </button>
      </form>
      {regions.error ? (
        <p role="alert" className="admin-alert">
          {regions.error}
        </p>
      ) : null}
    </section>
  );
}
