/**
 * The one feedback screen of `/feedback/tour/{periodId}/{bookingId}` and
 * `/feedback/activity/{periodId}/{activityId}/{bookingId}` (storefront-and-booking.md: "share one feedback
 * screen whose type is activity or tour"). Public: the `clave` of the mail's link is the credential. A
 * tour gets the overall rate and the five others, a title, the text and an optional photo; an activity its
 * rate and opinion. Without a usable link the screen says why in Spanish. State lives in stores/feedback.ts.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { FEEDBACK_LIMITS, FEEDBACK_PHOTO_TYPES, TOUR_RATINGS, type TourRatingField } from '#shared/schemas/feedback.ts';
import { $feedback, type FeedbackField, openFeedbackLink, setPhoto, setRating, setText, submitFeedback } from '../../stores/feedback.ts';
import './feedback.css';

const STAR_LABELS = ['1 estrella', '2 estrellas', '3 estrellas', '4 estrellas', '5 estrellas'];
const FIELD_IDS: Record<FeedbackField, string> = {
  rate: 'opinion-rate-1',
  rateGuide: 'opinion-rateGuide-1',
  rateDestination: 'opinion-rateDestination-1',
  ratePriceQuality: 'opinion-ratePriceQuality-1',
  rateAccomodation: 'opinion-rateAccomodation-1',
  rateActivities: 'opinion-rateActivities-1',
  title: 'opinion-title',
  description: 'opinion-description',
  opinion: 'opinion-opinion',
  photo: 'opinion-photo',
};

export default function FeedbackScreen() {
  const state = useStore($feedback);
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void openFeedbackLink(location.search);
  }, []);
  // The form goes away when the review is saved or the link turns out used: the focus follows the news.
  useEffect(() => {
    if (state.status === 'sent' || state.status === 'closed') done.current?.focus();
  }, [state.status]);

  if (state.status === 'loading') return <p role="status">Comprobando tu enlace…</p>;
  if (state.status === 'closed') {
    return (
      <div ref={done} className="feedback-notice feedback-notice--closed" role="alert" tabIndex={-1}>
        <p>{state.message}</p>
        <p className="feedback-notice__links">
          <a className="button" href="/perfil/mis-resenas">
            Ir a mis reseñas
          </a>
          <a href="/">Volver a la portada</a>
        </p>
      </div>
    );
  }
  const link = state.link;
  if (!link) return null;
  if (state.status === 'sent') {
    return (
      <div ref={done} className="feedback-notice feedback-notice--sent" role="status" tabIndex={-1}>
        <p className="feedback-notice__title">¡Gracias{link.travelerName ? `, ${link.travelerName}` : ''}!</p>
        <p>{state.message}</p>
        <p className="feedback-notice__links">
          <a className="button" href="/perfil/mis-resenas">
            Ver mis reseñas
          </a>
          <a href="/viajes">Buscar mi próximo viaje</a>
        </p>
      </div>
    );
  }
  return <FeedbackForm />;
}

function FeedbackForm() {
  const { link, ratings, texts, photo, errors, message, status } = useStore($feedback);
  const form = useRef<HTMLFormElement>(null);
  if (!link) return null;
  const tour = link.kind === 'tour';
  const subject = tour ? link.tourName : (link.activityName ?? link.tourName);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await submitFeedback()) === 'failed') {
      const first = (Object.keys(FIELD_IDS) as FeedbackField[]).find((field) => $feedback.get().errors[field]);
      if (first) form.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`)?.focus();
    }
  };

  return (
    <form ref={form} className="feedback-form" noValidate onSubmit={onSubmit} aria-labelledby="opinion-sobre">
      <header className="feedback-form__intro">
        <h2 id="opinion-sobre">Tu opinión sobre «{subject}»</h2>
        <p>
          {link.travelerName ? `Hola, ${link.travelerName}. ` : ''}
          {tour
            ? `Cuéntanos qué te pareció tu viaje, ${formatDateRange({ from: link.dayOne, to: link.returnDate })}.`
            : `Es una de las actividades opcionales de tu viaje «${link.tourName}», ${formatDateRange({ from: link.dayOne, to: link.returnDate })}.`}
        </p>
        <p className="feedback-form__note">Los campos marcados con * son obligatorios.</p>
      </header>

      {tour ? (
        <>
          <Stars field="rate" label="Valoración general" required value={ratings.rate} error={errors.rate} />
          <fieldset className="feedback-form__group">
            <legend>Valora también cada parte del viaje</legend>
            <p className="feedback-form__hint">Si alguna no aplica a tu viaje, déjala como «No aplica».</p>
            {TOUR_RATINGS.filter((r) => !r.required).map((r) => (
              <Stars key={r.field} field={r.field} label={r.label} value={ratings[r.field]} error={errors[r.field]} />
            ))}
          </fieldset>
          <TextField field="title" label="Título de tu opinión" required maxLength={FEEDBACK_LIMITS.titleMax} value={texts.title} error={errors.title} />
          <TextField
            field="description"
            label="Tu opinión"
            required
            multiline
            maxLength={FEEDBACK_LIMITS.descriptionMax}
            hint={`Al menos ${FEEDBACK_LIMITS.descriptionMin} caracteres: qué te gustó, qué mejorarías, a quién se lo recomendarías.`}
            value={texts.description}
            error={errors.description}
          />
          <div className="feedback-form__field">
            <span id="opinion-photo-label" className="feedback-form__label">
              Una foto del viaje (opcional)
            </span>
            <p id="opinion-photo-hint" className="feedback-form__hint">
              JPG, PNG, WebP o AVIF, de hasta 8 MB.
            </p>
            <div className="feedback-photo">
              <span className="feedback-photo__choose">
                {/* The file input lies transparent over its button: the browser's own control, in the shop's words. */}
                <input
                  id={FIELD_IDS.photo}
                  className="feedback-photo__input"
                  name="photo"
                  type="file"
                  accept={FEEDBACK_PHOTO_TYPES.join(',')}
                  aria-labelledby="opinion-photo-label"
                  aria-invalid={errors.photo ? true : undefined}
                  aria-describedby={errors.photo ? 'opinion-photo-hint opinion-photo-error' : 'opinion-photo-hint'}
                  onChange={(event) => setPhoto(event.currentTarget.files?.[0] ?? null)}
                />
                <span className="feedback-photo__button" aria-hidden="true">
                  {photo ? 'Cambiar la foto' : 'Elegir una foto'}
                </span>
              </span>
              <span className="feedback-photo__name">{photo ? `Elegida: ${photo.name}` : 'Ninguna foto elegida'}</span>
            </div>
            {errors.photo && (
              <p id="opinion-photo-error" className="feedback-form__error">
                {errors.photo}
              </p>
            )}
          </div>
          <p className="feedback-form__note">
            Publicaremos tu opinión como «{link.publicName}» cuando nuestro equipo la haya revisado. Más información en la{' '}
            <a href="/politica-privacidad">política de privacidad</a>.
          </p>
        </>
      ) : (
        <>
          <Stars field="rate" label="Tu valoración" required value={ratings.rate} error={errors.rate} />
          <TextField
            field="opinion"
            label="Tu opinión (opcional)"
            multiline
            maxLength={FEEDBACK_LIMITS.opinionMax}
            value={texts.opinion}
            error={errors.opinion}
          />
        </>
      )}

      <div className="feedback-form__actions">
        <button type="submit" className="button" disabled={status === 'sending'}>
          {status === 'sending' ? 'Enviando…' : 'Enviar mi opinión'}
        </button>
        <p className="feedback-form__message" role="alert">
          {message ?? ''}
        </p>
      </div>
    </form>
  );
}

