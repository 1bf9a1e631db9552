/**
 * `/tour/{slug}/completa-tus-datos/{bookingId?}`: the lead contact and consents. Continuing creates the
 * booking (IN_PROGRESS, tkStatus 'PR') and puts its id in the URL; coming back with the id edits the lead.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { LeadContactSchema, type QuoteView } from '#shared/schemas/bookings.ts';
import type { BookingStartAnswer } from '#shared/schemas/tours.ts';
import { $funnel, createFunnelBooking, fetchBookingStart, fetchPartyQuote, loadBooking, type LeadDraft, patchBooking } from '../../stores/booking.ts';
import Field, { issuesToFields } from './Field.tsx';
import FunnelGate from './FunnelGate.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import PriceSummary from './PriceSummary.tsx';
import StepNav from './StepNav.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { routeParams, useFunnelBooking } from './useFunnelBooking.ts';

export default function DetailsStep() {
  const { view, error, loading, bookingId } = useFunnelBooking('details');
  const [slug, setSlug] = useState<string | null>(null);
  useEffect(() => setSlug(routeParams()['slug'] ?? null), []);
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
              initial={leadOf(view.travellers[0]?.reservationFields ?? {})}
              intro={`${view.tourName}, ${view.returnDate ? formatDateRange({ from: view.dayOne, to: view.returnDate }) : view.dayOne}`}
              summary={`${view.adults} ${view.adults === 1 ? 'adulto' : 'adultos'}${view.children > 0 ? ` y ${view.children} ${view.children === 1 ? 'niño' : 'niños'}` : ''}`}
              consentsGiven
              onSubmit={async (lead) => {
                const lead0 = view.travellers[0]!;
                const result = await patchBooking(view.id, {
                  travellers: [{ id: lead0.id, reservationFields: { ...lead, surname: lead.surname || undefined } }],
                });
                if (!result.ok) return { message: result.message, fields: prefixFields(result.fields) };
                location.assign(stepPath('flights', slug, view.id));
                return null;
              }}
            />
            <PriceSummary quote={view.quote} travellerCount={view.travellers.length} />
          </div>
        )}
      </FunnelGate>
    </div>
  );
}

const leadOf = (fields: Record<string, string>): LeadDraft => ({
  name: fields['name'] ?? '',
  surname: fields['surname'] ?? '',
  email: fields['email'] ?? '',
  phone: fields['phone'] ?? '',
});

/** The API names the lead's fields `lead.email` (create) or `travellers.0.reservationFields.email` (update). */
function prefixFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^lead\.|^travellers\.0\.reservationFields\./, ''), message]));
}

function NewBooking({ slug }: { slug: string }) {
  const funnel = useStore($funnel);
  const [start, setStart] = useState<BookingStartAnswer | null>(null);
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const ready = funnel.slug === slug && funnel.periodId !== null;

  useEffect(() => {
    if (!ready) return;
    void fetchBookingStart(slug).then((r) => r.ok && setStart(r.data));
    void fetchPartyQuote({ periodId: funnel.periodId!, adults: funnel.adults, children: funnel.children }).then((r) => r.ok && setQuote(r.data));
  }, [ready]);

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
          initial={funnel.lead}
          intro={start ? `${start.tour.name}${departure ? `, ${formatDateRange({ from: departure.dayOne, to: departure.returnDate })}` : ''}` : ''}
          summary={`${funnel.adults} ${funnel.adults === 1 ? 'adulto' : 'adultos'}${funnel.children > 0 ? ` y ${funnel.children} ${funnel.children === 1 ? 'niño' : 'niños'}` : ''}`}
          changeHref={`/booking/${slug}?periodo=${encodeURIComponent(funnel.periodId!)}`}
          onDraft={(lead) => $funnel.setKey('lead', lead)}
          onSubmit={async (lead, consents) => {
            const body = {
              periodId: funnel.periodId!,
              adults: funnel.adults,
              children: funnel.children,
              lead: { ...lead, surname: lead.surname || undefined },
              consents,
            };
            const result = await createFunnelBooking(body);
            if (!result.ok) return { message: result.message, fields: prefixFields(result.fields) };
            $funnel.set({ ...$funnel.get(), bookingId: result.data.id, lastStep: 'details', passengerDrafts: {} });
            // The id goes into this step's address first, so 'back' from the flights step lands on the booking.
            history.replaceState(null, '', stepPath('details', slug, result.data.id));
            await loadBooking(result.data.id, 'flights');
            location.assign(stepPath('flights', slug, result.data.id));
            return null;
          }}
        />
        <PriceSummary quote={quote} travellerCount={funnel.adults + funnel.children} />
      </div>
    </div>
  );
}

type SubmitOutcome = null | { message: string; fields: Record<string, string> };

function LeadForm({
  initial,
  intro,
  summary,
  changeHref,
  consentsGiven = false,
  onDraft,
  onSubmit,
}: {
  initial: LeadDraft;
  intro: string;
  summary: string;
  changeHref?: string;
  consentsGiven?: boolean;
  onDraft?: (lead: LeadDraft) => void;
  onSubmit: (lead: LeadDraft, consents: { privacy: true; marketing: boolean }) => Promise<SubmitOutcome>;
}) {
  const [lead, setLead] = useState<LeadDraft>(initial);
  const [privacy, setPrivacy] = useState(consentsGiven);
  const [marketing, setMarketing] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof LeadDraft) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...lead, [key]: event.target.value };
    setLead(next);
    onDraft?.(next);
  };

  return (
    <form
      className="funnel__panel"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const checked = LeadContactSchema.safeParse(lead);
        const local = checked.success ? {} : issuesToFields(checked.error.issues);
        if (!privacy) local['privacy'] = 'Debes aceptar la política de privacidad para continuar';
        setFields(local);
        if (Object.keys(local).length > 0) {
          setMessage('Revisa los datos marcados.');
          document.getElementById(`lead-${Object.keys(local)[0]}`)?.focus();
          return;
        }
        setBusy(true);
        setMessage(null);
        const outcome = await onSubmit(lead, { privacy: true, marketing });
        if (outcome) {
          setBusy(false);
          setFields(outcome.fields);
          setMessage(outcome.message);
        }
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
              onChange={(e) => setPrivacy(e.target.checked)}
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
            <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
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
