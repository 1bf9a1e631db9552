/**
 * `/tour/{slug}/pasajeros/{bookingId}`: every traveller's reservation fields (name, surname, e-mail,
 * DNI/NIE or passport, birthdate, nationality, phone) and who shares each room. What is typed is kept in
 * the funnel store (sessionStorage) until it is saved, so a reload loses nothing. The same rules as the
 * server (`findPassengerProblems`, the DNI/NIE letter, the e-mail pattern, ages fitting the age group) run
 * before saving; the server checks again.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { BookingTravelerEntry } from '#shared/entities/index.ts';
import { $funnel, setPassengerDraft } from '../../stores/booking.ts';
import {
  $passengersStep,
  loadPassengersStep,
  mergedFields,
  type PassengerField,
  passengerInputId,
  passengerValue,
  savePassengers,
  setRoom,
  sharedModes,
} from '../../stores/passengers-step.ts';
import { formatTravellerLabel } from '#shared/rules/travellers.ts';
import Field from './Field.tsx';
import FunnelGate from './FunnelGate.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import SaveBudget from './SaveBudget.tsx';
import StepNav from './StepNav.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { useFunnelBooking } from './useFunnelBooking.ts';

export default function PassengersStep() {
  const { view, error, loading, bookingId, slug } = useFunnelBooking('passengers');
  const { passengerDrafts } = useStore($funnel);
  const { modes, rooms, fields, message, busy } = useStore($passengersStep);
  const viewId = view?.id;
  useEffect(() => {
    // Once per booking: a reload of the view after saving must not reset the rooms chosen.
    if (viewId) void loadPassengersStep(viewId);
  }, [viewId]);

  const shown = (t: BookingTravelerEntry, key: PassengerField) => passengerValue(t, key, passengerDrafts);
  const merged = (t: BookingTravelerEntry) => mergedFields(t, passengerDrafts);

  async function submit() {
    if (!view || !slug) return;
    if (await savePassengers(view, { today: new Date().toISOString().slice(0, 10) })) return location.assign(stepPath('pay', slug, view.id));
    const first = Object.keys($passengersStep.get().fields)[0];
    if (first) document.getElementById(passengerInputId(first))?.focus();
  }

  return (
    <div className="funnel">
      {slug && <FunnelSteps current="passengers" slug={slug} bookingId={bookingId} />}
      <FunnelGate loading={loading} error={error} view={view}>
        {view && slug && (
          <div className="funnel__layout">
            <form
              className="funnel"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <p className="funnel__hint">Escribe los datos tal y como aparecen en el documento con el que viajaréis.</p>
              {view.travellers.map((t, i) => {
                const field = (key: PassengerField, label: string, extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> & { hint?: string } = {}) => (
                  <Field
                    id={`p-${i}-${key}`}
                    label={label}
                    value={shown(t, key)}
                    onChange={(e) => setPassengerDraft(t.id, key, e.target.value)}
                    error={fields[`travellers.${i}.${key}`]}
                    {...extra}
                  />
                );
                return (
                  <fieldset key={t.id} className="funnel__panel">
                    <legend className="funnel__legend">
                      {formatTravellerLabel({ ...t, reservationFields: {} }, view.travellers)}
                      {t.lead ? ' · titular de la reserva' : ''}
                    </legend>
                    {field('name', 'Nombre', { autoComplete: t.lead ? 'given-name' : 'off' })}
                    {field('surname', 'Apellidos', { autoComplete: t.lead ? 'family-name' : 'off' })}
                    {field('birthdate', 'Fecha de nacimiento', { type: 'date', max: new Date().toISOString().slice(0, 10) })}
                    {field('national_id', 'DNI o NIE', {
                      hint: 'Con la letra, por ejemplo 12345678Z. Si no tienes, indica el pasaporte.',
                      autoCapitalize: 'characters',
                    })}
                    {field('passport', 'Pasaporte (si no tienes DNI o NIE)', { autoCapitalize: 'characters' })}
                    {field('nationality', 'Nacionalidad (opcional)')}
                    {field('email', t.lead ? 'Correo electrónico' : 'Correo electrónico (opcional)', {
                      type: 'email',
                      inputMode: 'email',
                      autoComplete: t.lead ? 'email' : 'off',
                      hint: t.lead ? undefined : 'Si lo indicas, le enviaremos también la documentación del viaje.',
                    })}
                    {field('phone', t.lead ? 'Teléfono' : 'Teléfono (opcional)', { type: 'tel', inputMode: 'tel', autoComplete: t.lead ? 'tel' : 'off' })}
                  </fieldset>
                );
              })}
              {sharedModes(modes, view.travellers).map((mode) => {
                const inMode = view.travellers.filter((t) => t.reservationMode === mode.activityId);
                const roomCount = Math.ceil(inMode.length / mode.places);
                return (
                  <fieldset key={mode.activityId} className="funnel__panel">
                    <legend className="funnel__legend">¿Quién comparte {mode.name.toLowerCase()}?</legend>
                    {roomCount === 1 ? (
                      // Everyone fits in one room: nothing to choose, only to know.
                      <p>
                        {new Intl.ListFormat('es', { type: 'conjunction' }).format(
                          inMode.map((t) => formatTravellerLabel({ ...t, reservationFields: merged(t) }, view.travellers)),
                        )}{' '}
                        compartiréis una {mode.name.toLowerCase()}.
                      </p>
                    ) : (
                      <>
                        <p className="funnel__hint">Cada habitación es para {mode.places} personas. Indica en qué habitación duerme cada viajero.</p>
                        {inMode.map((t) => (
                          <div key={t.id} className="funnel__field">
                            <label htmlFor={`room-${t.id}`}>{formatTravellerLabel({ ...t, reservationFields: merged(t) }, view.travellers)}</label>
                            <select id={`room-${t.id}`} value={rooms[t.id] ?? 1} onChange={(e) => setRoom(t.id, Number(e.target.value))}>
                              {Array.from({ length: roomCount }, (_, n) => n + 1).map((room) => (
                                <option key={room} value={room}>
                                  Habitación {room}
                                </option>
                              ))}
                            </select>
                          </div>
                        ))}
                      </>
                    )}
                    {Object.entries(fields)
                      .filter(([key]) => key.startsWith('roommates'))
                      .map(([key, value]) => (
                        <p key={key} className="funnel__field-error">
                          {value}
                        </p>
                      ))}
                  </fieldset>
                );
              })}
              <p className="funnel__error" role="alert">
                {message ?? ''}
              </p>
              <StepNav back={stepPath('customise', slug, view.id)} next="submit" nextLabel="Continuar al pago" busy={busy} />
            </form>
            <PriceSummary quote={view.quote} travellerCount={view.travellers.length} extra={<SaveBudget bookingId={view.id} />} />
          </div>
        )}
      </FunnelGate>
    </div>
  );
}
