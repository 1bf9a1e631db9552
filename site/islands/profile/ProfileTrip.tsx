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
import { type FormEvent, Fragment } from 'react';
import { TRIP_PASSENGER_FIELDS, type TripDetail, type TripPassengerField } from '#shared/schemas/me.ts';
import {
  $trip,
  $tripChanges,
  addActivity,
  closeActivity,
  closePassenger,
  loadTrip,
  openActivity,
  openPassenger,
  savePassenger,
  setPassengerField,
  toggleActivityTraveller,
} from '../../stores/profile-trips.ts';
import { describedBy, FormField } from '../FormField.tsx';
import { guarded } from '../SessionGuard.tsx';
import { PAYMENT_METHOD_NAMES, TRIP_STATUS_LABELS } from './trip-labels.ts';
import './profile.css';

export default guarded('profile', Trip);

function Trip() {
  const { status, detail, message } = useStore($trip);
  const { done } = useStore($tripChanges);
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
  const owed = detail.deadlines;
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

      <p className="sign-in__notice profile-done" role="status" aria-live="polite" hidden={!done}>
        {done ?? ''}
      </p>

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

      {detail.itinerary.length > 0 ? (
        <section className="profile-section" aria-labelledby="itinerario">
          <h2 id="itinerario">Itinerario</h2>
          <ol className="profile-list profile-itinerary">
            {detail.itinerary.map((d) => (
              <li key={d.rank}>
                <strong>Día {d.rank}:</strong> {d.title}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <Travellers detail={detail} />
      <Activities detail={detail} />

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
          {detail.invoices.map((i) => (
            <li key={i.url}>
              <a href={i.url} download>
                {i.correction ? 'Factura rectificativa' : 'Factura'} {i.number} (PDF)
              </a>{' '}
              <span>
                {formatSpanishDate({ date: i.issueDate })} · {formatEuros(i.totalCents)}
              </span>
            </li>
          ))}
          {!detail.voucherUrl && !detail.documentationUrl && detail.documents.length === 0 && detail.invoices.length === 0 ? (
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
      <section className="profile-section" aria-labelledby="correos">
        <h2 id="correos">Correos de esta reserva</h2>
        {detail.mails.length === 0 ? (
          <p>Todavía no te hemos enviado ningún correo de esta reserva.</p>
        ) : (
          <ul className="profile-list">
            {detail.mails.map((m) => (
              <li key={`${m.createdAt}-${m.subject}`}>
                {formatSpanishDate({ date: (m.sentAt ?? m.createdAt).slice(0, 10) })}: {m.subject}
                {m.status === 'PENDING' ? ' (en camino)' : m.status === 'FAILED' ? ' (no se pudo entregar: escríbenos y te lo reenviamos)' : ''}
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

const PASSENGER_LABELS: Record<TripPassengerField, { label: string; type: string; autoComplete: string }> = {
  name: { label: 'Nombre', type: 'text', autoComplete: 'off' },
  surname: { label: 'Apellidos', type: 'text', autoComplete: 'off' },
  birthdate: { label: 'Fecha de nacimiento', type: 'date', autoComplete: 'off' },
  national_id: { label: 'DNI o NIE', type: 'text', autoComplete: 'off' },
  passport: { label: 'Pasaporte', type: 'text', autoComplete: 'off' },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'off' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'off' },
};

/** The travellers, with what each still lacks and, for the holder before departure, the form to complete it. */
function Travellers({ detail }: { detail: TripDetail }) {
  const { passenger } = useStore($tripChanges);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void savePassenger();
  };
  return (
    <section className="profile-section" aria-labelledby="viajeros">
      <h2 id="viajeros">Viajeros</h2>
      {detail.changeBlocker && detail.travellers.some((t) => Object.keys(t.missing).length > 0) ? <p>{detail.changeBlocker}</p> : null}
      <ul className="profile-list profile-travellers">
        {detail.travellers.map((t) => {
          const missing = Object.keys(t.missing) as TripPassengerField[];
          const editing = passenger?.travellerId === t.id ? passenger : null;
          return (
            <li key={t.id}>
              <strong>{t.name}</strong>
              {t.lead ? ' (titular)' : ''} · {t.ageGroup}
              {t.room ? ` · ${t.room}` : ''}
              {t.services.length > 0 ? ` · ${t.services.join(', ')}` : ''}
              {missing.length > 0 ? (
                <p className="profile-missing">Faltan datos: {missing.map((f) => PASSENGER_LABELS[f].label.toLowerCase()).join(', ')}.</p>
              ) : null}
              {!detail.changeBlocker && !editing ? (
                <p>
                  <button type="button" className="button button--secondary" onClick={() => openPassenger(t.id)}>
                    {missing.length > 0 ? `Completar datos de ${t.name}` : `Corregir datos de ${t.name}`}
                  </button>
                </p>
              ) : null}
              {editing ? (
                <form className="sign-in__form profile-form profile-passenger" onSubmit={onSubmit} noValidate aria-label={`Datos de ${t.name}`}>
                  <div className="profile-form__grid">
                    {TRIP_PASSENGER_FIELDS.filter((f) => f !== 'phone' || t.lead).map((f) => {
                      const id = `viajero-${t.id}-${f}`;
                      const error = editing.errors[`fields.${f}`] ?? (editing.fields[f] ? undefined : t.missing[f]);
                      return (
                        <FormField key={f} id={id} label={PASSENGER_LABELS[f].label} error={error}>
                          <input
                            id={id}
                            type={PASSENGER_LABELS[f].type}
                            autoComplete={PASSENGER_LABELS[f].autoComplete}
                            value={editing.fields[f] ?? ''}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={describedBy(id, { error })}
                            onChange={(e) => setPassengerField(f, e.target.value)}
                          />
                        </FormField>
                      );
                    })}
                  </div>
                  <div className="profile-erase__actions">
                    <button type="submit" className="button" disabled={editing.sending}>
                      {editing.sending ? 'Guardando…' : 'Guardar datos'}
                    </button>
                    <button type="button" className="button button--secondary" onClick={closePassenger} disabled={editing.sending}>
                      Cancelar
                    </button>
                  </div>
                  <p className="sign-in__message" role="alert">
                    {editing.message ?? ''}
                  </p>
                </form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The optional activities the holder can still add before departure, priced per traveller; paid afterwards with the balance. */
function Activities({ detail }: { detail: TripDetail }) {
  const { activity } = useStore($tripChanges);
  if (detail.activityOptions.length === 0) return null;
  const nameOf = (id: string) => detail.travellers.find((t) => t.id === id)?.name ?? id;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void addActivity();
  };
  return (
    <section className="profile-section" aria-labelledby="actividades">
      <h2 id="actividades">Añade actividades opcionales</h2>
      <p>Las plazas se reservan al añadirlas; el importe se suma a lo pendiente de tu reserva.</p>
      <ul className="profile-trips">
        {detail.activityOptions.map((option) => {
          const open = activity?.activityId === option.activityId ? activity : null;
          const total = open ? option.prices.filter((p) => open.travellerIds.includes(p.travellerId)).reduce((sum, p) => sum + p.amountCents, 0) : 0;
          return (
            <li key={option.activityId} className="profile-trip">
              <h3>{option.name}</h3>
              <p>
                Desde {formatEuros(Math.min(...option.prices.map((p) => p.amountCents)))} por persona
                {option.left !== null ? ` · quedan ${option.left} ${option.left === 1 ? 'plaza' : 'plazas'}` : ''}
              </p>
              {!open ? (
                <button type="button" className="button button--secondary" onClick={() => openActivity(option.activityId)} disabled={option.left === 0}>
                  {option.left === 0 ? 'Sin plazas' : `Añadir ${option.name}`}
                </button>
              ) : (
                <form className="sign-in__form" onSubmit={onSubmit} noValidate aria-label={`Añadir ${option.name}`}>
                  <fieldset className="profile-choices">
                    <legend>¿Para quién?</legend>
                    {option.prices.map((p) => (
                      <Fragment key={p.travellerId}>
                        <label className="profile-erase__check">
                          <input
                            type="checkbox"
                            checked={open.travellerIds.includes(p.travellerId)}
                            onChange={(e) => toggleActivityTraveller(p.travellerId, e.target.checked)}
                          />{' '}
                          {nameOf(p.travellerId)} · {formatEuros(p.amountCents)}
                        </label>
                      </Fragment>
                    ))}
                  </fieldset>
                  {open.errors['travellerIds'] ? <p className="sign-in__error">{open.errors['travellerIds']}</p> : null}
                  <p>
                    Total: <strong>{formatEuros(total)}</strong>
                  </p>
                  <div className="profile-erase__actions">
                    <button type="submit" className="button" disabled={open.sending}>
                      {open.sending ? 'Añadiendo…' : 'Añadir a mi reserva'}
                    </button>
                    <button type="button" className="button button--secondary" onClick={closeActivity} disabled={open.sending}>
                      Cancelar
                    </button>
                  </div>
                  <p className="sign-in__message" role="alert">
                    {open.message ?? ''}
                  </p>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
