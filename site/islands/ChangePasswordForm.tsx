/** 'Cambiar contraseña' in the profile: current and new password, Spanish messages under each field. */
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '#shared/schemas/auth.ts';
import { describedBy, FormField } from './FormField.tsx';
import { $changePassword, type ChangePasswordField, setChangePasswordField, submitChangePassword } from '../stores/change-password.ts';

const FIELDS: { field: ChangePasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
];

export default function ChangePasswordForm() {
  const { values, errors, sending, message, done } = useStore($changePassword);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submitChangePassword();
  };
  return (
    <form className="sign-in__form" onSubmit={onSubmit} noValidate aria-labelledby="cambiar-contrasena">
      <h2 id="cambiar-contrasena">Cambiar contraseña</h2>
      {FIELDS.map(({ field, label, autoComplete }) => {
        const id = `perfil-${field}`;
        const error = errors[field];
        const hint = field === 'newPassword' ? `Al menos ${AUTH_LIMITS.passwordMin} caracteres.` : undefined;
        return (
          <FormField key={field} id={id} label={label} hint={hint} error={error}>
            <input
              id={id}
              name={field}
              type="password"
              autoComplete={autoComplete}
              maxLength={AUTH_LIMITS.passwordMax}
              value={values[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, { hint, error })}
              onChange={(e) => setChangePasswordField(field, e.target.value)}
            />
          </FormField>
        );
      })}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Guardando…' : 'Cambiar contraseña'}
      </button>
      <p className={done ? 'sign-in__notice' : 'sign-in__message'} role="status" aria-live="polite">
        {message ?? ''}
      </p>
    </form>
  );
}
