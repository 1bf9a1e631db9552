/**
 * The top of /perfil: the points balance and what it is worth, the next trip with how many days are left,
 * and what is pending (a balance and its deadline, passenger data, a review), each linking to where it is done.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countDaysBetween, formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { PendingItem } from '#shared/rules/profile.ts';
import { $profileSummary, loadProfileSummary } from '../../stores/profile-trips.ts';
import { $myQuestions, loadMyQuestions } from '../../stores/profile-questions.ts';
import { pointsMovementLabel } from '#shared/rules/points.ts';
import './profile.css';

const pendingText = (item: PendingItem): string => {
  if (item.kind === 'balance') return `Pagar ${formatEuros(item.amountCents)} de «${item.tourName}» antes del ${formatSpanishDate({ date: item.date })}`;
  if (item.kind === 'passengers') return `Completar los datos de los pasajeros de «${item.tourName}»`;
  return `Contarnos qué te pareció «${item.tourName}»`;
};

/** A review is written from /perfil/mis-resenas, which holds the trip's feedback links; the rest is done on the trip's page. */
const pendingHref = (item: PendingItem): string => (item.kind === 'review' ? '/perfil/mis-resenas' : `/perfil/reserva/${item.bookingId}`);

export default function ProfileOverview() {
  const { summary, message } = useStore($profileSummary);
  const { questions } = useStore($myQuestions);
  useEffect(() => {
    void loadProfileSummary();
    void loadMyQuestions();
  }, []);
  if (!summary) return message ? <p role="alert">{message}</p> : <p role="status">Cargando tu cuenta…</p>;
  const today = new Date().toISOString().slice(0, 10);
  const next = summary.nextTrip;
  const days = next ? countDaysBetween({ from: today, to: next.dayOne }) : 0;
  return (
    <div className="profile-overview">
      <section className="profile-card" aria-labelledby="mis-puntos">
        <h2 id="mis-puntos">Mis puntos</h2>
        <p className="profile-card__figure">{summary.points.toLocaleString('es-ES')} puntos</p>
        <p>Valen {formatEuros(summary.pointsValueCents)} de descuento en tu próxima reserva.</p>
        {summary.pointsMovements.length > 0 ? (
          <details className="profile-points">
            <summary>Movimientos de tus puntos</summary>
            <ul>
              {summary.pointsMovements.map((m) => (
                <li key={m.id}>
                  {formatSpanishDate({ date: m.createdAt.slice(0, 10) })} · {m.type === 'CREDIT' ? '+' : '−'}
                  {m.amount.toLocaleString('es-ES')} puntos · {pointsMovementLabel(m)}
                  {m.differentId ? ` (reserva ${m.differentId})` : ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <p>
          <a href="/programa-de-puntos">Cómo funciona el programa de puntos</a>
        </p>
      </section>
      <section className="profile-card" aria-labelledby="proximo-viaje">
        <h2 id="proximo-viaje">Tu próximo viaje</h2>
        {next ? (
          <>
            <p className="profile-card__figure">{days === 0 ? '¡Sales hoy!' : days === 1 ? 'Sales mañana' : `Faltan ${days} días`}</p>
            <p>
              <a href={`/perfil/reserva/${next.id}`}>{next.tourName}</a>, {formatDateRange({ from: next.dayOne, to: next.returnDate })}
            </p>
          </>
        ) : (
          <p>
            No tienes ningún viaje por delante. <a href="/viajes">Descubre nuestros viajes</a>
          </p>
        )}
      </section>
      <section className="profile-card profile-card--wide" aria-labelledby="pendiente">
        <h2 id="pendiente">Pendiente</h2>
        {summary.pending.length === 0 ? (
          <p>No tienes nada pendiente.</p>
        ) : (
          <ul className="profile-list">
            {summary.pending.map((item) => (
              <li key={`${item.kind}-${item.bookingId}`}>
                <a href={pendingHref(item)}>{pendingText(item)}</a>
              </li>
            ))}
          </ul>
        )}
        <a href="/perfil/viajes">Ver todos mis viajes</a>
      </section>
      {questions?.length ? (
        <section className="profile-card profile-card--wide" aria-labelledby="mis-consultas">
          <h2 id="mis-consultas">Mis consultas</h2>
          <ul className="profile-list">
            {questions.map((q) => (
              <li key={q.id}>
                <p>
                  {q.tourName ? <strong>{q.tourName}: </strong> : null}
                  {q.question}
                </p>
                <small>
                  {formatSpanishDate({ date: q.createdAt.slice(0, 10) })} · {q.replies.length ? 'Respondida' : 'Te responderemos pronto'}
                </small>
                {q.replies.map((r) => (
                  <blockquote key={r.createdAt}>
                    <p style={{ whiteSpace: 'pre-wrap' }}>{r.body}</p>
                    <small>Respuesta del {formatSpanishDate({ date: r.createdAt.slice(0, 10) })}</small>
                  </blockquote>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
