/**
 * /perfil/mis-resenas: the trips back home still waiting for the traveller's review (each with a button to
 * write it, and one per optional activity taken), then the reviews written, with what their status means:
 * pending moderation, published, or not published.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateRange, formatMadridDateTime } from '#shared/rules/dates.ts';
import { REVIEW_STATUS_LABELS } from '#shared/rules/reviews.ts';
import { type MyReview, TOUR_RATINGS, type TripAwaitingReview } from '#shared/schemas/feedback.ts';
import { $myReviews, loadMyReviews } from '../../stores/profile-reviews.ts';
import { guarded } from '../SessionGuard.tsx';
import './profile.css';

export default guarded('profile', Reviews);

function Reviews() {
  const { status, answer, message } = useStore($myReviews);
  useEffect(() => {
    void loadMyReviews();
  }, []);
  if (status === 'loading' && !answer) return <p role="status">Cargando tus reseñas…</p>;
  if (!answer) return <p role="alert">{message}</p>;
  return (
    <>
      <section className="profile-section" aria-labelledby="por-valorar">
        <h2 id="por-valorar">Viajes pendientes de tu opinión</h2>
        {answer.waiting.length === 0 ? (
          <p>No tienes ningún viaje esperando tu opinión.</p>
        ) : (
          <ul className="profile-trips">
            {answer.waiting.map((trip) => (
              <WaitingTrip key={trip.bookingId} trip={trip} />
            ))}
          </ul>
        )}
      </section>
      <section className="profile-section" aria-labelledby="mis-opiniones">
        <h2 id="mis-opiniones">Mis reseñas</h2>
        {answer.reviews.length === 0 ? (
          <p>Aún no has escrito ninguna reseña. Cuando vuelvas de un viaje, te pediremos tu opinión por correo.</p>
        ) : (
          <ul className="profile-trips profile-trips--reviews">
            {answer.reviews.map((review) => (
              <Review key={review.id} review={review} />
            ))}
          </ul>
        )}
        <p className="profile-note">Revisamos cada reseña antes de publicarla en la página del viaje.</p>
      </section>
    </>
  );
}

function WaitingTrip({ trip }: { trip: TripAwaitingReview }) {
  return (
    <li className="profile-trip">
      <h3>{trip.tourName}</h3>
      <p className="profile-trip__dates">{formatDateRange({ from: trip.dayOne, to: trip.returnDate })}</p>
      <div className="profile-actions">
        {trip.tourLink && (
          <a className="button" href={trip.tourLink} aria-label={`Escribir mi opinión sobre «${trip.tourName}»`}>
            Escribir mi opinión
          </a>
        )}
        {trip.activities.map((activity) => (
          <a key={activity.id} className="button button--secondary" href={activity.link}>
            Valorar «{activity.name}»
          </a>
        ))}
      </div>
    </li>
  );
}

const stars = (rate: number) => `${'★'.repeat(Math.round(rate))}${'☆'.repeat(5 - Math.round(rate))}`;

function Review({ review }: { review: MyReview }) {
  const heading = review.kind === 'tour' ? (review.title ?? review.tourName) : `Actividad «${review.activityName}»`;
  const sentOn = formatMadridDateTime(review.createdAt).date;
  return (
    <li className="profile-trip profile-review">
      <h3>{heading}</h3>
      <p className="profile-trip__dates">
        {review.kind === 'tour' ? `Viaje «${review.tourName}»` : `Del viaje «${review.tourName}»`} · enviada el {sentOn}
      </p>
      <p>
        <span className={`profile-status profile-status--review-${review.status}`}>{REVIEW_STATUS_LABELS[review.status]}</span>
      </p>
      <p className="profile-review__rate">
        <span aria-hidden="true">{stars(review.rate)}</span> <span>{review.rate.toLocaleString('es-ES')} de 5</span>
      </p>
      {review.ratings && (
        <dl className="profile-review__ratings">
          {TOUR_RATINGS.filter((r) => r.field !== 'rate').map((r) => {
            const value = review.ratings?.[r.field as Exclude<typeof r.field, 'rate'>] ?? null;
            return (
              <div key={r.field}>
                <dt>{r.label}</dt>
                <dd>{value === null ? 'No aplica' : `${value.toLocaleString('es-ES')} de 5`}</dd>
              </div>
            );
          })}
        </dl>
      )}
      {review.text && <p className="profile-review__text">{review.text}</p>}
      {review.photoUrl && <img className="profile-review__photo" src={review.photoUrl} alt={`Tu foto del viaje «${review.tourName}»`} loading="lazy" />}
    </li>
  );
}
