/**
 * `/tour/{slug}/personaliza-el-viaje/{bookingId}`: rooms (reservation modes), optional activities and
 * packs, and insurance, per traveller. Every change is saved on the booking at once and the server's new
 * quote replaces the summary: nothing to lose on a reload, and the price shown is always the server's.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import type { ActivityView, ExtraView } from '#shared/schemas/bookings.ts';
import { ADULT_AGE_GROUP } from '#shared/constants.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { priceForTraveller } from '#shared/rules/prices.ts';
import { formatTravellerLabel } from '#shared/rules/travellers.ts';
import { canPickActivity, canPickRoom } from '#shared/rules/seats.ts';
import {
  $customiseStep,
  chosenActivities,
  loadCustomiseStep,
  saveChoice,
  splitOptions,
  toggleActivity,
  toggleExtra,
  withPending,
} from '../../stores/customise-step.ts';
import FunnelGate from './FunnelGate.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import SaveBudget from './SaveBudget.tsx';
import StepNav from './StepNav.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { useFunnelBooking } from './useFunnelBooking.ts';

export default function CustomiseStep() {
  const { view, error, loading, bookingId, slug } = useFunnelBooking('customise');
  const { options, message, busy, pending, pendingExtras } = useStore($customiseStep);
  const viewId = view?.id;
  useEffect(() => {
    if (viewId) void loadCustomiseStep(viewId);
  }, [viewId]);

  const travellers = withPending(view?.travellers ?? [], pending);
  const extraIds = pendingExtras ?? view?.extraIds ?? [];
  const { activities, insurance } = splitOptions(options);

  return (
    <div className="funnel">
      {slug && <FunnelSteps current="customise" slug={slug} bookingId={bookingId} />}
      <FunnelGate loading={loading} error={error} view={view}>
        {view && slug && (
          <div className="funnel__layout">
            <div className="funnel">
              {!options && !message && <p role="status">Cargando las opciones del viaje…</p>}
              {options && options.reservationModes.length > 0 && (
                <div className="funnel__panel">
                  <h2>Habitación</h2>
                  <p className="funnel__hint">Elige el tipo de habitación de cada viajero. En el paso siguiente podréis indicar quién comparte habitación.</p>
                  {travellers.map((traveller) => (
                    <div key={traveller.id} className="funnel__field">
                      <label htmlFor={`habitacion-${traveller.id}`}>{formatTravellerLabel(traveller, view.travellers)}</label>
                      <select
                        id={`habitacion-${traveller.id}`}
                        value={traveller.reservationMode ?? ''}
                        disabled={busy}
                        onChange={(e) => void saveChoice(traveller.id, { reservationMode: e.target.value || null })}
                      >
                        <option value="">La incluida en el viaje</option>
                        {options.reservationModes.map((mode) => (
                          <option key={mode.activityId} value={mode.activityId} disabled={!canPickRoom({ mode, travellers, travellerId: traveller.id })}>
                            {mode.name}
                            {mode.shareRoom ? ' (a compartir)' : ''} ·{' '}
                            {priceForTraveller(mode.prices, traveller) > 0 ? `+${formatEuros(priceForTraveller(mode.prices, traveller))}` : 'incluida'}
                            {canPickRoom({ mode, travellers, travellerId: traveller.id }) ? '' : mode.availability <= 0 ? ' · agotada' : ' · no quedan más'}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </div>
              )}
              {activities.length > 0 && (
                <div className="funnel__panel">
                  <h2>Actividades opcionales</h2>
                  {activities.map((activity) => (
                    <fieldset key={activity.activityId} disabled={busy}>
                      <legend className="funnel__legend">
                        {activity.name}{' '}
                        <span className="funnel__price">{formatEuros(priceForTraveller(activity.prices, { ageGroup: ADULT_AGE_GROUP }))} por persona</span>
                      </legend>
                      {activity.webInfo && <p className="funnel__hint">{activity.webInfo}</p>}
                      {activity.includes.length > 0 && <p className="funnel__hint">Incluye: {activity.includes.join(', ')}</p>}
                      {activity.availability < view.travellers.length && (
                        <p className="funnel-departure__seats funnel-departure__seats--low">
                          {activity.availability <= 0 ? 'Agotada' : activity.availability === 1 ? 'Queda 1 plaza' : `Quedan ${activity.availability} plazas`}
                        </p>
                      )}
                      <TravellerChecks activity={activity} travellers={travellers} party={view.travellers} />
                    </fieldset>
                  ))}
                </div>
              )}
              {insurance.length > 0 && (
                <div className="funnel__panel">
                  <h2>Seguro de viaje</h2>
                  {insurance.map((activity) => (
                    <fieldset key={activity.activityId} disabled={busy}>
                      <legend className="funnel__legend">{activity.name}</legend>
                      {activity.webInfo && <p className="funnel__hint">{activity.webInfo}</p>}
                      <TravellerChecks activity={activity} travellers={travellers} party={view.travellers} />
                    </fieldset>
                  ))}
                </div>
              )}
              {options && options.extras.length > 0 && (
                <div className="funnel__panel">
                  <h2>Extras</h2>
                  <p className="funnel__hint">Para toda la reserva.</p>
                  <fieldset disabled={busy}>
                    <legend className="visually-hidden">Extras de la reserva</legend>
                    {options.extras.map((extra) => (
                      <ExtraCheck
                        key={extra.id}
                        extra={extra}
                        chosen={extraIds}
                        travellerCount={view.travellers.length}
                        onChange={(on) => void toggleExtra(extraIds, extra, on)}
                      />
                    ))}
                  </fieldset>
                </div>
              )}
              {options && options.reservationModes.length === 0 && options.activities.length === 0 && options.extras.length === 0 && (
                <p className="funnel__notice">Este viaje no tiene opciones que añadir: puedes continuar.</p>
              )}
              <p className="funnel__error" role="alert">
                {message ?? ''}
              </p>
              {busy && <p role="status">Actualizando el precio…</p>}
              <StepNav back={stepPath('flights', slug, view.id)} next={stepPath('passengers', slug, view.id)} busy={busy} />
            </div>
            <PriceSummary quote={view.quote} travellerCount={view.travellers.length} busy={busy} extra={<SaveBudget bookingId={view.id} />} />
          </div>
        )}
      </FunnelGate>
    </div>
  );
}

/** One checkbox per traveller for an activity or an insurance, priced for each; disabled when no seat is left for them. */
function TravellerChecks({
  activity,
  travellers,
  party,
}: {
  activity: ActivityView;
  /** The travellers with the choice being saved shown. */
  travellers: BookingTravelerEntry[];
  /** The booking's travellers as saved, which name them. */
  party: readonly BookingTravelerEntry[];
}) {
  return travellers.map((traveller) => (
    <label key={traveller.id} className="funnel__check">
      <input
        type="checkbox"
        checked={chosenActivities(traveller).includes(activity.activityId)}
        disabled={!canPickActivity({ activity, travellers, travellerId: traveller.id })}
        onChange={(e) => void toggleActivity(traveller, activity, e.target.checked)}
      />
      <span>
        {formatTravellerLabel(traveller, party)} · {formatEuros(priceForTraveller(activity.prices, traveller))}
      </span>
    </label>
  ));
}

/** One extra of the tour: its price per traveller or per booking, and what it comes to for this party. */
function ExtraCheck({
  extra,
  chosen,
  travellerCount,
  onChange,
}: {
  extra: ExtraView;
  chosen: readonly string[];
  travellerCount: number;
  onChange: (on: boolean) => void;
}) {
  const perTraveller = extra.basis === 'PER_TRAVELER';
  const hintId = `extra-${extra.id}-info`;
  return (
    <div className="funnel__extra">
      <label className="funnel__check">
        <input
          type="checkbox"
          checked={chosen.includes(extra.id)}
          aria-describedby={extra.description ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {extra.name} · {formatEuros(extra.amountCents)} {perTraveller ? 'por viajero' : 'por reserva'}
          {perTraveller && travellerCount > 1 ? ` (${formatEuros(extra.amountCents * travellerCount)} para ${travellerCount} viajeros)` : ''}
        </span>
      </label>
      {extra.description && (
        <p id={hintId} className="funnel__hint">
          {extra.description}
        </p>
      )}
    </div>
  );
}
