/**
 * The recommended carousels block in edit mode: every carousel of the site (drafts and hidden ones dimmed
 * and labelled, as visitors never see them), 'Agregar carrusel', and one carousel open at a time with its
 * fields, its roll of tours (three cards per row, as the spec's edit mode shows) and the slider tour picker.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { CAROUSEL_SHELF, CAROUSEL_SHELF_PLACES, DRAFT_STATUSES, SLIDER_CATEGORY_LABELS, SLIDER_STATUS_LABELS, type SliderCategory } from '#shared/enums.ts';
import { isCarouselDimmed } from '#shared/rules/content.ts';
import {
  $carouselsEditor,
  addCarousel,
  addPickedTour,
  CREATE_CATEGORIES,
  closeCarousel,
  deleteCarousel,
  EDIT_CATEGORIES,
  loadCarousels,
  loadHistory,
  openCarousel,
  removeTour,
  restoreVersion,
  saveCarousel,
  searchTours,
  setDraftField,
  setPicker,
} from '../stores/cms-carousels.ts';
import { ConfirmDelete, FieldError, HistoryList, RollList, TourPicker } from './RollEditor.tsx';

function CarouselForm() {
  const { draft, errors, saving, picker, history } = useStore($carouselsEditor);
  if (!draft) return null;
  const categories: readonly SliderCategory[] = draft.isNew ? CREATE_CATEGORIES : EDIT_CATEGORIES;
  const id = (name: string) => `carrusel-${draft.id}-${name}`;
  const describedBy = (name: string) => (errors[name] ? `${id(name)}-error` : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveCarousel();
  };
  return (
    <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar carrusel">
      <div className="cms-fields">
        <div className="cms-field">
          <label htmlFor={id('label')}>Título</label>
          <input
            id={id('label')}
            value={draft.label}
            maxLength={200}
            onChange={(e) => setDraftField('label', e.target.value)}
            aria-describedby={describedBy('label')}
          />
          <FieldError id={`${id('label')}-error`} message={errors.label} />
        </div>
        <div className="cms-field">
          <label htmlFor={id('category')}>Categoría</label>
          <select
            id={id('category')}
            value={draft.category}
            onChange={(e) => setDraftField('category', e.target.value as SliderCategory)}
            aria-describedby={describedBy('category')}
          >
            {!categories.includes(draft.category) && <option value={draft.category}>{SLIDER_CATEGORY_LABELS[draft.category]}</option>}
            {categories.map((c) => (
              <option key={c} value={c}>
                {SLIDER_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          {CAROUSEL_SHELF[draft.category] ? (
            <p className="cms-muted" id={`${id('category')}-place`}>
              Se muestra en: {CAROUSEL_SHELF_PLACES[CAROUSEL_SHELF[draft.category] ?? 'GROUP']}
            </p>
          ) : null}
          <FieldError id={`${id('category')}-error`} message={errors.category} />
        </div>
        <div className="cms-field cms-field--narrow">
          <label htmlFor={id('position')}>Posición</label>
          <input
            id={id('position')}
            type="number"
            inputMode="numeric"
            min={0}
            value={draft.position}
            onChange={(e) => setDraftField('position', e.target.value)}
            aria-describedby={describedBy('position')}
            aria-invalid={errors.position ? true : undefined}
          />
          <FieldError id={`${id('position')}-error`} message={errors.position} />
        </div>
        <div className="cms-field">
          <label htmlFor={id('status')}>Estado</label>
          <select id={id('status')} value={draft.status} onChange={(e) => setDraftField('status', e.target.value as (typeof DRAFT_STATUSES)[number])}>
            {DRAFT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SLIDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <TourPicker
        idPrefix={`carrusel-${draft.id}`}
        picker={picker}
        error={errors.picker}
        onSearch={(query) => void searchTours(query)}
        onChange={setPicker}
        onAdd={() => addPickedTour()}
      />
      <RollList
        idPrefix={`carrusel-${draft.id}`}
        label="Tours del carrusel"
        empty="Este carrusel aún no tiene tours."
        tours={draft.tours}
        errors={errors}
        removeText="Borrar"
        removeLabel={(name) => `Borrar ${name} del carrusel`}
        onRemove={removeTour}
      />

      <div className="cms-actions">
        <button type="submit" className="cms-button cms-button--primary" disabled={saving}>
          {saving && <span className="cms-spinner" aria-hidden="true" />}
          {saving ? 'Guardando…' : 'Guardar'}
        </button>
        <button type="button" className="cms-button" onClick={closeCarousel} disabled={saving}>
          Cerrar
        </button>
        {!draft.isNew && (
          <button type="button" className="cms-link" onClick={() => void loadHistory()}>
            Versiones anteriores
          </button>
        )}
      </div>
      {history && <HistoryList history={history} version={draft.version} saving={saving} onRestore={(entry) => void restoreVersion(entry)} />}
    </form>
  );
}

export default function CarouselsEditor({ website }: { website: string }) {
  const { status, carousels, draft, saving, message } = useStore($carouselsEditor);
  useEffect(() => {
    void loadCarousels(website);
  }, [website]);
  return (
    <section className="cms-panel" aria-labelledby="cms-carruseles">
      <div className="cms-panel__head">
        <h2 id="cms-carruseles">Carruseles recomendados · edición</h2>
        <button type="button" className="cms-button cms-button--primary" onClick={() => void addCarousel()} disabled={saving}>
          Agregar carrusel
        </button>
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {message ?? ''}
      </p>
      {status === 'loading' && <p className="cms-muted">Cargando carruseles…</p>}
      <ul className="cms-list">
        {carousels.map((carousel) => {
          const open = draft?.id === carousel.id;
          return (
            <li
              key={carousel.id}
              // Drafts and hidden carousels show dimmed, as visitors never see them; not while being edited.
              className={isCarouselDimmed(carousel) && !open ? 'cms-item cms-item--dimmed' : 'cms-item'}
              data-testid="cms-carousel"
              data-status={carousel.status}
            >
              <div className="cms-item__head">
                <strong>{carousel.label || 'Carrusel sin título'}</strong>
                <span className={`cms-badge cms-badge--${carousel.status.toLowerCase()}`}>{SLIDER_STATUS_LABELS[carousel.status]}</span>
                <span className="cms-muted">
                  {SLIDER_CATEGORY_LABELS[carousel.category]} · posición {carousel.position} · {carousel.tours.length} tours
                </span>
                <span className="cms-item__actions">
                  {!open && (
                    <button
                      type="button"
                      className="cms-button"
                      onClick={() => openCarousel(carousel.id)}
                      aria-label={`Editar ${carousel.label || 'carrusel sin título'}`}
                    >
                      Editar
                    </button>
                  )}
                  <ConfirmDelete label={`Eliminar ${carousel.label || 'carrusel sin título'}`} onConfirm={() => void deleteCarousel(carousel.id)} />
                </span>
              </div>
              {open ? (
                <CarouselForm />
              ) : (
                carousel.tours.length > 0 && (
                  <ol className="cms-roll cms-roll--preview" aria-label={`Tours de ${carousel.label || 'carrusel sin título'}`}>
                    {carousel.tours.map((tour) => (
                      <li key={tour.linkId} className={tour.visibleToVisitors ? 'cms-roll__card' : 'cms-roll__card cms-item--dimmed'}>
                        <span className="cms-roll__name">{tour.name}</span>
                        <span className="cms-muted">Posición {tour.position}</span>
                        {!tour.visibleToVisitors && <span className="cms-muted">Oculto para los visitantes</span>}
                      </li>
                    ))}
                  </ol>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
