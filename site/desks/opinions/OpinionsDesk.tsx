/**
 * /admin/tour/opinion: the travellers' reviews newest first, filtered on the server by tour, departure,
 * status and the days written; each with its ratings, text and photo, and the team's actions: Publicar /
 * Ocultar, where it shows (home, tour page) and Responder, whose reply is mailed to the author once.
 */
import { useStore } from '@nanostores/react';
import { useTable } from '@tanstack/react-table';
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
import { guarded } from '../../islands/SessionGuard.tsx';
import { AdminField, ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf, DataTable, staffTable } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { counted, moment, shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListFilters, ListFrame, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { pagesOf } from '../../staff-kit/list-screen.ts';
import { Modal } from '../../staff-kit/Modal.tsx';
import {
  closeHistory,
  closeReply,
  kindOf,
  moderate,
  moderateActivity,
  type OpinionFilter,
  opinions,
  openHistory,
  openReply,
  sendReply,
  setFilter,
  setKind,
  setReplyComment,
} from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/admin/opinions.css';

export default guarded('admin', Desk);

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
  const { busy } = useStore(opinions.$state);
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
  const { busy } = useStore(opinions.$state);
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

const activityColumn = columnsOf<ActivityOpinionView>();
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
  const { history } = useStore(opinions.$state);
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

const column = columnsOf<OpinionView>();
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
  const state = useListScreen(opinions);
  const { answer, form, errors, reply } = state;
  const table = useTable({ features: staffTable, columns, data: answer?.kind === 'tour' ? answer.rows : NO_ROWS });
  const activityTable = useTable({ features: staffTable, columns: activityColumns, data: answer?.kind === 'activity' ? answer.rows : NO_ACTIVITY_ROWS });
  const kind = kindOf(state);
  const select = (key: OpinionFilter, label: string, options: { value: string; label: string }[], all: string) => (
    <FilterSelect name={key} label={label} all={all} value={form[key]} options={options} error={errors[key]} onChange={(value) => void setFilter(key, value)} />
  );
  const day = (key: OpinionFilter, label: string) => (
    <FilterInput name={key} label={label} type="date" value={form[key]} error={errors[key]} onChange={(value) => void setFilter(key, value)} />
  );
  const muted = (row: { status: string }) => (row.status === 'INACTIVE' ? 'admin-row--muted' : undefined);

  return (
    <>
      <fieldset className="opinion-kinds">
        <legend className="visually-hidden">Qué opiniones ver</legend>
        {(['tour', 'activity'] as const).map((k) => (
          <button key={k} type="button" className={kind === k ? 'button' : 'admin-button-secondary'} aria-pressed={kind === k} onClick={() => void setKind(k)}>
            {k === 'tour' ? 'Opiniones del viaje' : 'Opiniones de actividades'}
          </button>
        ))}
      </fieldset>
      {state.applied.tourId && state.applied.periodId ? (
        <p>
          <a href={surveyPath(state.applied.tourId, state.applied.periodId)}>Ver la encuesta de esta salida</a> (medias, distribución, tasa de respuesta y CSV)
        </p>
      ) : null}
      <ListFrame
        state={state}
        filters={
          <ListFilters label="Filtrar opiniones" onApply={() => void opinions.apply()} onClear={() => void opinions.clear()}>
            {select(
              'tourId',
              'Viaje',
              (answer?.tours ?? []).map((t) => ({ value: t.id, label: t.name })),
              'Todos los viajes',
            )}
            {form.tourId
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
          </ListFilters>
        }
        count={answer ? counted(answer.total, 'opinión', 'opiniones') : null}
        rows={answer?.rows.length ?? null}
        empty="Ninguna opinión coincide con estos filtros."
        paging={answer ? { page: answer.page, pages: pagesOf(answer), onPage: (page) => void opinions.goToPage(page) } : null}
      >
        {answer?.kind === 'activity' ? (
          <DataTable
            table={activityTable}
            label="Lista de opiniones de actividades"
            caption={`Opiniones de actividades, página ${answer.page}`}
            rowClassName={muted}
          />
        ) : (
          <DataTable table={table} label="Lista de opiniones" caption={`Opiniones, página ${answer?.page ?? 1}`} rowClassName={muted} />
        )}
      </ListFrame>

      <HistoryDialogView />

      {reply ? (
        <ConfirmDialog
          title={`Responder a ${reply.opinion.name}`}
          error={null}
          sending={reply.sending}
          confirm="Enviar respuesta"
          working="Enviando…"
          wide
          onConfirm={() => void sendReply()}
          onClose={closeReply}
        >
          <p className="admin-lead">{reply.opinion.email ? `Se enviará por correo a ${reply.opinion.email}, una sola vez.` : OPINION_MESSAGES.noEmail}</p>
          <AdminField label="Respuesta" error={reply.fields.comment}>
            {(props) => (
              <textarea
                {...props}
                name="comment"
                rows={6}
                maxLength={REPLY_MAX_LENGTH}
                value={reply.comment}
                onChange={(e) => setReplyComment(e.target.value)}
              />
            )}
          </AdminField>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
