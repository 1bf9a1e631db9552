/**
 * /admin/portada (issue 33): the experiences and travellers' photos the home shows, in their order. An
 * experience needs a photo to go on the home; a photo needs a caption (shown under it, it is what a screen reader reads of it).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import type { HomeActivityView, HomePhotoView } from '#shared/schemas/home-blocks.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { AdminField, ConfirmDialog, FieldError, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import {
  $homeBlocks,
  closeActivity,
  editActivity,
  moveActivity,
  movePhoto,
  openHomeBlocks,
  removePhoto,
  saveActivity,
  setActivityField,
  setActivityVisibility,
  setCaption,
  setPhotoStatus,
  uploadActivityPhoto,
  uploadPhoto,
} from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', HomeBlocksDesk);

const STATUS = { ACTIVE: 'Publicada', DRAFT: 'Borrador', INACTIVE: 'Oculta' } as const;

function HomeBlocksDesk() {
  const { status, view, editor, message, done } = useStore($homeBlocks);
  useEffect(() => void openHomeBlocks(), []);
  if (status === 'loading') return <p role="status">Cargando la portada…</p>;
  if (!view) return <Outcome done={null} message={message} />;
  return (
    <>
      <p>Lo que la portada muestra bajo los viajes, en este orden. Cada cambio se publica en la portada al momento.</p>
      <Outcome done={done} message={message} />
      <section className="admin-block" aria-labelledby="portada-experiencias">
        <h2 id="portada-experiencias">Experiencias</h2>
        <button type="button" className="button" onClick={() => editActivity(null)}>
          Nueva experiencia
        </button>
        <ol className="home-blocks">
          {view.activities.map((a, i) => (
            <ActivityRow key={a.id} activity={a} first={i === 0} last={i === view.activities.length - 1} />
          ))}
        </ol>
      </section>
      <section className="admin-block" aria-labelledby="portada-fotos">
        <h2 id="portada-fotos">Fotos de viajeros</h2>
        <PhotoUploadForm />
        <ol className="home-blocks">
          {view.photos.map((p, i) => (
            <PhotoRow key={p.id} photo={p} first={i === 0} last={i === view.photos.length - 1} />
          ))}
        </ol>
      </section>
      {editor ? (
        <ConfirmDialog
          title={editor.id ? 'Editar experiencia' : 'Nueva experiencia'}
          error={editor.error}
          sending={editor.sending}
          confirm="Guardar"
          back="Cancelar"
          working="Guardando…"
          onConfirm={() => void saveActivity()}
          onClose={closeActivity}
        >
          <TextField label="Nombre" value={editor.form.name} error={editor.fields.name} onChange={(v) => setActivityField('name', v)} />
          <TextField label="Ciudad" value={editor.form.city} error={editor.fields.city} onChange={(v) => setActivityField('city', v)} />
          <TextField label="País" value={editor.form.country} error={editor.fields.country} onChange={(v) => setActivityField('country', v)} />
          <AdminField label="Descripción" error={editor.fields.description}>
            {(props) => (
              <textarea {...props} rows={3} maxLength={400} value={editor.form.description} onChange={(e) => setActivityField('description', e.target.value)} />
            )}
          </AdminField>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function Moves({ name, first, last, onMove, busy }: { name: string; first: boolean; last: boolean; onMove: (d: 'up' | 'down') => void; busy: boolean }) {
  return (
    <>
      <button type="button" className="admin-button-secondary" disabled={busy || first} onClick={() => onMove('up')} aria-label={`Subir ${name}`}>
        Subir
      </button>
      <button type="button" className="admin-button-secondary" disabled={busy || last} onClick={() => onMove('down')} aria-label={`Bajar ${name}`}>
        Bajar
      </button>
    </>
  );
}

function ActivityRow({ activity: a, first, last }: { activity: HomeActivityView; first: boolean; last: boolean }) {
  const { row } = useStore($homeBlocks);
  const busy = row !== null;
  const fileId = useId();
  return (
    <li className="home-blocks__item">
      {a.previewUrl ? <img src={a.previewUrl} alt="" width={96} height={72} /> : <span className="home-blocks__nophoto">Sin foto</span>}
      <div>
        <strong>{a.name}</strong>
        <small>
          {[a.city, a.country].filter(Boolean).join(', ') || 'Sin lugar'} · {STATUS[a.status]}
          {a.homeViewable ? ' · en la portada' : ''}
        </small>
      </div>
      <div className="admin-row-actions">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={a.homeViewable}
            disabled={busy}
            onChange={(e) => void setActivityVisibility(a.id, { homeViewable: e.target.checked })}
          />{' '}
          En la portada
        </label>
        <label className="admin-button-secondary" htmlFor={fileId}>
          {a.thumbnail ? 'Cambiar foto' : 'Subir foto'}
        </label>
        <input
          id={fileId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-label={`Foto de ${a.name}`}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void uploadActivityPhoto(a.id, file);
          }}
        />
        <button type="button" className="admin-button-secondary" disabled={busy} onClick={() => editActivity(a.id)} aria-label={`Editar ${a.name}`}>
          Editar
        </button>
        <button
          type="button"
          className="admin-button-secondary"
          disabled={busy}
          onClick={() => void setActivityVisibility(a.id, { status: a.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' })}
        >
          {a.status === 'ACTIVE' ? 'Ocultar' : 'Publicar'}
        </button>
        <Moves name={a.name} first={first} last={last} busy={busy} onMove={(d) => void moveActivity(a.id, d)} />
      </div>
    </li>
  );
}

function PhotoRow({ photo: p, first, last }: { photo: HomePhotoView; first: boolean; last: boolean }) {
  const { row } = useStore($homeBlocks);
  const busy = row !== null;
  return (
    <li className="home-blocks__item">
      <img src={p.previewUrl} alt={p.name} width={96} height={72} />
      <div>
        <strong>{p.name}</strong>
        <small>{STATUS[p.status]}</small>
      </div>
      <div className="admin-row-actions">
        <button
          type="button"
          className="admin-button-secondary"
          disabled={busy}
          onClick={() => void setPhotoStatus(p.id, p.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE')}
        >
          {p.status === 'ACTIVE' ? 'Ocultar' : 'Publicar'}
        </button>
        <Moves name={p.name} first={first} last={last} busy={busy} onMove={(d) => void movePhoto(p.id, d)} />
        <button type="button" className="admin-button-danger" disabled={busy} onClick={() => void removePhoto(p.id)} aria-label={`Quitar la foto ${p.name}`}>
          Quitar
        </button>
      </div>
    </li>
  );
}

function PhotoUploadForm() {
  const { upload } = useStore($homeBlocks);
  const file = useRef<HTMLInputElement>(null);
  const fileId = useId();
  return (
    <form
      className="home-blocks__upload"
      aria-label="Subir una foto de viajeros"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void uploadPhoto(file.current?.files?.[0] ?? null).then((ok) => {
          if (ok && file.current) file.current.value = '';
        });
      }}
    >
      <TextField label="Pie de foto (lo leen también quienes no ven la imagen)" value={upload.caption} error={upload.fields.caption} onChange={setCaption} />
      <div className="admin-field">
        <label htmlFor={fileId}>Foto</label>
        <input
          id={fileId}
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-invalid={upload.fields.file ? true : undefined}
          aria-describedby={upload.fields.file ? `${fileId}-error` : undefined}
        />
        <FieldError id={`${fileId}-error`} error={upload.fields.file} />
      </div>
      {upload.error ? (
        <p role="alert" className="admin-alert">
          {upload.error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={upload.sending}>
        {upload.sending ? 'Subiendo…' : 'Subir foto'}
      </button>
    </form>
  );
}
