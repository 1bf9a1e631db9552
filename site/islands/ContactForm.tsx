/**
 * The /contacto form: name, surname, e-mail, phone and question, posted to `POST /api/contact`. Spanish
 * messages show under each field (linked with aria-describedby, focus moves to the first wrong field); what
 * was typed stays; on success it thanks the visitor. State and the send live in `stores/contact-form.ts`.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS } from '#shared/schemas/contact-limits.ts';
import { CONTACT_FIELDS, contactForm, type ContactField } from '../stores/contact-form.ts';
import './contact-form.css';

const LABELS: Record<ContactField, string> = {
  name: 'Nombre',
  surname: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  question: '¿En qué podemos ayudarte?',
};
const REQUIRED: ReadonlySet<ContactField> = new Set(['name', 'email', 'question']);
const INPUT: Record<Exclude<ContactField, 'question'>, { type: string; autoComplete: string; maxLength: number }> = {
  name: { type: 'text', autoComplete: 'given-name', maxLength: CONTACT_LIMITS.nameMax },
  surname: { type: 'text', autoComplete: 'family-name', maxLength: CONTACT_LIMITS.surnameMax },
  email: { type: 'email', autoComplete: 'email', maxLength: CONTACT_LIMITS.emailMax },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: CONTACT_LIMITS.phoneMax },
};

export default function ContactForm() {
  const { values, errors, status, message } = useStore(contactForm.$form);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  // Before hydration the form has no submit handler: a click would send it the browser's way, a GET that
  // reloads the page and puts the visitor's details in the address. The button waits for the island.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Whatever was typed before the island hydrated is in the page, not in the store yet: keep it.
  useEffect(() => contactForm.adoptTyped(form.current), []);
  // The form goes away on success: focus moves to the thanks, so keyboard and screen-reader users hear it.
  useEffect(() => {
    if (status === 'sent') thanks.current?.focus();
  }, [status]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await contactForm.submit();
    if (result === 'failed') {
      const first = CONTACT_FIELDS.find((field) => contactForm.$form.get().errors[field]);
      if (first) form.current?.querySelector<HTMLElement>(`#contacto-${first}`)?.focus();
    }
  };

  return (
    <div className="contact-form-wrap">
      <p ref={thanks} className="contact-form__done" role="status" tabIndex={-1} hidden={status !== 'sent'}>
        {status === 'sent' ? message : ''}
      </p>
      {status !== 'sent' && (
        <form ref={form} className="contact-form" noValidate onSubmit={onSubmit} aria-describedby="contacto-obligatorios">
          <p id="contacto-obligatorios" className="contact-form__note">
            Los campos marcados con * son obligatorios.
          </p>
          {CONTACT_FIELDS.map((field) => (
            <Field key={field} field={field} value={values[field]} error={errors[field]} />
          ))}
          <p className="contact-form__privacy">
            Usaremos tus datos solo para responder a tu consulta. Más información en la <a href="/politica-privacidad">política de privacidad</a>.
          </p>
          <div className="contact-form__actions">
            <button type="submit" className="button" disabled={!hydrated || status === 'sending'}>
              {status === 'sending' ? 'Enviando…' : 'Enviar consulta'}
            </button>
            <p className="contact-form__message" role="alert">
              {message ?? ''}
            </p>
          </div>
        </form>
      )}
    </div>
  );
}

/** One labelled field with its message under it, tied by aria-describedby. */
function Field({ field, value, error }: { field: ContactField; value: string; error: string | undefined }) {
  const id = `contacto-${field}`;
  const common = {
    id,
    name: field,
    value,
    required: REQUIRED.has(field),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: { currentTarget: { value: string } }) => contactForm.setField(field, event.currentTarget.value),
  };
  return (
    <div className={`contact-form__field contact-form__field--${field}`}>
      <label htmlFor={id}>
        {LABELS[field]}
        {REQUIRED.has(field) && <span aria-hidden="true"> *</span>}
      </label>
      {field === 'question' ? <textarea {...common} rows={6} maxLength={CONTACT_LIMITS.questionMax} /> : <input {...common} {...INPUT[field]} />}
      {error && (
        <p id={`${id}-error`} className="contact-form__error">
          {error}
        </p>
      )}
    </div>
  );
}
