/**
 * /admin/guias/{periodId}: one departure as the guide needs it on tour, on a phone: who travels (with a
 * phone to call), what is still missing of them, who still owes money, notes, the day by day, optional
 * activities and who takes them, flights and rooms. Once opened it stays readable without a connection:
 * the last copy is shown with the time it was read.
 *
 * Not behind SessionGuard: without a connection the session cannot be read either, and the copy must
 * still show. The API decides (401 sends to sign in, 403/404 say why); it enforces every rule itself.
 */
import { keepGuidePageOffline } from '../../lib/guide-offline.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { formatDateRange, formatMadridDateTime, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { GuideBooking, GuideDeparture } from '#shared/schemas/guides.ts';
import { REPORT_RATINGS } from '#shared/schemas/guide-tools.ts';
import { $guideDeparture, openGuideDeparture } from '../../stores/guide-departures.ts';
import { $departureReports, loadDepartureReports } from '../../stores/guide-tools.ts';
import { counted } from '../../staff-kit/format.ts';
import './guides.css';

/** A phone number as a tel: link keeps only digits and a leading plus. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const plain = (text: string) =>
  text
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const at = (timestamp: string) => {
  const { date, time } = formatMadridDateTime(timestamp);
  return `${date}, ${time}`;
};

function Phone({ phone }: { phone: string | null }) {
  if (!phone) return <span className="guide-missing-inline">Sin teléfono</span>;
  return (
    <a className="guide-tel" href={telOf(phone)}>
      Llamar {phone}
    </a>
  );
}

export default function GuideDepartureScreen() {
  const { status, departure, offline, message, signIn } = useStore($guideDeparture);
  useEffect(() => {
    const periodId = matchRoute(location.pathname)?.params.periodId;
    if (periodId) void openGuideDeparture(periodId);
  }, []);
  useEffect(() => {
    if (signIn) location.replace(pathTo('login', {}, { next: location.pathname }));
  }, [signIn]);
  // Read online: this page is kept for reopening without signal.
  useEffect(() => {
    if (status === 'ready' && !offline) void keepGuidePageOffline();
  }, [status, offline]);
  if (status === 'loading') return <p role="status">Cargando la salida…</p>;
  if (!departure) {
    return (
      <div className="guide">
        <p role="alert" className="guide-alert">
          {message}
        </p>
        <p>
          <a href={pathTo('admin-guides')}>← Mis salidas</a>
        </p>
      </div>
    );
  }
  return <Departure departure={departure} offline={offline} />;
}

/**
 * The guide's tools for this departure (rating and report, expenses) or, for staff, its guides' reports
 * and where to assign guides. Read online only: the copy kept offline is the departure itself.
 */
function GuideTools({ departure: d }: { departure: GuideDeparture }) {
  const { list } = useStore($departureReports);
  useEffect(() => {
    void loadDepartureReports(d.period.id);
  }, [d.period.id]);
  if (!list) return null;
  const expenses = `${pathTo('admin-guide-expenses')}?periodId=${encodeURIComponent(d.period.id)}`;
  if (list.ownGuideId) {
    const mine = list.reports[0];
    return (
      <nav className="guide-jump" aria-label="Herramientas del guía">
        <a href={pathTo('admin-guide-rating', { periodId: d.period.id, guideId: list.ownGuideId })}>{mine ? 'Ver mi calificación' : 'Calificar la salida'}</a>
        <a href={`${pathTo('admin-guide-expense-new')}?salida=${encodeURIComponent(d.period.id)}`}>Registrar un gasto</a>
        <a href={expenses}>Gastos de la salida</a>
        <a href={pathTo('admin-guide-support')}>Soporte</a>
      </nav>
    );
  }
  return (
    <section className="guide-section" aria-labelledby="informes">
      <h2 id="informes">Informes de los guías</h2>
      <p>
        <a href={pathTo('admin-tour-guide', { tourID: d.period.tourId, periodID: d.period.id })}>Asignar guías</a> · <a href={expenses}>Gastos de la salida</a>
      </p>
      {list.reports.length === 0 ? <p>Ningún guía ha calificado todavía esta salida.</p> : null}
      {list.reports.map((r) => (
        <article key={r.guideId} className="guide-card">
          <h3>{r.guideName}</h3>
          <ul>
            {REPORT_RATINGS.map(({ key, label }) => (
              <li key={key}>
                {label}: {r[key]} de 5
              </li>
            ))}
          </ul>
          {r.comment ? <p>{r.comment}</p> : null}
          <p>{r.report}</p>
        </article>
      ))}
    </section>
  );
}