/** One rating: five stars as a radio group (arrow keys move between them); optional ones add «No aplica». */
function Stars({
  field,
  label,
  required = false,
  value,
  error,
}: {
  field: TourRatingField;
  label: string;
  required?: boolean;
  value: number | null;
  error: string | undefined;
}) {
  const name = `opinion-${field}`;
  return (
    <fieldset className="stars" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="stars__options">
        {STAR_LABELS.map((starLabel, i) => {
          const n = i + 1;
          return (
            <span key={n} className="stars__option">
              <input
                id={`${name}-${n}`}
                className="stars__input"
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                required={required}
                onChange={() => setRating(field, n)}
              />
              <label htmlFor={`${name}-${n}`} className={value !== null && n <= value ? 'stars__star stars__star--on' : 'stars__star'}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{starLabel}</span>
              </label>
            </span>
          );
        })}
        {!required && (
          <span className="stars__option">
            <input
              id={`${name}-none`}
              className="stars__input"
              type="radio"
              name={name}
              value=""
              checked={value === null}
              onChange={() => setRating(field, null)}
            />
            <label htmlFor={`${name}-none`} className="stars__none">
              No aplica
            </label>
          </span>
        )}
        <span className="stars__value" aria-hidden="true">
          {value === null ? '' : `${value} de 5`}
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} className="feedback-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function TextField({
  field,
  label,
  required = false,
  multiline = false,
  maxLength,
  hint,
  value,
  error,
}: {
  field: 'title' | 'description' | 'opinion';
  label: string;
  required?: boolean;
  multiline?: boolean;
  maxLength: number;
  hint?: string;
  value: string;
  error: string | undefined;
}) {
  const id = FIELD_IDS[field];
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    value,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    onChange: (event: { currentTarget: { value: string } }) => setText(field, event.currentTarget.value),
  };
  return (
    <div className="feedback-form__field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="feedback-form__hint">
          {hint}
        </p>
      )}
      {multiline ? <textarea {...common} rows={7} /> : <input {...common} type="text" />}
      {error && (
        <p id={`${id}-error`} className="feedback-form__error">
          {error}
        </p>
      )}
    </div>
  );
}
