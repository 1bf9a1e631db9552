/**
 * /admin/tour/opinion: the travellers' reviews newest first, filtered on the server by tour, departure,
 * status and the days written; each with its ratings, text and photo, and the team's actions: Publicar /
 * Ocultar, where it shows (home, tour page) and Responder, whose reply is mailed to the author once.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect } from 'react';
import { pathTo } from '#shared/routes.ts';
import { formatRating } from '#shared/rules/labels.ts';
import { TOUR_RATINGS } from '#shared/schemas/feedback.ts';
import {
  type ActivityOpinionView,
  MODERATION_STATUS_LABELS,
  MODERATION_STATUSES,
  type ModerationStatus,
  OPINION_MESSAGES,
  type OpinionView,
  REPLY_MAX_LENGTH,
} from '#shared/schemas/opinions.ts';
import {
  $opinionsDesk,
  applyFilters,
  clearFilters,
  closeHistory,
  closeReply,
  goToOpinionsPage,
  moderate,
  moderateActivity,
  type OpinionFilter,
  openHistory,
  openOpinionsDesk,
  openReply,
  sendReply,
  setFilter,
  setKind,
  setReplyComment,
} from '../../stores/admin-opinions.ts';
import SessionGuard from '../SessionGuard.tsx';
import { AdminDialog, AdminField } from './AdminDialog.tsx';
import { DataTable, Pager } from './DataTable.tsx';
import { Modal } from './Modal.tsx';
import { counted, moment, shortDay } from './format.ts';
import './admin.css';
import './opinions.css';

export default function OpinionsDesk() {
  return (
    <SessionGuard area="admin">
      <Desk />
    </SessionGuard>
  );
}

const TONE: Record<ModerationStatus, string> = {
  DRAFT: 'admin-status--waiting_for_transfer',
  ACTIVE: 'admin-status--confirmed',
  INACTIVE: 'admin-status--canceled',
};
const statusLabel = (status: string) => MODERATION_STATUS_LABELS[status as ModerationStatus] ?? status;

function Review({ opinion }: { opinion: OpinionView }) {
  return (
    <div className="opinion-review">
      <strong>{opinion.title ?? `Opinión de ${opinion.name}`}</strong>
      <small>
        {opinion.name}
        {opinion.email ? ` · ${opinion.email}` : ''} · {moment(opinion.createdAt)}
      </small>
      {opinion.description ? <p>{opinion.description}</p> : null}
      {opinion.photoUrl ? (
        <a href={opinion.photoUrl} target="_blank" rel="noopener">
          <img className="opinion-review__photo" src={opinion.photoUrl} alt={`Foto enviada por ${opinion.name}`} loading="lazy" width="160" height="120" />
        </a>
      ) : null}
      {opinion.replies.length ? (
        <ul className="opinion-review__replies" aria-label="Respuestas del equipo">
          {opinion.replies.map((r) => (
            <li key={r.id}>
              <p>{r.comment}</p>
              <small>
                {moment(r.createdAt)} · {r.emailReplySent ? 'Enviada por correo' : 'No enviada (sin correo)'}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Ratings({ opinion }: { opinion: OpinionView }) {
  return (
    <dl className="opinion-ratings">
      {TOUR_RATINGS.map(({ field, label }) => {
        const value = opinion[field];
        return value === null ? null : (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{formatRating(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Actions({ opinion }: { opinion: OpinionView }) {
  const { busy } = useStore($opinionsDesk);
  const waiting = busy === opinion.id;
  const published = opinion.status === 'ACTIVE';
  return (
    <div className="opinion-actions">
      <span className={`admin-status ${TONE[opinion.status as ModerationStatus] ?? ''}`.trim()}>{statusLabel(opinion.status)}</span>
      <label className="opinion-toggle">
        <input type="checkbox" checked={opinion.homeViewable} disabled={waiting} onChange={(e) => void moderate(opinion, { homeViewable: e.target.checked })} />
        En la portada
      </label>
      <label className="opinion-toggle">
        <input type="checkbox" checked={opinion.tourViewable} disabled={waiting} onChange={(e) => void moderate(opinion, { tourViewable: e.target.checked })} />
        En la página del viaje
      </label>
      <div className="admin-row-actions">
        {published ? (
          <button type="button" className="admin-button-secondary" disabled={waiting} onClick={() => void moderate(opinion, { status: 'INACTIVE' })}>
            Ocultar
          </button>
        ) : (
          <button type="button" className="button" disabled={waiting} onClick={() => void moderate(opinion, { status: 'ACTIVE' })}>
            Publicar
          </button>
        )}
        <button type="button" className="admin-button-secondary" disabled={waiting} onClick={() => openReply(opinion)}>
          Responder
        </button>
        <HistoryButton id={opinion.id} title={`Historial de la opinión de ${opinion.name}`} />
      </div>
    </div>
  );
}

function HistoryButton({ id, title }: { id: string; title: string }) {
  return (
    <button type="button" className="admin-button-secondary" aria-label={title} onClick={() => void openHistory(id, title)}>
      Historial
    </button>
  );
}

function ActivityActions({ opinion }: { opinion: ActivityOpinionView }) {
  const { busy } = useStore($opinionsDesk);
  const waiting = busy === opinion.id;
  return (
    <div className="opinion-actions">
      <span className={`admin-status ${TONE[opinion.status as ModerationStatus] ?? ''}`.trim()}>{statusLabel(opinion.status)}</span>
      <div className="admin-row-actions">
        {opinion.status === 'ACTIVE' ? (
          <button type="button" className="admin-button-secondary" disabled={waiting} onClick={() => void moderateActivity(opinion, 'INACTIVE')}>
            Ocultar
          </button>
        ) : (
          <button type="button" className="button" disabled={waiting} onClick={() => void moderateActivity(opinion, 'ACTIVE')}>
            Publicar
          </button>
        )}
        <HistoryButton id={opinion.id} title={`Historial de la opinión sobre «${opinion.activityName}»`} />
      </div>
    </div>
  );
}

const activityFeatures = tableFeatures({});
const activityColumn = createColumnHelper<typeof activityFeatures, ActivityOpinionView>();
const activityColumns = activityColumn.columns([
  activityColumn.accessor('opinion', {
    header: 'Opinión',
    cell: (info) => {
      const o = info.row.original;
      return (
        <div className="opinion-review">
          <strong>{o.activityName}</strong>
          <small>
            {o.travelerName ?? 'Viajero sin nombre'} · {moment(o.createdAt)}
          </small>
          {o.opinion ? <p>{o.opinion}</p> : <p className="opinion-review__empty">Sin comentario.</p>}
        </div>
      );
    },
  }),
  activityColumn.accessor('rate', { header: 'Valoración', cell: (info) => formatRating(info.getValue()) }),
  activityColumn.accessor('tourName', {
    header: 'Viaje',
    cell: (info) => {
      const o = info.row.original;
      return (
        <>
          {o.tourName}
          <small>Salida del {shortDay(o.dayOne)}</small>
          <small>
            <a href={pathTo('admin-activity-photos', { tourID: o.tourId, optionalActivityId: o.activityId })}>Fotos de la actividad</a>
          </small>
        </>
      );
    },
  }),
  activityColumn.accessor('status', { header: 'Estado y acciones', cell: (info) => <ActivityActions opinion={info.row.original} /> }),
]);
const NO_ACTIVITY_ROWS: ActivityOpinionView[] = [];

function HistoryDialogView() {
  const { history } = useStore($opinionsDesk);
  if (!history) return null;
  return (
    <Modal titleId="historial-opinion" onClose={closeHistory}>
      <h2 id="historial-opinion">{history.title}</h2>
      {history.entries === null ? <p role="status">Cargando…</p> : null}
      {history.error ? (
        <p role="alert" className="admin-alert">
          {history.error}
        </p>
      ) : null}
      {history.entries?.length === 0 && !history.error ? <p>Nadie del equipo ha tocado aún esta opinión.</p> : null}
      {history.entries?.length ? (
        <ol className="opinion-history">
          {history.entries.map((e) => (
            <li key={e.id}>
              <strong>{e.label}</strong>
              <small>
                {moment(e.createdAt)} · {e.actorEmail}
              </small>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="admin-dialog__actions">
        <button type="button" className="admin-button-secondary" onClick={closeHistory}>
          Cerrar
        </button>
      </div>
    </Modal>
  );
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OpinionView>();
const columns = column.columns([
  column.accessor('title', { header: 'Opinión', cell: (info) => <Review opinion={info.row.original} /> }),
  column.accessor('rate', { header: 'Valoraciones', cell: (info) => <Ratings opinion={info.row.original} /> }),
  column.accessor('tourName', {
    header: 'Viaje',
    cell: (info) => {
      const o = info.row.original;
      return (
        <>
          <a href={`/tour/${o.tourSlug}`}>{o.tourName}</a>
          {o.dayOne ? <small>Salida del {shortDay(o.dayOne)}</small> : null}
          {o.periodId ? (
            <small>
              <a href={surveyPath(o.tourId, o.periodId)}>Encuesta de la salida</a>
            </small>
          ) : null}
        </>
      );
    },
  }),
  column.accessor('status', { header: 'Estado y acciones', cell: (info) => <Actions opinion={info.row.original} /> }),
]);
const NO_ROWS: OpinionView[] = [];
/** The feedback of one departure, from a review of it or the departure filter. */
const surveyPath = (tourId: string, periodId: string) => pathTo('admin-tour-survey', { tourID: tourId, id: periodId });

