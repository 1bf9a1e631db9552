/**
 * Parts of the sign-in screen: one labelled field with its hint and message (tied by aria-describedby),
 * and the social sign-in links of the configured providers.
 */
import { useStore } from '@nanostores/react';
import { AUTH_LIMITS } from '#shared/schemas/auth.ts';
import { $providers, $signInErrors, $signInValues, setSignInField, type SignInField } from '../stores/sign-in.ts';
import { describedBy, FormField } from './FormField.tsx';

const INPUTS: Record<SignInField, { label: string; type: string; maxLength: number; inputMode?: 'numeric' }> = {
  email: { label: 'Correo electrónico', type: 'email', maxLength: AUTH_LIMITS.emailMax },
  password: { label: 'Contraseña', type: 'password', maxLength: AUTH_LIMITS.passwordMax },
  code: { label: 'Código de 6 cifras', type: 'text', maxLength: AUTH_LIMITS.codeLength, inputMode: 'numeric' },
  newPassword: { label: 'Nueva contraseña', type: 'password', maxLength: AUTH_LIMITS.passwordMax },
};

export interface SignInFieldProps {
  field: SignInField;
  autoComplete: string;
  /** A hint under the label, read with the field (the password policy). */
  hint?: string;
}

export function SignInFieldInput({ field, autoComplete, hint }: SignInFieldProps) {
  const value = useStore($signInValues)[field];
  const error = useStore($signInErrors)[field];
  const { label, type, maxLength, inputMode } = INPUTS[field];
  const id = `acceso-${field}`;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event) => setSignInField(field, event.currentTarget.value)}
      />
    </FormField>
  );
}

/** 'Continuar con Google' / 'Continuar con Facebook', only for the providers the shop has configured. */
export function SocialSignIn() {
  const providers = useStore($providers);
  if (providers.length === 0) return null;
  return (
    <section className="sign-in__social" aria-labelledby="acceso-social">
      <h2 id="acceso-social" className="sign-in__divider">
        <span>o continúa con</span>
      </h2>
      <ul>
        {providers.map((provider) => (
          <li key={provider.id}>
            <a className="sign-in__social-link" href={provider.startUrl}>
              Continuar con {provider.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
