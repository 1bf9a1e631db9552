/**
 * A campaign's tour grid in edit mode: the grid's title and tours (each with its position and
 * 'Eliminar'), the slider tour picker and 'Guardar'. Closed, it shows what is saved and how many tours
 * visitors see.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import {
  $gridEditor,
  addGridTour,
  closeGrid,
  loadGrid,
  loadGridHistory,
  openGrid,
  removeGridTour,
  restoreGridVersion,
  saveGrid,
  searchGridTours,
  setGridPicker,
  setGridAnimation,
  setGridText,
  setGridTitle,
} from '../stores/cms-grid.ts';
import type { GridTextField } from '#shared/schemas/cms.ts';
import { FieldError, HistoryList, RollList, TourPicker } from './RollEditor.tsx';

export default function GridEditor({ slug }: { slug: string }) {
  const { status, grid, open, title, texts, tours, errors, saving, message, picker, history } = useStore($gridEditor);
  const textField = (field: GridTextField, label: string, max: number, multiline = false) => (
    <div className="cms-field">
      <label htmlFor={`cms-grid-${field}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`cms-grid-${field}`}
          rows={3}
          value={texts[field]}
          maxLength={max}
          onChange={(e) => setGridText(field, e.target.value)}
          aria-describedby={errors[field] ? `cms-grid-${field}-error` : undefined}
        />
      ) : (
        <input
          id={`cms-grid-${field}`}
          value={texts[field]}
          maxLength={max}
          onChange={(e) => setGridText(field, e.target.value)}
          aria-describedby={errors[field] ? `cms-grid-${field}-error` : undefined}
        />
      )}
      <FieldError id={`cms-grid-${field}-error`} message={errors[field]} />
    </div>
  );
  useEffect(() => {
    void loadGrid(slug);
  }, [slug]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveGrid();
  };
  const visible = grid?.tours.filter((t) => t.visibleToVisitors).length ?? 0;
  return (
    <section className="cms-panel" aria-labelledby="cms-grid">
      <div className="cms-panel__head">
        <h2 id="cms-grid">Tours de la campaña · edición</h2>
        {!open && (
          <button type="button" className="cms-button cms-button--primary" onClick={openGrid} disabled={!grid}>
            Editar tours
          </button>
        )}
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {message ?? ''}
      </p>
      {status === 'loading' && <p className="cms-muted">Cargando la campaña…</p>}
      {grid && !open && (
        <p className="cms-muted" data-testid="cms-grid-summary">
          {grid.title} · {grid.tours.length} tours ({visible} visibles)
        </p>
      )}
      {open && (
        <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar tours de la campaña">
          <div className="cms-fields">
            <div className="cms-field">
              <label htmlFor="cms-grid-title">Título</label>
              <input
                id="cms-grid-title"
                value={title}
                maxLength={200}
                onChange={(e) => setGridTitle(e.target.value)}
                aria-describedby={errors.title ? 'cms-grid-title-error' : undefined}
              />
              <FieldError id="cms-grid-title-error" message={errors.title ?? errors.slug} />
            </div>
            {textField('sliderTitle', 'Título de la lista de tours', 200)}
            {textField('promotionBanner', 'Promoción sobre el banner', 120)}
          </div>
          <div className="cms-fields">
            {textField('labelFooter', 'Título del pie de la campaña', 200)}
            {textField('descriptionFooter', 'Texto del pie de la campaña', 1000, true)}
          </div>
          <div className="cms-field cms-field--check">
            <input id="cms-grid-animation" type="checkbox" checked={texts.bannerAnimation} onChange={(e) => setGridAnimation(e.target.checked)} />
            <label htmlFor="cms-grid-animation">Animar la imagen del banner al abrir la página (2 segundos)</label>
          </div>
          <TourPicker
            idPrefix="cms-grid"
            picker={picker}
            error={errors.picker}
            onSearch={(query) => void searchGridTours(query)}
            onChange={setGridPicker}
            onAdd={() => addGridTour()}
          />
          <RollList
            idPrefix="cms-grid"
            label="Tours de la campaña"
            empty="No existen tours añadidos para esta campaña"
            tours={tours}
            errors={errors}
            removeText="Eliminar"
            removeLabel={(name) => `Eliminar ${name} de la campaña`}
            onRemove={removeGridTour}
          />
          <div className="cms-actions">
            <button type="submit" className="cms-button cms-button--primary" disabled={saving}>
              {saving && <span className="cms-spinner" aria-hidden="true" />}
              {saving ? 'Guardando…' : 'Guardar'}
            </button>
            <button type="button" className="cms-button" onClick={closeGrid} disabled={saving}>
              Cancelar
            </button>
            {grid?.id && (
              <button type="button" className="cms-link" onClick={() => void loadGridHistory()}>
                Versiones anteriores
              </button>
            )}
          </div>
          {history && <HistoryList history={history} version={grid?.version ?? null} saving={saving} onRestore={(entry) => void restoreGridVersion(entry)} />}
        </form>
      )}
    </section>
  );
}
