/**
 * The tour's own fields (cms-and-backoffice.md §3 "Tour fields edited here") with the search snippet as
 * Google would show it, built by the same rule the tour page writes its meta with, and how much of the
 * title and description a result shows.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent, ReactNode } from 'react';
import {
  buildTourMeta,
  SNIPPET_DESCRIPTION_SHOWN,
  SNIPPET_TITLE_SHOWN,
  type SnippetHint,
  snippetDescriptionHint,
  snippetShown,
  snippetTitleHint,
} from '#shared/rules/seo-meta.ts';
import { TOUR_EDITOR_STATUSES, TOUR_FIELD_LIMITS, TOUR_STATUS_LABELS, type TourField } from '#shared/schemas/tour-editor-texts.ts';
import { $publish, describePublish } from '../../stores/cms-publish.ts';
import { $tourEditor, reloadTour, saveTourFields, setTourField, uploadThumbnail } from '../../stores/admin-tour-editor.ts';

export const TOUR_FIELD_LABELS: Record<TourField, string> = {
  metaTitle: 'Título para buscadores',
  metaDescription: 'Descripción para buscadores',
  metaKeyword: 'Palabras clave',
  offerValidity: 'Validez de la oferta',
  rate: 'Valoración (0 a 5)',
  stops: 'Paradas',
  expertOpinionTitle: 'Título de la opinión del experto',
  expertOpinion: 'Opinión del experto',
  expertOpinionAvatar: 'Foto del experto',
  includedServicesWeb: 'Servicios incluidos (web)',
  thumbnail: 'Miniatura',
  status: 'Estado',
};

const HINTS: Partial<Record<TourField, string>> = {
  metaTitle: 'Vacío: el nombre del tour y la marca.',
  metaDescription: 'Vacío: el subtítulo y la descripción del tour, recortados.',
  metaKeyword: 'Separadas por comas.',
  expertOpinionAvatar: 'La clave del archivo en la carpeta del tour.',
  includedServicesWeb: 'Una línea por servicio; admite Markdown (- para listas).',
  status: 'Desactivado: el tour se marca como inactivo en las herramientas de la tienda.',
};

const MULTILINE: ReadonlySet<TourField> = new Set(['metaDescription', 'expertOpinion', 'includedServicesWeb', 'offerValidity']);

function Field({ name, children }: { name: TourField; children?: ReactNode }) {
  const { form, errors, saving } = useStore($tourEditor);
  const id = `tour-${name}`;
  const described = [HINTS[name] ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: form[name],
    disabled: saving,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': described,
  };
  const limit = name in TOUR_FIELD_LIMITS ? TOUR_FIELD_LIMITS[name as keyof typeof TOUR_FIELD_LIMITS] : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{TOUR_FIELD_LABELS[name]}</label>
      {name === 'status' ? (
        <select {...common} onChange={(e) => setTourField(name, e.target.value)}>
          {TOUR_EDITOR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TOUR_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      ) : MULTILINE.has(name) ? (
        <textarea {...common} rows={name === 'metaDescription' ? 3 : 5} maxLength={limit} onChange={(e) => setTourField(name, e.target.value)} />
      ) : (
        <input {...common} inputMode={name === 'rate' ? 'decimal' : undefined} maxLength={limit} onChange={(e) => setTourField(name, e.target.value)} />
      )}
      {HINTS[name] ? (
        <span className="admin-field__hint" id={`${id}-hint`}>
          {HINTS[name]}
        </span>
      ) : null}
      {errors[name] ? (
        <span className="admin-field__error" id={`${id}-error`}>
          {errors[name]}
        </span>
      ) : null}
      {children}
    </div>
  );
}

const Hint = ({ hint, id }: { hint: SnippetHint; id: string }) => (
  <p id={id} className={hint.level === 'warn' ? 'tour-snippet__hint tour-snippet__hint--warn' : 'tour-snippet__hint'}>
    {hint.level === 'warn' ? 'Atención: ' : ''}
    {hint.text}
  </p>
);

/** The result a search engine would list for the tour page, as typed now. */
function SnippetPreview() {
  const { view, form } = useStore($tourEditor);
  if (!view) return null;
  const { tour } = view;
  const meta = buildTourMeta({ ...tour, metaTitle: form.metaTitle, metaDescription: form.metaDescription, metaKeyword: form.metaKeyword });
  const host = typeof location === 'undefined' ? '' : location.host;
  return (
    <section className="tour-snippet" aria-labelledby="tour-snippet-title">
      <h3 id="tour-snippet-title">Vista previa en el buscador</h3>
      <div className="tour-snippet__result">
        <p className="tour-snippet__url">
          {host} › tour › {tour.webSlug}
        </p>
        <p className="tour-snippet__title">{snippetShown(meta.title, SNIPPET_TITLE_SHOWN)}</p>
        <p className="tour-snippet__description">{snippetShown(meta.description, SNIPPET_DESCRIPTION_SHOWN)}</p>
      </div>
      <Hint id="tour-snippet-title-hint" hint={snippetTitleHint(meta.title)} />
      <Hint id="tour-snippet-description-hint" hint={snippetDescriptionHint(meta.description)} />
    </section>
  );
}

function ThumbnailField() {
  const { photo, saving } = useStore($tourEditor);
  return (
    <Field name="thumbnail">
      {photo.url ? <img className="tour-editor__thumb" src={photo.url} alt="Miniatura actual del tour" width={160} height={107} /> : null}
      <label className="admin-field tour-editor__upload">
        <span>Subir otra miniatura</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={saving || photo.uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadThumbnail(file);
          }}
        />
      </label>
      {photo.uploading ? <span role="status">Subiendo la imagen…</span> : null}
      {photo.error ? (
        <span role="alert" className="admin-field__error">
          {photo.error}
        </span>
      ) : null}
    </Field>
  );
}

export function TourFieldsForm() {
  const { saving, message, stale, done, photo } = useStore($tourEditor);
  const publish = useStore($publish);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveTourFields();
  };
  return (
    <form className="tour-editor__form" aria-labelledby="tour-fields-title" onSubmit={submit} noValidate>
      <h2 id="tour-fields-title" className="admin-section-title">
        Datos del tour
      </h2>
      <fieldset className="tour-editor__group">
        <legend>En los buscadores</legend>
        <div className="tour-editor__seo">
          <div>
            <Field name="metaTitle" />
            <Field name="metaDescription" />
            <Field name="metaKeyword" />
          </div>
          <SnippetPreview />
        </div>
      </fieldset>
      <fieldset className="tour-editor__group">
        <legend>En la página del tour</legend>
        <div className="admin-form-grid">
          <Field name="rate" />
          <Field name="status" />
          <Field name="stops" />
          <Field name="offerValidity" />
          <Field name="expertOpinionTitle" />
          <Field name="expertOpinionAvatar" />
        </div>
        <Field name="expertOpinion" />
        <Field name="includedServicesWeb" />
        <ThumbnailField />
      </fieldset>
      {message ? (
        <p role="alert" className="admin-alert">
          {message}
        </p>
      ) : null}
      {stale ? (
        <p>
          <button type="button" className="admin-button-secondary" onClick={() => void reloadTour()}>
            Descartar lo escrito y cargar la versión actual
          </button>
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="submit" className="button" disabled={saving || photo.uploading}>
          {saving ? 'Guardando…' : 'Guardar'}
        </button>
        <p role="status" className="admin-done">
          {done ?? ''} {publish.state === 'idle' ? '' : describePublish(publish)}
        </p>
      </div>
    </form>
  );
}
