/**
 * What the tour is linked to: the parent regions it is listed under (/region/{slug}) and the catalogue's
 * activities that name it (ActivityTour). Each list adds one picked from the rest and takes one off.
 */
import { useStore } from '@nanostores/react';
import type { FormEvent, ReactNode } from 'react';
import { $tourEditor, changeLink, type LinkKind, pickLink } from '../../stores/admin-tour-editor.ts';

const TEXTS = {
  region: { title: 'Regiones', field: 'Región', pick: 'Elige una región', add: 'Añadir región', none: 'El tour no aparece en ninguna región.' },
  activity: {
    title: 'Actividades',
    field: 'Actividad',
    pick: 'Elige una actividad',
    add: 'Enlazar actividad',
    none: 'Ninguna actividad del catálogo nombra este tour.',
  },
} as const;

const ACTIVITY_STATUS = { ACTIVE: 'publicada', DRAFT: 'borrador', INACTIVE: 'oculta' } as const;

interface Item {
  id: string;
  name: string;
  detail: ReactNode;
}

function LinkSection({ kind, linked, options }: { kind: LinkKind; linked: Item[]; options: Item[] }) {
  const { links } = useStore($tourEditor);
  const t = TEXTS[kind];
  const free = options.filter((o) => !linked.some((l) => l.id === o.id));
  const titleId = `tour-${kind}-title`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void changeLink(kind, links.pick[kind], true);
  };
  return (
    <section aria-labelledby={titleId} className="tour-editor__links">
      <h2 id={titleId} className="admin-section-title">
        {t.title}
      </h2>
      {linked.length ? (
        <ul className="tour-editor__chips">
          {linked.map((item) => (
            <li key={item.id}>
              {item.detail}
              <button
                type="button"
                className="admin-button-secondary"
                disabled={links.sending !== null}
                aria-label={`Quitar ${item.name}`}
                onClick={() => void changeLink(kind, item.id, false)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t.none}</p>
      )}
      <form className="admin-inline-form" onSubmit={submit} aria-label={t.add} noValidate>
        <label className="admin-field">
          <span>{t.field}</span>
          <select value={links.pick[kind]} onChange={(e) => pickLink(kind, e.target.value)} aria-invalid={links.error?.kind === kind ? true : undefined}>
            <option value="">{t.pick}</option>
            {free.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={links.sending !== null}>
          {links.sending === kind ? 'Guardando…' : t.add}
        </button>
      </form>
      {links.error?.kind === kind ? (
        <p role="alert" className="admin-alert">
          {links.error.message}
        </p>
      ) : null}
    </section>
  );
}

export function TourLinks() {
  const { view } = useStore($tourEditor);
  if (!view) return null;
  const region = (r: { id: string; name: string; slug: string }): Item => ({ id: r.id, name: r.name, detail: <a href={`/region/${r.slug}`}>{r.name}</a> });
  const activity = (a: (typeof view.activities.options)[number]): Item => ({
    id: a.id,
    name: a.name,
    detail: (
      <span>
        {a.name}
        {a.city ? ` (${a.city})` : ''} · {ACTIVITY_STATUS[a.status]}
      </span>
    ),
  });
  return (
    <>
      <LinkSection kind="region" linked={view.regions.linked.map(region)} options={view.regions.options.map(region)} />
      <LinkSection kind="activity" linked={view.activities.linked.map(activity)} options={view.activities.options.map(activity)} />
    </>
  );
}
