/**
 * Every field of an agency (cms-and-backoffice.md §3 Retailer), grouped as staff think of them, for the
 * 'Nueva agencia' dialog and the edit form alike. Each mistake shows under its field and is tied to it
 * (aria-invalid, aria-describedby); a hint says what a field is for where the name does not.
 */
import type { ReactNode } from 'react';
import { RETAILER_MEMBERSHIP_LABELS, RETAILER_PAYMENT_TYPES, RETAILER_TYPES, type RetailerMembership } from '#shared/schemas/retailers.ts';
import { firstInvalidField, type RetailerField, type RetailerFields as Fields } from '../../stores/retailer-form.ts';

/** How staff read a membership; one on file outside the known set as it is. */
export const membershipLabel = (membership: string | null) =>
  membership ? (RETAILER_MEMBERSHIP_LABELS[membership as RetailerMembership] ?? membership) : 'Sin indicar';

/** What each field is called, on the form and in the agency's log of changes. */
export const RETAILER_FIELD_LABELS: Readonly<Record<RetailerField, string>> = {
  name: 'Nombre comercial',
  cif: 'CIF',
  corporateName: 'Razón social',
  fiscalName: 'Nombre fiscal',
  type: 'Tipo de agencia',
  membership: 'Colaboración',
  paymentType: 'Forma de pago',
  contactPerson: 'Persona de contacto',
  phone: 'Teléfono',
  email: 'Correo general',
  documentationEmail: 'Correo de documentación',
  invoiceEmail: 'Correo de facturación',
  address: 'Dirección',
  postalCode: 'Código postal',
  city: 'Ciudad',
  latitude: 'Latitud',
  longitude: 'Longitud',
};

const HINTS: Partial<Record<RetailerField, string>> = {
  cif: 'Si la agencia es de un autónomo, su NIF o NIE.',
  fiscalName: 'El que figura en las facturas, si no es la razón social.',
  documentationEmail: 'Aquí enviamos los avisos y bonos de sus reservas; si lo dejas vacío, al correo general.',
  latitude: 'Opcional, para situarla en el mapa: por ejemplo 40,4168.',
  longitude: 'Por ejemplo -3,7038.',
  membership: 'Las agencias Business son las que colaboran con nosotros ahora.',
};

const fieldId = (field: RetailerField) => `agencia-${field}`;

/** Puts the keyboard on the first field with a mistake, after a refused 'Guardar'. */
export function focusFirstInvalid(errors: Record<string, string>) {
  const field = firstInvalidField(errors);
  if (field) document.getElementById(fieldId(field))?.focus();
}

export function RetailerFields({
  form,
  errors,
  onChange,
}: {
  form: Fields;
  errors: Record<string, string>;
  onChange: (field: RetailerField, value: string) => void;
}) {
  const field = (name: RetailerField, input: (props: ReturnType<typeof common>) => ReactNode) => {
    const props = common(name);
    return (
      <div className="admin-field">
        <label htmlFor={props.id}>{RETAILER_FIELD_LABELS[name]}</label>
        {input(props)}
        {HINTS[name] ? (
          <span className="admin-field__hint" id={`${props.id}-hint`}>
            {HINTS[name]}
          </span>
        ) : null}
        {errors[name] ? (
          <span className="admin-field__error" id={`${props.id}-error`}>
            {errors[name]}
          </span>
        ) : null}
      </div>
    );
  };
  const common = (name: RetailerField) => {
    const id = fieldId(name);
    const described = [HINTS[name] ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(' ');
    return {
      id,
      name,
      value: form[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': described || undefined,
      onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    };
  };
  const text =
    (autoComplete = 'off', extra: Record<string, string> = {}) =>
    (props: ReturnType<typeof common>) => <input {...props} autoComplete={autoComplete} {...extra} />;
  // An agency on file with a type of its own keeps it as a choice.
  const types = form.type && !(RETAILER_TYPES as readonly string[]).includes(form.type) ? [...RETAILER_TYPES, form.type] : RETAILER_TYPES;
  return (
    <>
      <fieldset className="admin-fieldset">
        <legend>Agencia</legend>
        <div className="admin-form-grid">
          {field('name', text('organization'))}
          {field('cif', text('off', { autoCapitalize: 'characters', spellCheck: 'false' }))}
          {field('corporateName', text())}
          {field('fiscalName', text())}
          {field('type', (props) => (
            <select {...props}>
              <option value="">Sin indicar</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          ))}
          {field('membership', (props) => (
            <select {...props}>
              {form.membership === '' ? <option value="">Elige una</option> : null}
              {Object.entries(RETAILER_MEMBERSHIP_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          ))}
          {field('paymentType', (props) => (
            <>
              <input {...props} list="agencia-formas-de-pago" autoComplete="off" />
              <datalist id="agencia-formas-de-pago">
                {RETAILER_PAYMENT_TYPES.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
            </>
          ))}
        </div>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Contacto</legend>
        <div className="admin-form-grid">
          {field('contactPerson', text('name'))}
          {field('phone', text('tel', { type: 'tel', inputMode: 'tel' }))}
          {field('email', text('email', { type: 'email', inputMode: 'email', spellCheck: 'false' }))}
          {field('documentationEmail', text('off', { type: 'email', inputMode: 'email', spellCheck: 'false' }))}
          {field('invoiceEmail', text('off', { type: 'email', inputMode: 'email', spellCheck: 'false' }))}
        </div>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Dirección</legend>
        <div className="admin-form-grid">
          {field('address', text('street-address'))}
          {field('postalCode', text('postal-code', { inputMode: 'numeric' }))}
          {field('city', text('address-level2'))}
          <div className="admin-form-grid admin-form-grid--pair">
            {field('latitude', text('off', { inputMode: 'decimal' }))}
            {field('longitude', text('off', { inputMode: 'decimal' }))}
          </div>
        </div>
      </fieldset>
    </>
  );
}
