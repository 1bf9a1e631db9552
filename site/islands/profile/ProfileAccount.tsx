/**
 * On /perfil: 'Mis datos' (the traveller's own personal data, checked as the office checks them) and 'Tus
 * datos y tu cuenta' (download everything we keep about them; delete the account, with the password again).
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import type { ProfileField } from '#shared/schemas/me-account.ts';
import { SEX_LABELS } from '#shared/schemas/travelers.ts';
import {
  $profileAccount,
  closeErase,
  confirmErase,
  loadAccount,
  openErase,
  saveProfile,
  setEraseConfirm,
  setErasePassword,
  setProfileField,
} from '../../stores/profile-account.ts';
import { describedBy, FormField } from '../FormField.tsx';
import './profile.css';

const TEXT_FIELDS: { field: ProfileField; label: string; autoComplete: string; type?: string; hint?: string; inputMode?: 'tel' }[] = [
  { field: 'name', label: 'Nombre', autoComplete: 'given-name' },
  { field: 'surname', label: 'Apellidos', autoComplete: 'family-name' },
  { field: 'phone', label: 'Teléfono', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { field: 'dni', label: 'DNI o NIE', autoComplete: 'off', hint: 'Ejemplo: 12345678Z o X1234567L.' },
  { field: 'passportId', label: 'Pasaporte', autoComplete: 'off' },
  { field: 'birthdate', label: 'Fecha de nacimiento', autoComplete: 'bday', type: 'date' },
  { field: 'cityId', label: 'Ciudad', autoComplete: 'address-level2' },
];

/** `between`: what the profile shows between the form and the account's end (the password change). */
export default function ProfileAccount({ between }: { between?: ReactNode }) {
  const state = useStore($profileAccount);
  useEffect(() => {
    void loadAccount();
  }, []);
  if (state.status === 'loading') return <p role="status">Cargando tus datos…</p>;
  if (!state.account) {
    return (
      <p className="sign-in__message" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <>
      <PersonalData />
      {between}
      <DataAndAccount />
    </>
  );
}

function PersonalData() {
  const { account, values, errors, saving, message, saved } = useStore($profileAccount);
  if (!account) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveProfile();
  };
  const select = (field: 'sex' | 'countryId', label: string, options: { value: string; label: string }[]) => {
    const id = `perfil-${field}`;
    const error = errors[field];
    return (
      <FormField id={id} label={label} error={error}>
        <select
          id={id}
          value={values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
          onChange={(e) => setProfileField(field, e.target.value)}
        >
          <option value="">Sin indicar</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
    );
  };
  return (
    <form className="sign-in__form profile-form" onSubmit={onSubmit} noValidate aria-labelledby="mis-datos">
      <h2 id="mis-datos">Mis datos</h2>
      <p className="sign-in__hint">
        Correo electrónico: <strong>{account.email}</strong> (con él inicias sesión y te escribimos).
      </p>
      <div className="profile-form__grid">
        {TEXT_FIELDS.map(({ field, label, autoComplete, type, hint, inputMode }) => {
          const id = `perfil-${field}`;
          const error = errors[field];
          return (
            <FormField key={field} id={id} label={label} error={error} hint={hint}>
              <input
                id={id}
                name={field}
                type={type ?? 'text'}
                inputMode={inputMode}
                autoComplete={autoComplete}
                maxLength={field === 'surname' ? 150 : 100}
                value={values[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { hint, error })}
                onChange={(e) => setProfileField(field, e.target.value)}
              />
            </FormField>
          );
        })}
        {select(
          'sex',
          'Sexo',
          Object.entries(SEX_LABELS).map(([value, label]) => ({ value, label })),
        )}
        {select(
          'countryId',
          'País',
          account.countries.map((c) => ({ value: c.id, label: c.name })),
        )}
      </div>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Guardando…' : 'Guardar mis datos'}
      </button>
      <p className={saved ? 'sign-in__notice' : 'sign-in__message'} role="status" aria-live="polite">
        {message ?? ''}
      </p>
    </form>
  );
}

function DataAndAccount() {
  const { account, erase } = useStore($profileAccount);
  if (!account) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void confirmErase();
  };
  return (
    <section className="profile-section" aria-labelledby="tus-datos">
      <h2 id="tus-datos">Tus datos y tu cuenta</h2>
      <p>Puedes descargar todo lo que guardamos sobre ti: tus datos, tus reservas, tus puntos y los correos que te hemos enviado.</p>
      <p>
        <a className="button button--secondary" href="/api/me/account/export" download>
          Descargar mis datos
        </a>
      </p>
      {!erase.open ? (
        <button type="button" className="button button--danger" onClick={openErase}>
          Borrar mi cuenta
        </button>
      ) : account.erasureBlocker ? (
        <div className="profile-erase" role="alert">
          <p>{account.erasureBlocker}</p>
          <button type="button" className="button button--secondary" onClick={closeErase}>
            Entendido
          </button>
        </div>
      ) : (
        <form className="sign-in__form profile-erase" onSubmit={onSubmit} noValidate aria-labelledby="borrar-cuenta">
          <h3 id="borrar-cuenta">Borrar mi cuenta</h3>
          <p>
            Borraremos tu nombre, tus documentos, tu teléfono, tus favoritos y tus presupuestos, y ya no podrás iniciar sesión. Perderás los puntos que tengas.
            Conservamos tus reservas y pagos sin tus datos personales, porque la ley nos obliga a guardar las facturas.
          </p>
          {account.hasPassword && (
            <FormField id="borrar-password" label="Tu contraseña" error={erase.errors.password}>
              <input
                id="borrar-password"
                type="password"
                autoComplete="current-password"
                value={erase.password}
                aria-invalid={erase.errors.password ? true : undefined}
                aria-describedby={describedBy('borrar-password', { error: erase.errors.password })}
                onChange={(e) => setErasePassword(e.target.value)}
              />
            </FormField>
          )}
          <div className="sign-in__field">
            <label className="profile-erase__check">
              <input
                type="checkbox"
                checked={erase.confirm}
                aria-invalid={erase.errors.confirm ? true : undefined}
                aria-describedby={erase.errors.confirm ? 'borrar-confirmar-error' : undefined}
                onChange={(e) => setEraseConfirm(e.target.checked)}
              />{' '}
              Entiendo que no se puede deshacer.
            </label>
            {erase.errors.confirm && (
              <p id="borrar-confirmar-error" className="sign-in__error">
                {erase.errors.confirm}
              </p>
            )}
          </div>
          <div className="profile-erase__actions">
            <button type="submit" className="button button--danger" disabled={erase.sending}>
              {erase.sending ? 'Borrando…' : 'Borrar mi cuenta definitivamente'}
            </button>
            <button type="button" className="button button--secondary" onClick={closeErase} disabled={erase.sending}>
              Cancelar
            </button>
          </div>
          <p className="sign-in__message" role="alert">
            {erase.message ?? ''}
          </p>
        </form>
      )}
    </section>
  );
}
