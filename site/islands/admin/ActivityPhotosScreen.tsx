/**
 * /admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}: the photos of one optional activity, in
 * the order the tour page shows them. 'Subir foto' adds one at the end; 'Mover arriba' and 'Mover abajo' move a photo
 * one place (keyboard focus stays on the photo's buttons); 'Quitar' asks first.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import {
  $activityPhotos,
  askRemove,
  cancelRemove,
  chooseFile,
  confirmRemove,
  focusDone,
  movePhoto,
  openActivityPhotos,
  uploadPhoto,
} from '../../stores/admin-activity-photos.ts';
import { guarded } from '../SessionGuard.tsx';
import { ConfirmDialog, AdminField } from '../../staff-kit/ConfirmDialog.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import './admin.css';
import './activity-photos.css';

export default guarded('admin', Screen);

const BACK = <a href={pathTo('admin-tours')}>Volver a los tours</a>;
const buttonId = (photoId: string, direction: 'up' | 'down') => `foto-${photoId}-${direction}`;

function Screen() {
  const state = useStore($activityPhotos);
  const { status, view, message, done, busy, removing } = state;
  useEffect(() => {
    const params = matchRoute(location.pathname)?.params;
    if (params?.tourID && params.optionalActivityId) void openActivityPhotos(params.tourID, params.optionalActivityId);
  }, []);
  // After a move the photo's button keeps focus; at the top or bottom (that button now disabled) the other one takes it.
  useEffect(() => {
    if (!state.focus) return;
    const [photoId = '', direction] = state.focus.split(':') as [string, 'up' | 'down'];
    const same = document.getElementById(buttonId(photoId, direction)) as HTMLButtonElement | null;
    const other = document.getElementById(buttonId(photoId, direction === 'up' ? 'down' : 'up')) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
    focusDone();
  }, [state.focus]);

  if (status === 'loading') return <p role="status">Cargando…</p>;
  if (!view) {
    return (
      <p role="alert">
        {message} {BACK}
      </p>
    );
  }
  const { tour, activity, photos } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void uploadPhoto();
  };
  return (
    <>
      <header className="photos-head">
        <h2>{activity.name}</h2>
        <p>
          {tour.name} · salida del {shortDay(activity.dayOne)} · <a href={`/tour/${tour.slug}`}>Ver la página del viaje</a> · {BACK}
        </p>
      </header>
      {view.otherDepartures.length ? (
        <nav aria-label="La misma actividad en otras salidas" className="photos-others">
          <span>La misma actividad en otras salidas:</span>
          <ul>
            {view.otherDepartures.map((o) => (
              <li key={o.id}>
                <a href={pathTo('admin-activity-photos', { tourID: tour.id, optionalActivityId: o.id })}>
                  {shortDay(o.dayOne)} ({o.photos === 1 ? '1 foto' : `${o.photos} fotos`})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <form className="admin-upload photos-upload" onSubmit={submit} aria-label="Subir una foto" noValidate>
        <AdminField label="Foto (JPG, PNG, WebP o AVIF; hasta 8 MB)" error={state.fileError}>
          {(props) => (
            <input
              {...props}
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            />
          )}
        </AdminField>
        <button type="submit" className="button" disabled={state.uploading}>
          {state.uploading ? 'Subiendo…' : 'Subir foto'}
        </button>
      </form>

      <Outcome done={done} message={message} />

      <h2 className="admin-section-title">{photos.length === 1 ? '1 foto' : `${photos.length} fotos`}, en el orden de la web</h2>
      {photos.length === 0 ? <p>Esta actividad aún no tiene fotos.</p> : null}
      <ol className="photos-list">
        {photos.map((photo, i) => {
          const n = i + 1;
          const waiting = busy === photo.id;
          return (
            <li key={photo.id} className="admin-card">
              <img src={photo.url} alt={`${activity.name}, foto ${n}`} width="240" height="160" loading="lazy" />
              <span className="photos-list__n">Foto {n}</span>
              <div className="admin-row-actions">
                <button
                  type="button"
                  id={buttonId(photo.id, 'up')}
                  className="admin-button-secondary"
                  aria-label={`Mover la foto ${n} arriba`}
                  disabled={i === 0 || waiting}
                  onClick={() => void movePhoto(photo, 'up')}
                >
                  Mover arriba
                </button>
                <button
                  type="button"
                  id={buttonId(photo.id, 'down')}
                  className="admin-button-secondary"
                  aria-label={`Mover la foto ${n} abajo`}
                  disabled={i === photos.length - 1 || waiting}
                  onClick={() => void movePhoto(photo, 'down')}
                >
                  Mover abajo
                </button>
                <button type="button" className="admin-button-danger" aria-label={`Quitar la foto ${n}`} onClick={() => askRemove(photo, n)}>
                  Quitar
                </button>
              </div>
            </li>
          );
        })}
      </ol>

      {removing ? (
        <ConfirmDialog
          title={`¿Quitar la foto ${removing.position}?`}
          error={removing.error}
          sending={removing.sending}
          confirm="Quitar la foto"
          working="Quitando…"
          danger
          onConfirm={() => void confirmRemove()}
          onClose={cancelRemove}
        >
          <img className="photos-dialog__img" src={removing.photo.url} alt={`${activity.name}, foto ${removing.position}`} width="240" height="160" />
          <p className="admin-lead">Deja de mostrarse en la página del viaje.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
