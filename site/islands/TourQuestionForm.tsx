/**
 * "¿Tienes alguna pregunta?": a visitor's question about this tour, sent to `POST /api/contact`. Field
 * messages show in Spanish under their field, what was typed stays, and the first wrong field gets focus.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { $departures, $selectedPeriodId } from '../stores/departures.ts';
import { CONTACT_FIELDS as QUESTION_FIELDS, type ContactField as QuestionField, questionForm } from '../stores/contact-form.ts';

interface Props {
  tourName: string;
  tourId: string;
}

const FIELDS: Record<QuestionField, { label: string; type: string; autoComplete: string; required: boolean }> = {
  name: { label: 'Nombre', type: 'text', autoComplete: 'given-name', required: true },
  surname: { label: 'Apellidos (opcional)', type: 'text', autoComplete: 'family-name', required: false },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'email', required: true },
  phone: { label: 'Teléfono (opcional)', type: 'tel', autoComplete: 'tel', required: false },
  question: { label: 'Tu pregunta', type: 'textarea', autoComplete: 'off', required: true },
};

export default function TourQuestionForm({ tourName, tourId }: Props) {
  const { values, errors, status, message } = useStore(questionForm.$form);
  // The departure chosen above goes with the question, so the office answers about that date.
  const periodId = useStore($selectedPeriodId);
  const departure = useStore($departures).find((d) => d.periodId === periodId) ?? null;
  const form = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  // Before hydration the form has no submit handler: a click would send it the browser's way, a GET that
  // reloads the page and puts the visitor's e-mail and question in the address. The button waits for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Whatever was typed before the island hydrated is in the page, not in the store yet: keep it.
  useEffect(() => questionForm.adoptTyped(form.current), []);
  useEffect(() => {
    const first = QUESTION_FIELDS.find((field) => errors[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);
  useEffect(() => {
    if (status === 'sent') sentRef.current?.focus();
  }, [status]);

  if (status === 'sent') {
    return (
      <p className="question-form__sent" role="status" tabIndex={-1} ref={sentRef}>
        {message}
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void questionForm.submit({ tourName, tourId, periodId: departure?.periodId ?? null });
  };

  return (
    <form className="question-form" ref={form} onSubmit={onSubmit} noValidate>
      {QUESTION_FIELDS.map((field) => {
        const { label, type, autoComplete, required } = FIELDS[field];
        const id = `pregunta-${field}`;
        const error = errors[field];
        const common = {
          id,
          name: field,
          value: values[field],
          autoComplete,
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (event: { currentTarget: { value: string } }) => questionForm.setField(field, event.currentTarget.value),
        };
        return (
          <div key={field} className={`question-form__field question-form__field--${field}`}>
            <label htmlFor={id}>{label}</label>
            {type === 'textarea' ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
            {error && (
              <p className="question-form__error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      {departure && <p className="question-form__departure">Tu pregunta irá sobre la salida del {formatSpanishDate({ date: departure.dayOne })}.</p>}
      {message && (
        <p className="question-form__error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={!hydrated || status === 'sending'}>
        {status === 'sending' ? 'Enviando…' : 'Enviar pregunta'}
      </button>
    </form>
  );
}
