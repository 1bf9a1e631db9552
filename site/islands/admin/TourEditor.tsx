/**
 * /admin/tour/{id}: the editor of one tour (issue 14). Its own fields with the search-snippet preview,
 * then its departures with their seats, web sale, source and prices, the regions it is listed under and the catalogue's activities that name it. Every save publishes the tour's
 * pages again; the line under 'Guardar' follows the publication.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { TOUR_STATUS_LABELS } from '#shared/schemas/tour-editor-texts.ts';
import { $tourEditor, openTourEditor } from '../../stores/admin-tour-editor.ts';
import { guarded } from '../SessionGuard.tsx';
import { TourFieldsForm } from './TourFieldsForm.tsx';
import { TourPeriods } from './TourPeriods.tsx';
import { TourPaymentPolicy } from './TourPaymentPolicy.tsx';
import { TourLinks } from './TourLinks.tsx';
import { TourExtras } from './TourExtras.tsx';
import './admin.css';
import './tour-editor.css';

export default guarded('admin', Screen);

const BACK = <a href={pathTo('admin-tours')}>Volver a los tours</a>;

function Screen() {
  const { status, view, message } = useStore($tourEditor);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void openTourEditor(id);
  }, []);
  const name = view?.tour.name;
  useEffect(() => {
    if (name) document.title = document.title.replace(/^[^·]*·/, `${name} ·`);
  }, [name]);
  if (status === 'loading' && !view) return <p role="status">Cargando…</p>;
  if (!view) {
    return (
      <p role="alert">
        {message} {BACK}
      </p>
    );
  }
  const { tour } = view;
  return (
    <>
      <header className="tour-editor__head">
        <h2>{tour.name}</h2>
        <p>
          {tour.publishWeb ? 'Publicado en la web' : 'Oculto en la web'} · {TOUR_STATUS_LABELS[tour.statusNow]}
          {tour.publishWeb ? (
            <>
              {' · '}
              <a href={`/tour/${tour.webSlug}`}>Ver en la web</a>
            </>
          ) : null}
          {' · '}
          {BACK}
        </p>
      </header>
      <TourFieldsForm />
      <TourPeriods />
      <TourPaymentPolicy />
      <TourExtras />
      <TourLinks />
    </>
  );
}