function Departure({ departure: d, offline }: { departure: GuideDeparture; offline: boolean }) {
  const travellers = d.bookings.flatMap((b) => b.travellers);
  const incomplete = travellers.filter((t) => t.missing.length > 0);
  const owing = d.bookings.filter((b) => b.remainingCents > 0);
  const notes = d.bookings.filter((b) => b.notes.length > 0);
  return (
    <div className="guide">
      <p>
        <a href={pathTo('admin-guides')}>← Mis salidas</a>
      </p>
      {offline ? (
        <p role="status" className="guide-offline">
          Sin conexión: datos de las {formatMadridDateTime(d.readAt).time}
        </p>
      ) : null}
      <header className="guide-head">
        <h2>{d.period.tourName}</h2>
        <p className="guide-head__dates">{formatDateRange({ from: d.period.dayOne, to: d.period.returnDate })}</p>
        <p>
          {counted(travellers.length, 'viajero', 'viajeros')} · {counted(d.bookings.length, 'reserva confirmada', 'reservas confirmadas')}
        </p>
        {d.guides.length > 0 ? <p>Guía: {d.guides.map((g) => g.name).join(', ')}</p> : null}
      </header>

      {offline ? null : <GuideTools departure={d} />}

      <nav className="guide-jump" aria-label="Secciones de la salida">
        <a href="#viajeros">Viajeros</a>
        <a href="#pagos">Pagos pendientes</a>
        <a href="#dia-a-dia">Día a día</a>
        <a href="#actividades">Actividades</a>
        <a href="#vuelos">Vuelos</a>
        <a href="#habitaciones">Habitaciones</a>
      </nav>

      {incomplete.length > 0 || owing.length > 0 ? (
        <section className="guide-section guide-attention" aria-labelledby="falta">
          <h2 id="falta">Qué falta</h2>
          <ul>
            {incomplete.length > 0 ? (
              <li>{counted(incomplete.length, 'viajero con datos o documentos pendientes', 'viajeros con datos o documentos pendientes')}</li>
            ) : null}
            {owing.length > 0 ? <li>{counted(owing.length, 'reserva con pago pendiente', 'reservas con pago pendiente')}</li> : null}
          </ul>
        </section>
      ) : null}

      {d.period.meetingPoint || d.period.emergencyNumbers ? (
        <section className="guide-section" aria-labelledby="encuentro">
          <h2 id="encuentro">Punto de encuentro y emergencias</h2>
          {d.period.meetingPoint ? <p>{plain(d.period.meetingPoint)}</p> : null}
          {d.period.emergencyNumbers ? <p>{plain(d.period.emergencyNumbers)}</p> : null}
        </section>
      ) : null}

      <section className="guide-section" aria-labelledby="viajeros">
        <h2 id="viajeros">Viajeros ({travellers.length})</h2>
        {d.bookings.length === 0 ? <p>Todavía no hay reservas confirmadas en esta salida.</p> : null}
        {d.bookings.map((b) => (
          <BookingCard key={b.bookingId} booking={b} />
        ))}
      </section>

      <section className="guide-section" aria-labelledby="pagos">
        <h2 id="pagos">Pagos pendientes</h2>
        {owing.length === 0 ? (
          <p>Todas las reservas están pagadas.</p>
        ) : (
          <ul className="guide-list">
            {owing.map((b) => (
              <li key={b.bookingId} className="guide-owing">
                <strong>{b.leadName}</strong> (reserva {b.reference}) debe <strong>{formatEuros(b.remainingCents)}</strong>
                <span className="guide-muted">
                  {' '}
                  · pagado {formatEuros(b.paidCents)} de {formatEuros(b.totalCents)}
                </span>
                <div>
                  <Phone phone={b.leadPhone} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {notes.length > 0 ? (
        <section className="guide-section" aria-labelledby="notas">
          <h2 id="notas">Notas</h2>
          <ul className="guide-list">
            {notes.flatMap((b) =>
              b.notes.map((note) => (
                <li key={`${b.bookingId}-${note}`}>
                  <strong>{b.leadName}:</strong> {note}
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}

      <section className="guide-section" aria-labelledby="dia-a-dia">
        <h2 id="dia-a-dia">Día a día</h2>
        {d.days.length === 0 ? (
          <p>Este viaje no tiene itinerario publicado.</p>
        ) : (
          <ol className="guide-days">
            {d.days.map((day) => (
              <li key={day.rank}>
                <h3>
                  Día {day.rank} · {formatSpanishDate({ date: day.date, style: 'short' })}
                </h3>
                <p className="guide-day__title">
                  {day.title}
                  {day.city ? <span className="guide-muted"> · {day.city}</span> : null}
                </p>
                {day.description ? <p>{plain(day.description)}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="guide-section" aria-labelledby="actividades">
        <h2 id="actividades">Actividades opcionales</h2>
        {d.activities.length === 0 ? (
          <p>Nadie ha contratado actividades opcionales.</p>
        ) : (
          <ul className="guide-list">
            {d.activities.map((a) => (
              <li key={a.name}>
                <strong>
                  {a.name} ({a.takers.length})
                </strong>
                : {a.takers.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="guide-section" aria-labelledby="vuelos">
        <h2 id="vuelos">Vuelos</h2>
        {d.flights.length === 0 ? (
          <p>Ningún viajero de esta salida vuela con nosotros.</p>
        ) : (
          d.flights.map((f) => (
            <div key={f.name} className="guide-card">
              <h3>
                {f.name} · {counted(f.travellers, 'viajero', 'viajeros')}
              </h3>
              <ul className="guide-list">
                {f.segments.map((s) => (
                  <li key={`${s.flightNumber}-${s.departureAt}`}>
                    <strong>
                      {s.direction === 'outbound' ? 'Ida' : 'Vuelta'} {s.flightNumber ?? ''}
                    </strong>
                    : {s.from} → {s.to}
                    <br />
                    Sale {at(s.departureAt)} · llega {at(s.arrivalAt)}
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      <section className="guide-section" aria-labelledby="habitaciones">
        <h2 id="habitaciones">Habitaciones</h2>
        {d.rooms.length === 0 ? (
          <p>Sin tipos de habitación asignados.</p>
        ) : (
          <ul className="guide-list">
            {d.rooms.map((r) => (
              <li key={r.name}>
                {r.name}: {counted(r.travellers, 'viajero', 'viajeros')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function BookingCard({ booking: b }: { booking: GuideBooking }) {
  return (
    <article className="guide-card" aria-label={`Reserva ${b.reference}`}>
      <h3>
        Reserva {b.reference}
        {b.remainingCents > 0 ? <span className="guide-flag">Debe {formatEuros(b.remainingCents)}</span> : null}
      </h3>
      {b.flight ? <p className="guide-muted">Vuelo: {b.flight}</p> : null}
      <ul className="guide-travellers">
        {b.travellers.map((t) => (
          <li key={t.name} className={t.missing.length > 0 ? 'guide-traveller guide-traveller--missing' : 'guide-traveller'}>
            <p className="guide-traveller__name">
              {t.name}
              {t.lead ? <span className="guide-badge">Titular</span> : null}
              <span className="guide-muted"> · {t.ageGroup}</span>
            </p>
            <Phone phone={t.phone} />
            {t.room ? (
              <p>
                {t.room}
                {t.roommates.length > 0 ? `, con ${t.roommates.join(', ')}` : ''}
              </p>
            ) : null}
            {t.activities.length > 0 ? <p>Actividades: {t.activities.join(', ')}</p> : null}
            {t.missing.length > 0 ? (
              <div className="guide-missing">
                <strong>Falta:</strong>
                <ul>
                  {t.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {b.notes.length > 0 ? (
        <p className="guide-note">
          <strong>Notas:</strong> {b.notes.join(' · ')}
        </p>
      ) : null}
    </article>
  );
}
