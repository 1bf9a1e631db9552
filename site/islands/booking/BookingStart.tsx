/**
 * `/booking/{slug}` (and the tour page's 'Reservar', which carries `?periodo=`): choose the departure
 * (only web-bookable ones with seats can be chosen) and the travellers per age group, with the server's
 * quote beside them. A full departure offers the waiting list instead.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { CHILD_AGE_LIMIT } from '#shared/rules/passengers.ts';
import { BOOKING_LIMITS } from '#shared/schemas/bookings.ts';
import { $funnel } from '../../stores/booking.ts';
import {
  $startStep,
  chooseDeparture,
  maxTravellersFor,
  openBookingStart,
  partyFits,
  quoteParty,
  setAdults,
  setChildren,
  startOver,
} from '../../stores/start-step.ts';
import { formatSeatsLeft } from '../../stores/departures.ts';
import Counter from './Counter.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import StepNav from './StepNav.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { routeParams } from './useFunnelBooking.ts';
import WaitingListForm from './WaitingListForm.tsx';
import { pathTo } from '#shared/routes.ts';

export default function BookingStart() {
  const funnel = useStore($funnel);
  const { tour: data, error, quote, pending } = useStore($startStep);
  const [slug, setSlug] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const s = routeParams()['slug'] ?? null;
    setSlug(s);
    if (s) void openBookingStart(s, new URLSearchParams(location.search).get('periodo'));
  }, []);

  const departure = data?.departures.find((d) => d.periodId === funnel.periodId) ?? null;
  const travellers = funnel.adults + funnel.children;
  const fits = partyFits(departure, travellers);
  const quotedPeriod = fits ? (departure?.periodId ?? null) : null;

  useEffect(() => {
    void quoteParty({ periodId: quotedPeriod, adults: funnel.adults, children: funnel.children });
  }, [quotedPeriod, funnel.adults, funnel.children]);

  if (slug === undefined) return <p role="status">Cargando…</p>;
  if (slug === null) {
    return (
      <div className="funnel__panel">
        <p>Para reservar, elige primero un viaje y una fecha de salida.</p>
        <p>
          <a className="button" href="/viajes">
            Ver todos los viajes
          </a>
        </p>
      </div>
    );
  }

  const maxTravellers = maxTravellersFor(departure);
  return (
    <div className="funnel">
      <FunnelSteps current="details" slug={slug} bookingId={null} />
      {pending && (
        <div className="funnel__notice" role="status">
          <p>Tienes una reserva de este viaje a medias.</p>
          <p className="funnel__actions">
            <a className="button" href={stepPath(pending.step, slug, pending.bookingId)}>
              Continuar mi reserva
            </a>
            <button type="button" className="button button--secondary" onClick={startOver}>
              Empezar una nueva
            </button>
          </p>
        </div>
      )}
      {data && <h2 className="funnel__tour">{data.tour.name}</h2>}
      <p className="funnel__error" role="alert">
        {error ?? ''}
      </p>
      {!data && !error && <p role="status">Cargando las salidas…</p>}
      {data && data.departures.length === 0 && (
        <p className="funnel__notice">
          Este viaje no tiene salidas a la venta ahora mismo. <a href="/contacto">Pregúntanos</a> por las próximas fechas.
        </p>
      )}
      {data && data.departures.length > 0 && (
        <div className="funnel__layout">
          <div className="funnel">
            <fieldset className="funnel__panel">
              <legend className="funnel__legend">Elige la fecha de salida</legend>
              {data.departures.map((d) => {
                const full = d.bookableAvailability <= 0;
                const label = formatDateRange({ from: d.dayOne, to: d.returnDate });
                return (
                  <label key={d.periodId} className={`funnel__choice${full ? ' funnel__choice--disabled' : ''}`}>
                    <input
                      type="radio"
                      name="salida"
                      value={d.periodId}
                      checked={funnel.periodId === d.periodId}
                      onChange={() => chooseDeparture(d.periodId)}
                    />
                    <span className="funnel__choice-body">
                      <strong>{label}</strong>
                      <span className={`funnel-departure__seats${d.bookableAvailability <= 3 ? ' funnel-departure__seats--low' : ''}`}>
                        {formatSeatsLeft(d.bookableAvailability)}
                      </span>
                    </span>
                    <span className="funnel__price">desde {formatEuros(d.fromPriceCents)}</span>
                  </label>
                );
              })}
            </fieldset>
            <div className="funnel__panel">
              <h2>¿Quiénes viajáis?</h2>
              <Counter
                id="adultos"
                label="Adultos"
                hint={`${CHILD_AGE_LIMIT} años o más el día de la salida`}
                value={funnel.adults}
                min={BOOKING_LIMITS.adultsMin}
                max={Math.max(BOOKING_LIMITS.adultsMin, maxTravellers - funnel.children)}
                onChange={setAdults}
              />
              <Counter
                id="ninos"
                label="Niños"
                hint={`Menores de ${CHILD_AGE_LIMIT} años el día de la salida`}
                value={funnel.children}
                min={0}
                max={Math.max(0, maxTravellers - funnel.adults)}
                onChange={setChildren}
              />
            </div>
            {departure && !fits && (
              <WaitingListForm
                periodId={departure.periodId}
                travellers={travellers}
                dateLabel={formatDateRange({ from: departure.dayOne, to: departure.returnDate })}
              />
            )}
            {departure && fits && <StepNav back={pathTo('tour', { slug })} backLabel="Volver al viaje" next={stepPath('details', slug)} />}
          </div>
          <PriceSummary quote={fits ? quote : null} travellerCount={travellers} />
        </div>
      )}
    </div>
  );
}
