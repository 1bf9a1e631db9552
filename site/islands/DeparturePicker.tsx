/**
 * The tour page's departures: rendered from the page's data first (server HTML), then refreshed once from
 * the API for live seats and prices. A full departure shows 'Completo' and cannot be chosen. It is a plain
 * GET form to /booking/{slug}, so 'Reservar' carries `?periodo={id}` and works before hydration too.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { discountedPriceCents, isDepartureFull } from '#shared/rules/departures.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { DepartureView } from '../lib/tour-view.ts';
import {
  $departures,
  $departuresSource,
  $selectedPeriodId,
  formatSeatsLeft,
  initDepartures,
  refreshDepartures,
  selectDeparture,
} from '../stores/departures.ts';

interface Props {
  tourSlug: string;
  departures: DepartureView[];
}

function Price({ label, priceCents, discountCents }: { label: string; priceCents: number; discountCents: number }) {
  const now = discountedPriceCents({ priceCents, discountCents });
  return (
    <span className="departure__price">
      {label}:{' '}
      {discountCents > 0 && (
        <s>
          <span className="visually-hidden">antes </span>
          {formatEuros(priceCents)}
        </s>
      )}{' '}
      <strong>
        {discountCents > 0 && <span className="visually-hidden">ahora </span>}
        {formatEuros(now)}
      </strong>
    </span>
  );
}

export default function DeparturePicker({ tourSlug, departures: initial }: Props) {
  const live = useStore($departures);
  const selected = useStore($selectedPeriodId);
  const source = useStore($departuresSource);
  // Until the store is filled (server render, first client render) the page's own data shows.
  const departures = live.length > 0 ? live : initial;

  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // A date picked before the page came alive: hydrating leaves the radio as the person left it, and the
    // next render would uncheck it (the store had none), so 'Reservar' went to the funnel without a date.
    const picked = form.current?.querySelector<HTMLInputElement>('input[name="periodo"]:checked');
    initDepartures(initial);
    if (picked) selectDeparture(picked.value);
    void refreshDepartures(tourSlug);
  }, [tourSlug, initial]);

  return (
    <form ref={form} className="departures" action={`/booking/${tourSlug}`} method="get" data-source={source}>
      <fieldset className="departures__fieldset">
        <legend className="departures__legend">Elige tu fecha de salida</legend>
        <ul className="departures__list">
          {departures.map((departure) => {
            const full = isDepartureFull(departure);
            return (
              <li key={departure.periodId} className={full ? 'departure departure--full' : 'departure'} data-period={departure.periodId}>
                <label className="departure__option">
                  <input
                    type="radio"
                    name="periodo"
                    value={departure.periodId}
                    disabled={full}
                    checked={selected === departure.periodId}
                    onChange={() => selectDeparture(departure.periodId)}
                  />
                  <span className="departure__body">
                    <span className="departure__date">{departure.label}</span>
                    <span className="departure__meta">
                      {departure.duration}
                      {departure.isSingle && ' · Salida single'}
                    </span>
                    <span className={full ? 'departure__seats departure__seats--full' : 'departure__seats'}>
                      {formatSeatsLeft(departure.bookableAvailability)}
                    </span>
                    <span className="departure__prices">
                      <Price label="Adultos" priceCents={departure.adultPriceCents} discountCents={departure.campaignDiscountCents} />
                      <Price label="Niños" priceCents={departure.childPriceCents} discountCents={departure.campaignDiscountCents} />
                    </span>
                    {departure.campaignDiscountCents > 0 && (
                      <span className="departure__campaign">
                        {departure.campaignNames.join(', ') || 'Descuento'}: −{formatEuros(departure.campaignDiscountCents)} por persona
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="departures__note">Precios por persona, sin vuelo. El vuelo desde tu ciudad se elige al reservar.</p>
      <button type="submit" className="button departures__submit">
        Reservar
      </button>
    </form>
  );
}
