/**
 * `/tour/{slug}/anade-tus-vuelos/{bookingId}`: flight options by departure city, each with its journeys
 * and segments, or travelling without our flight. Choosing one verifies its fare with the flights
 * provider first; a changed fare is shown and must be accepted before it is used.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { FlightOptionView, FlightSegmentView } from '#shared/schemas/bookings.ts';
import { $flightsStep, chooseFlightOption, dismissPriceChange, groupByCity, loadFlightsStep, offersNoFlight } from '../../stores/flights-step.ts';
import FunnelGate from './FunnelGate.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import StepNav from './StepNav.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { useFunnelBooking } from './useFunnelBooking.ts';

/** '2027-03-24T08:15…' → '24 de marzo de 2027, 08:15': the airport's local time as stored, never shifted. */
function formatLocal(at: string): string {
  const date = at.slice(0, 10);
  const time = at.slice(11, 16);
  try {
    return `${formatSpanishDate({ date })}${time ? `, ${time}` : ''}`;
  } catch {
    return at;
  }
}

function Segment({ segment }: { segment: FlightSegmentView }) {
  return (
    <li className="funnel-flight__segment">
      <span>
        {segment.flightNumber && <strong>{segment.flightNumber} · </strong>}
        {segment.departureCity ?? segment.departureIata} ({segment.departureIata}) → {segment.arrivalCity ?? segment.arrivalIata} ({segment.arrivalIata})
      </span>
      <span className="funnel__hint">
        Sale {formatLocal(segment.departureAt)} · llega {formatLocal(segment.arrivalAt)}
      </span>
    </li>
  );
}

function FlightDetails({ option }: { option: FlightOptionView }) {
  if (option.journeys.length === 0) return null;
  return (
    <div className="funnel-flight__journeys">
      {option.journeys.map((journey) => (
        <div key={journey.direction}>
          <p className="funnel-flight__direction">{journey.direction === 'outbound' ? 'Ida' : 'Vuelta'}</p>
          <ul className="funnel-flight__segments">
            {journey.segments.map((segment) => (
              <Segment key={`${segment.departureIata}-${segment.departureAt}`} segment={segment} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export default function FlightsStep() {
  const { view, error, loading, bookingId, slug } = useFunnelBooking('flights');
  const { options, message, changed, busy } = useStore($flightsStep);
  const viewId = view?.id;
  useEffect(() => {
    if (viewId) void loadFlightsStep(viewId);
  }, [viewId]);

  const selected = options?.selectedFlightId ?? view?.flightId ?? null;

  return (
    <div className="funnel">
      {slug && <FunnelSteps current="flights" slug={slug} bookingId={bookingId} />}
      <FunnelGate loading={loading} error={error} view={view}>
        {view && slug && (
          <div className="funnel__layout">
            <div className="funnel">
              <div className="funnel__panel">
                <h2>Añade tus vuelos</h2>
                <p className="funnel__hint">
                  Elige desde dónde sales. El precio es para todos los viajeros de la reserva; comprobamos la tarifa con la compañía antes de reservarla.
                </p>
                {!options && !message && <p role="status">Buscando vuelos…</p>}
                {options && options.options.length === 0 && <p className="funnel__notice">Este viaje no incluye vuelos: puedes continuar.</p>}
                {groupByCity(options?.options ?? []).map(({ city, options: inCity }) => (
                  <fieldset key={city} disabled={busy}>
                    <legend className="funnel__legend">{city === 'Sin vuelo' ? 'Sin vuelo' : `Desde ${city}`}</legend>
                    {inCity.map((option) => (
                      <label key={option.id} className={`funnel__choice${option.available ? '' : ' funnel__choice--disabled'}`}>
                        <input
                          type="radio"
                          name="vuelo"
                          value={option.id}
                          checked={selected === option.id}
                          disabled={!option.available}
                          onChange={() => void chooseFlightOption(option.id, { shownTotalCents: option.totalCents })}
                        />
                        <span className="funnel__choice-body">
                          <strong>{option.name}</strong>
                          {!option.available && <span className="funnel-departure__seats funnel-departure__seats--low">Sin plazas para tantos viajeros</span>}
                          <FlightDetails option={option} />
                        </span>
                        <span className="funnel__price">{option.noFlight ? formatEuros(0) : `+${formatEuros(option.totalCents)}`}</span>
                      </label>
                    ))}
                  </fieldset>
                ))}
                {offersNoFlight(options) && (
                  <label className="funnel__choice">
                    <input type="radio" name="vuelo" value="" checked={selected === null} disabled={busy} onChange={() => void chooseFlightOption(null)} />
                    <span className="funnel__choice-body">
                      <strong>No necesito vuelo</strong>
                      <span className="funnel__hint">Llegaré por mi cuenta al punto de inicio del viaje.</span>
                    </span>
                  </label>
                )}
              </div>
              {changed && (
                <div className="funnel__notice" role="alert">
                  <p>
                    La compañía ha cambiado el precio de este vuelo: antes {formatEuros(changed.previousTotalCents)}, ahora{' '}
                    <strong>{formatEuros(changed.newTotalCents)}</strong> para toda la reserva.
                  </p>
                  <p className="funnel__actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => void chooseFlightOption(changed.flightId, { acceptedPriceCents: changed.newTotalCents })}
                    >
                      Aceptar el nuevo precio
                    </button>
                    <button type="button" className="button button--secondary" onClick={dismissPriceChange}>
                      Elegir otro vuelo
                    </button>
                  </p>
                </div>
              )}
              <p className="funnel__error" role="alert">
                {message ?? ''}
              </p>
              {busy && <p role="status">Comprobando la tarifa…</p>}
              <StepNav back={stepPath('details', slug, view.id)} next={stepPath('customise', slug, view.id)} busy={busy} blocked={changed !== null} />
            </div>
            <PriceSummary quote={view.quote} travellerCount={view.travellers.length} busy={busy} />
          </div>
        )}
      </FunnelGate>
    </div>
  );
}