function Desk() {
  const state = useStore($opinionsDesk);
  useEffect(() => {
    void openOpinionsDesk(location.search);
  }, []);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const activityTable = useTable({ features: activityFeatures, columns: activityColumns, data: state.activityAnswer?.rows ?? NO_ACTIVITY_ROWS });
  const { typed, fields, kind } = state;
  // What the filters offer and the count come from the list shown.
  const answer = kind === 'activity' ? state.activityAnswer : state.answer;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void applyFilters();
  };
  const select = (key: OpinionFilter, label: string, options: { value: string; label: string }[], all: string) => (
    <AdminField label={label} error={fields[key]}>
      {(props) => (
        <select {...props} name={key} value={typed[key]} onChange={(e) => setFilter(key, e.target.value)}>
          <option value="">{all}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
  const day = (key: OpinionFilter, label: string) => (
    <AdminField label={label} error={fields[key]}>
      {(props) => <input {...props} type="date" name={key} value={typed[key]} onChange={(e) => setFilter(key, e.target.value)} />}
    </AdminField>
  );

  return (
    <>
      <fieldset className="opinion-kinds">
        <legend className="visually-hidden">Qué opiniones ver</legend>
        <button
          type="button"
          className={kind === 'tour' ? 'button' : 'admin-button-secondary'}
          aria-pressed={kind === 'tour'}
          onClick={() => void setKind('tour')}
        >
          Opiniones del viaje
        </button>
        <button
          type="button"
          className={kind === 'activity' ? 'button' : 'admin-button-secondary'}
          aria-pressed={kind === 'activity'}
          onClick={() => void setKind('activity')}
        >
          Opiniones de actividades
        </button>
      </fieldset>
      <search>
        <form className="admin-filters" onSubmit={submit} aria-label="Filtrar opiniones" noValidate>
          {select(
            'tourId',
            'Viaje',
            (answer?.tours ?? []).map((t) => ({ value: t.id, label: t.name })),
            'Todos los viajes',
          )}
          {typed.tourId
            ? select(
                'periodId',
                'Salida',
                (answer?.periods ?? []).map((p) => ({ value: p.id, label: shortDay(p.dayOne) })),
                'Todas las salidas',
              )
            : null}
          {select(
            'status',
            'Estado',
            MODERATION_STATUSES.map((s) => ({ value: s, label: MODERATION_STATUS_LABELS[s] })),
            'Todos los estados',
          )}
          <fieldset className="admin-range">
            <legend>Escrita</legend>
            {day('from', 'Desde')}
            {day('to', 'Hasta')}
          </fieldset>
          <div className="admin-filters__actions">
            <button type="submit" className="button">
              Filtrar
            </button>
            <button type="button" className="admin-button-secondary" onClick={() => void clearFilters()}>
              Quitar filtros
            </button>
          </div>
        </form>
      </search>

      <p role="status" className="admin-count">
        {state.status === 'loading' ? 'Cargando…' : answer ? counted(answer.total, 'opinión', 'opiniones') : ''}
      </p>
      {state.filters.tourId && state.filters.periodId ? (
        <p>
          <a href={surveyPath(state.filters.tourId, state.filters.periodId)}>Ver la encuesta de esta salida</a> (medias, distribución, tasa de respuesta y CSV)
        </p>
      ) : null}
      <p role="status" className="admin-done">
        {state.done ?? ''}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}

      {kind === 'tour' && state.answer && state.answer.rows.length > 0 ? (
        <DataTable
          table={table}
          label="Lista de opiniones"
          caption={`Opiniones, página ${state.answer.page}`}
          rowClassName={(row) => (row.status === 'INACTIVE' ? 'admin-row--muted' : undefined)}
        />
      ) : kind === 'activity' && state.activityAnswer && state.activityAnswer.rows.length > 0 ? (
        <DataTable
          table={activityTable}
          label="Lista de opiniones de actividades"
          caption={`Opiniones de actividades, página ${state.activityAnswer.page}`}
          rowClassName={(row) => (row.status === 'INACTIVE' ? 'admin-row--muted' : undefined)}
        />
      ) : answer ? (
        <p>Ninguna opinión coincide con estos filtros.</p>
      ) : null}

      {answer ? <Pager page={answer.page} pages={pages} onPage={(page) => void goToOpinionsPage(page)} /> : null}

      <HistoryDialogView />

      {state.reply ? (
        <AdminDialog
          title={`Responder a ${state.reply.opinion.name}`}
          error={null}
          sending={state.reply.sending}
          confirm="Enviar respuesta"
          working="Enviando…"
          wide
          onConfirm={() => void sendReply()}
          onClose={closeReply}
        >
          <p className="admin-lead">
            {state.reply.opinion.email ? `Se enviará por correo a ${state.reply.opinion.email}, una sola vez.` : OPINION_MESSAGES.noEmail}
          </p>
          <AdminField label="Respuesta" error={state.reply.error}>
            {(props) => (
              <textarea
                {...props}
                name="comment"
                rows={6}
                maxLength={REPLY_MAX_LENGTH}
                value={state.reply?.comment ?? ''}
                onChange={(e) => setReplyComment(e.target.value)}
              />
            )}
          </AdminField>
        </AdminDialog>
      ) : null}
    </>
  );
}
