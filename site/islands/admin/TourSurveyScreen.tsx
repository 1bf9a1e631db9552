/**
 * /admin/tour/{tourID}/survey/{id}: the feedback of one departure. How many travellers answered, each
 * rating's average and how many gave each star (bars drawn for the eye, the counts written for everyone),
 * the comments, the optional activities' reviews, and the CSV download for a spreadsheet.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { formatRating } from '#shared/rules/labels.ts';
import { MODERATION_STATUS_LABELS, type ModerationStatus } from '#shared/schemas/opinions.ts';
import { SURVEY_STARS, type TourSurveyView } from '#shared/schemas/tour-survey.ts';
import { $tourSurvey, openTourSurvey, surveyCsvHref } from '../../stores/admin-tour-survey.ts';
import { guarded } from '../SessionGuard.tsx';
import { counted, moment, shortDay } from '../../staff-kit/format.ts';
import './admin.css';
import './survey.css';

export default guarded('admin', Screen);

const percent = (rate: number) => `${Math.round(rate * 100).toLocaleString('es-ES')} %`;
const statusLabel = (status: string) => MODERATION_STATUS_LABELS[status as ModerationStatus] ?? status;
const BACK = <a href={pathTo('admin-opinions')}>Volver a las opiniones</a>;

/** One rating's distribution: a bar per star, its count written beside it. */
function Distribution({ label, distribution }: { label: string; distribution: number[] }) {
  const most = Math.max(1, ...distribution);
  return (
    <ul className="survey-bars" aria-label={`Distribución: ${label}`}>
      {[...SURVEY_STARS].reverse().map((star) => {
        const n = distribution[star - 1] ?? 0;
        return (
          <li key={star}>
            <span className="survey-bars__star">{counted(star, 'estrella', 'estrellas')}</span>
            <span className="survey-bars__track" aria-hidden="true">
              <span className="survey-bars__fill" style={{ width: `${(n / most) * 100}%` }} />
            </span>
            <span className="survey-bars__count">{counted(n, 'opinión', 'opiniones')}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Rating({ label, average, count, distribution }: { label: string; average: number | null; count: number; distribution: number[] }) {
  return (
    <section className="survey-rating admin-card" aria-label={label}>
      <h3>{label}</h3>
      <p className="survey-rating__average">
        {average === null ? 'Sin valoraciones' : <strong>{formatRating(average)} de 5</strong>} <small>({counted(count, 'valoración', 'valoraciones')})</small>
      </p>
      <Distribution label={label} distribution={distribution} />
    </section>
  );
}

function Summary({ survey }: { survey: TourSurveyView }) {
  return (
    <ul className="admin-figures survey-figures">
      <li>
        <span className="admin-figures__value">{survey.responseRate === null ? '—' : percent(survey.responseRate)}</span>
        <span className="admin-figures__label">Tasa de respuesta</span>
      </li>
      <li>
        <span className="admin-figures__value">{survey.reviews.toLocaleString('es-ES')}</span>
        <span className="admin-figures__label">Opiniones recibidas</span>
      </li>
      <li>
        <span className="admin-figures__value">{survey.travellers.toLocaleString('es-ES')}</span>
        <span className="admin-figures__label">Viajeros en reservas confirmadas</span>
      </li>
      <li>
        <span className="admin-figures__value">
          {survey.requestsSent.toLocaleString('es-ES')} de {survey.bookings.toLocaleString('es-ES')}
        </span>
        <span className="admin-figures__label">Reservas a las que se pidió opinión</span>
      </li>
    </ul>
  );
}

function Screen() {
  const { status, survey, message } = useStore($tourSurvey);
  useEffect(() => {
    const params = matchRoute(location.pathname)?.params;
    if (params?.tourID && params.id) void openTourSurvey(params.tourID, params.id);
  }, []);
  if (status === 'loading') return <p role="status">Cargando…</p>;
  if (!survey) {
    return (
      <p role="alert">
        {message} {BACK}
      </p>
    );
  }
  const { tour, period } = survey;
  return (
    <>
      <header className="survey-head">
        <h2>
          {tour.name} · salida del {shortDay(period.dayOne)}
        </h2>
        <p>
          Del {shortDay(period.dayOne)} al {shortDay(period.returnDate)}. {BACK} ·{' '}
          <a href={pathTo('admin-opinions', {}, { tourId: tour.id, periodId: period.id })}>Moderar las opiniones de esta salida</a>
        </p>
      </header>
      <section className="admin-actions" aria-label="Descargas">
        <a className="admin-button-secondary" href={surveyCsvHref(survey)} download>
          Descargar CSV
        </a>
      </section>
      <Summary survey={survey} />
      <p className="admin-lead">
        La tasa de respuesta es el número de opiniones escritas desde una reserva confirmada de esta salida ({survey.answered.toLocaleString('es-ES')}) entre
        los viajeros de esas reservas: cada viajero puede opinar una vez. Las medias y la distribución cuentan todas las opiniones recibidas, publicadas,
        pendientes y ocultas, también las que no vienen de una reserva.
      </p>

      <h2 className="admin-section-title">Valoraciones</h2>
      {survey.reviews === 0 ? <p>Aún no hay opiniones de esta salida.</p> : null}
      <div className="survey-ratings">
        {survey.ratings.map((r) => (
          <Rating key={r.field} label={r.label} average={r.average} count={r.count} distribution={r.distribution} />
        ))}
      </div>

      <h2 className="admin-section-title">Comentarios</h2>
      {survey.comments.length ? (
        <ul className="survey-comments">
          {survey.comments.map((c) => (
            <li key={c.id} className="admin-card">
              <strong>{c.title ?? `Opinión de ${c.name}`}</strong>
              <small>
                {c.name} · {moment(c.createdAt)} · {formatRating(c.rate)} de 5 · {statusLabel(c.status)}
              </small>
              {c.description ? <p>{c.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Ninguna opinión de esta salida tiene comentario.</p>
      )}

      <h2 className="admin-section-title">Actividades opcionales</h2>
      {survey.activities.length ? (
        <div className="survey-ratings">
          {survey.activities.map((a) => (
            <section key={a.id} className="survey-rating admin-card" aria-label={a.name}>
              <h3>{a.name}</h3>
              <p className="survey-rating__average">
                {a.average === null ? 'Sin valoraciones' : <strong>{formatRating(a.average)} de 5</strong>}{' '}
                <small>({counted(a.reviews, 'opinión', 'opiniones')})</small>
              </p>
              <Distribution label={a.name} distribution={a.distribution} />
              {a.comments.length ? (
                <ul className="survey-activity-comments">
                  {a.comments.map((c) => (
                    <li key={c.id}>
                      <p>{c.opinion}</p>
                      <small>
                        {formatRating(c.rate)} de 5 · {moment(c.createdAt)} · {statusLabel(c.status)}
                      </small>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      ) : (
        <p>Ninguna actividad opcional de esta salida tiene opiniones.</p>
      )}
      {survey.optionalActivities.length ? (
        <>
          <h3 className="survey-photos-title">Fotos de las actividades opcionales</h3>
          <ul className="admin-plain-list">
            {survey.optionalActivities.map((a) => (
              <li key={a.id}>
                <a href={pathTo('admin-activity-photos', { tourID: tour.id, optionalActivityId: a.id })}>Fotos de «{a.name}»</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
