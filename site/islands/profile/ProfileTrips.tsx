/**
 * /perfil/viajes: the traveller's upcoming and past trips, each with its status, dates, what is paid and
 * what is owed, opening the trip's own page.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { TripRow } from '#shared/schemas/me.ts';
import { $trips, loadTrips } from '../../stores/profile-trips.ts';
import { guarded } from '../SessionGuard.tsx';
import { TRIP_STATUS_LABELS } from './trip-labels.ts';
import './profile.css';

export default guarded('profile', Trips);

function Trips() {
  const { status, trips, message } = useStore($trips);
  useEffect(() => {
    void loadTrips();
  }, []);
  if (status === 'loading' && !trips) return <p role="status">Cargando tus viajes…</p>;
  if (!trips) return <p role="alert">{message}</p>;
  if (trips.upcoming.length === 0 && trips.past.length === 0) {
    return (
      <div className="profile-empty">
        <p>Todavía no tienes viajes reservados con esta cuenta.</p>
        <a className="button" href="/viajes">
          Descubre nuestros viajes
        </a>
      </div>
    );
  }
  return (
    <>
      <TripList id="proximos" title="Próximos viajes" trips={trips.upcoming} empty="No tienes ningún viaje por delante." />
      <TripList id="pasados" title="Viajes pasados" trips={trips.past} empty="Aún no has vuelto de ningún viaje con nosotros." />
    </>
  );
}

function TripList({ id, title, trips, empty }: { id: string; title: string; trips: TripRow[]; empty: string }) {
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {trips.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="profile-trips">
          {trips.map((trip) => (
            <li key={trip.id} className="profile-trip">
              <h3>
                <a href={`/perfil/reserva/${trip.id}`}>{trip.tourName}</a>
              </h3>
              <p className="profile-trip__dates">{formatDateRange({ from: trip.dayOne, to: trip.returnDate })}</p>
              <p>
                <span className={`profile-status profile-status--${trip.status.toLowerCase()}`}>{TRIP_STATUS_LABELS[trip.status]}</span> · Reserva{' '}
                {trip.tkId ?? trip.differentId} · {trip.travellers} {trip.travellers === 1 ? 'viajero' : 'viajeros'}
              </p>
              <dl className="profile-amounts">
                <div>
                  <dt>Pagado</dt>
                  <dd>{formatEuros(trip.paidCents)}</dd>
                </div>
                <div>
                  <dt>Pendiente</dt>
                  <dd>{formatEuros(trip.dueCents)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
