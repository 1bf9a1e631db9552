/**
 * /perfil/reserva/{id}/{tkId?}: one of the traveller's trips — dates, travellers with their rooms and
 * activities, payments with their receipts, what is owed and when, the voucher, the documentation and the
 * documents the office uploaded, and the way to pay what is left.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { matchRoute } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { deadlinesStillOwed } from '#shared/rules/payments.ts';
import { $trip, loadTrip } from '../../stores/profile-trips.ts';
import SessionGuard from '../SessionGuard.tsx';
import { PAYMENT_METHOD_NAMES, TRIP_STATUS_LABELS } from './trip-labels.ts';
import './profile.css';

export default function ProfileTrip() {
  return (
    <SessionGuard area="profile">
      <Trip />
    </SessionGuard>
  );
}

function Trip() {
  const { status, detail, message } = useStore($trip);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void loadTrip(id);
  }, []);
  if (status === 'loading') return <p role="status">Cargando tu viaje…</p>;
  if (!detail) {
    return (
      <div className="profile-empty">
        <p role="alert">{message}</p>
        <a href="/perfil/viajes">Ver mis viajes</a>
      </div>
    );
  }
  const { trip } = detail;
  const owed = deadlinesStillOwed(detail.deadlines, { paidCents: trip.paidCents, dueCents: trip.dueCents });
  return (
    <>
      <header className="profile-section">
        <h2 className="profile-trip__title">{trip.tourName}</h2>
        <p className="profile-trip__dates">
          {formatDateRange({ from: trip.dayOne, to: trip.returnDate })}
          {trip.numberOfDays ? ` · ${trip.numberOfDays} días` : ''}
        </p>
        <p>
          <span className={`profile-status profile-status--${trip.status.toLowerCase()}`}>{TRIP_STATUS_LABELS[trip.status]}</span> · Reserva{' '}
          <strong>{trip.tkId ?? trip.differentId}</strong>
        </p>
        <p>{trip.flightName ? `Vuelo: ${trip.flightName}` : 'Sin vuelo incluido'}</p>
      </header>

      <section className="profile-section profile-money" aria-labelledby="importes">
        <h2 id="importes">Importes</h2>
        <dl className="profile-amounts">
          <div>
            <dt>Total</dt>
            <dd>{formatEuros(trip.priceCents)}</dd>
          </div>
          <div>
            <dt>Pagado</dt>
            <dd>{formatEuros(trip.paidCents)}</dd>
          </div>
          <div>
            <dt>Pendiente</dt>
            <dd>{formatEuros(trip.dueCents)}</dd>
          </div>
        </dl>
        {owed.length > 0 ? (
          <ul className="profile-list">
            {owed.map((d) => (
              <li key={d.date}>
                Antes del {formatSpanishDate({ date: d.date })}: {formatEuros(d.amountCents)}
              </li>
            ))}
          </ul>
        ) : null}
        {detail.payUrl ? (
          <a className="button" href={detail.payUrl}>
            Pagar lo pendiente
          </a>
        ) : null}
      </section>

      <section className="profile-section" aria-labelledby="viajeros">
        <h2 id="viajeros">Viajeros</h2>
        <ul className="profile-list">
          {detail.travellers.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the travellers of a booking keep their order.
            <li key={i}>
              <strong>{t.name}</strong>
              {t.lead ? ' (titular)' : ''} · {t.ageGroup}
              {t.room ? ` · ${t.room}` : ''}
              {t.services.length > 0 ? ` · ${t.services.join(', ')}` : ''}
            </li>
          ))}
        </ul>
      </section>

      <section className="profile-section" aria-labelledby="documentos">
        <h2 id="documentos">Documentos</h2>
        <ul className="profile-list">
          {detail.voucherUrl ? (
            <li>
              <a href={detail.voucherUrl} download>
                Bono de reserva (PDF)
              </a>
            </li>
          ) : null}
          {detail.documentationUrl ? (
            <li>
              <a href={detail.documentationUrl} download>
                Documentación del viaje (PDF)
              </a>
            </li>
          ) : null}
          {detail.documents.map((d) => (
            <li key={d.url}>
              <a href={d.url} download>
                {d.kind === 'ETICKET' ? 'Billete electrónico' : 'Documento'}: {d.name}
              </a>
            </li>
          ))}
          {!detail.voucherUrl && !detail.documentationUrl && detail.documents.length === 0 ? (
            <li>Los documentos estarán aquí cuando tu reserva esté confirmada.</li>
          ) : null}
        </ul>
      </section>

      <section className="profile-section" aria-labelledby="pagos">
        <h2 id="pagos">Pagos y recibos</h2>
        {detail.payments.length === 0 ? (
          <p>Todavía no hay pagos confirmados.</p>
        ) : (
          <ul className="profile-list">
            {detail.payments.map((p) => (
              <li key={p.receiptUrl}>
                {formatSpanishDate({ date: p.confirmedAt.slice(0, 10) })}: {formatEuros(p.amountCents)} · {PAYMENT_METHOD_NAMES[p.method] ?? p.method} ·{' '}
                <a href={p.receiptUrl} download>
                  Recibo (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <a href="/perfil/viajes">Ver todos mis viajes</a>
      </p>
    </>
  );
}
