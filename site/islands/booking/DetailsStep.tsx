/**
 * `/tour/{slug}/completa-tus-datos/{bookingId?}`: the lead contact and consents. Continuing creates the
 * booking (IN_PROGRESS, tkStatus 'PR') and puts its id in the URL; coming back with the id edits the lead.
 * The form's state and rules live in `stores/details-step.ts`.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { $funnel, type LeadDraft } from '../../stores/booking.ts';
import {
  $leadForm,
  $newBooking,
  createBookingFromLead,
  describeParty,
  openBookingLead,
  openNewBooking,
  saveBookingLead,
  setLeadConsent,
  setLeadField,
} from '../../stores/details-step.ts';
import Field from './Field.tsx';
import FunnelGate from './FunnelGate.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import StepNav from './StepNav.tsx';
import { useFunnelBooking } from './useFunnelBooking.ts';

export default function DetailsStep() {
  const { view, error, loading, bookingId, slug } = useFunnelBooking('details');
  const viewId = view?.id;
  useEffect(() => {
    // The lead as saved is read once per booking; what is typed after stays.
    if (viewId) openBookingLead(viewId);
  }, [viewId]);

  if (!slug) return <p role="status">Cargando…</p>;
  if (loading) return <p role="status">Cargando tu reserva…</p>;
  if (bookingId === null) return <NewBooking slug={slug} />;
  return (
    <div className="funnel">
      <FunnelSteps current="details" slug={slug} bookingId={bookingId} />
      <FunnelGate loading={loading} error={error} view={view}>
        {view && (
          <div className="funnel__layout">
            <LeadForm
              intro={`${view.tourName}, ${view.returnDate ? formatDateRange({ from: view.dayOne, to: view.returnDate }) : view.dayOne}`}
              summary={describeParty(view.adults, view.children)}
              consentsGiven
              onSubmit={() => saveBookingLead(view, slug)}
            />
            <PriceSummary quote={view.quote} travellerCount={view.travellers.length} />
          </div>
        )}
      </FunnelGate>
    </div>
  );
}

function NewBooking({ slug }: { slug: string }) {
  const funnel = useStore($funnel);
  const { start, quote } = useStore($newBooking);
  const ready = funnel.slug === slug && funnel.periodId !== null;

  useEffect(() => {
    void openNewBooking(slug);
  }, [slug]);

  if (!ready) {
    return (
      <div className="funnel__panel">
        <p>Elige primero la fecha de salida y cuántos viajáis.</p>
        <p>
          <a className="button" href={`/booking/${slug}`}>
            Elegir la salida
          </a>
        </p>
      </div>
    );
  }
  const departure = start?.departures.find((d) => d.periodId === funnel.periodId);
  return (
    <div className="funnel">
      <FunnelSteps current="details" slug={slug} bookingId={null} />
      <div className="funnel__layout">
        <LeadForm
          intro={start ? `${start.tour.name}${departure ? `, ${formatDateRange({ from: departure.dayOne, to: departure.returnDate })}` : ''}` : ''}
          summary={describeParty(funnel.adults, funnel.children)}
          changeHref={`/booking/${slug}?periodo=${encodeURIComponent(funnel.periodId ?? '')}`}
          keepDraft
          onSubmit={() => createBookingFromLead(slug)}
        />
        <PriceSummary quote={quote} travellerCount={funnel.adults + funnel.children} />
      </div>
    </div>
  );
}

function LeadForm({
  intro,
  summary,
  changeHref,
  consentsGiven = false,
  keepDraft = false,
  onSubmit,
}: {
  intro: string;
  summary: string;
  changeHref?: string;
  consentsGiven?: boolean;
  /** Keep what is typed in the funnel store (a booking not made yet). */
  keepDraft?: boolean;
  /** Sends the form; answers the next step's address, or null when it was refused (messages in the store). */
  onSubmit: () => Promise<string | null>;
}) {
  const { lead, privacy, marketing, fields, message, busy } = useStore($leadForm);
  const set = (key: keyof LeadDraft) => (event: React.ChangeEvent<HTMLInputElement>) => setLeadField(key, event.target.value, { keep: keepDraft });

  return (
    <form
      className="funnel__panel"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const next = await onSubmit();
        if (next) return location.assign(next);
        const first = Object.keys($leadForm.get().fields)[0];
        if (first) document.getElementById(`lead-${first}`)?.focus();
      }}
    >
      <h2>Persona de contacto</h2>
      {intro && <p className="funnel__hint">{intro}</p>}
      <p>
        {summary}
        {changeHref && (
          <>
            {' · '}
            <a href={changeHref}>Cambiar</a>
          </>
        )}
      </p>
      <p className="funnel__hint">Quien reserva es el primer adulto y la persona de contacto de la reserva.</p>
      <Field id="lead-name" label="Nombre" autoComplete="given-name" value={lead.name} onChange={set('name')} error={fields['name']} />
      <Field id="lead-surname" label="Apellidos" autoComplete="family-name" value={lead.surname} onChange={set('surname')} error={fields['surname']} />
      <Field
        id="lead-email"
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={lead.email}
        onChange={set('email')}
        error={fields['email']}
        hint="Te enviaremos aquí la confirmación y el bono."
      />
      <Field
        id="lead-phone"
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={lead.phone}
        onChange={set('phone')}
        error={fields['phone']}
      />
      {!consentsGiven && (
        <>
          <label className="funnel__check">
            <input
              id="lead-privacy"
              type="checkbox"
              checked={privacy}
              onChange={(e) => setLeadConsent('privacy', e.target.checked)}
              aria-invalid={fields['privacy'] ? true : undefined}
              aria-describedby={fields['privacy'] ? 'lead-privacy-error' : undefined}
            />
            <span>
              He leído y acepto la <a href="/politica-privacidad">política de privacidad</a>.
            </span>
          </label>
          {fields['privacy'] && (
            <p className="funnel__field-error" id="lead-privacy-error">
              {fields['privacy']}
            </p>
          )}
          <label className="funnel__check">
            <input type="checkbox" checked={marketing} onChange={(e) => setLeadConsent('marketing', e.target.checked)} />
            <span>Quiero recibir ofertas y novedades por correo (opcional).</span>
          </label>
        </>
      )}
      <p className="funnel__error" role="alert">
        {message ?? ''}
      </p>
      <StepNav back={changeHref ?? null} next="submit" busy={busy} />
    </form>
  );
}
