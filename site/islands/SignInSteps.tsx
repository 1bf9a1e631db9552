/**
 * The forms of the sign-in screen, one per step. Each submits through its store action and tells the
 * screen the outcome, which moves focus (to the first wrong field, or to the next step's heading).
 */
import { useStore } from '@nanostores/react';
import type { FormEvent, ReactNode } from 'react';
import { AUTH_LIMITS } from '#shared/schemas/auth.ts';
import {
  $signInFlow,
  backToCredentials,
  resendVerificationCode,
  showForgotPassword,
  type SignInOutcome,
  submitCredentials,
  submitForgotPassword,
  submitNewPassword,
  submitRequiredPasswordChange,
  submitVerification,
} from '../stores/sign-in.ts';
import { SignInFieldInput } from './SignInField.tsx';

export type OnOutcome = (outcome: SignInOutcome) => void;

const PASSWORD_HINT = `Al menos ${AUTH_LIMITS.passwordMin} caracteres. Mejor una frase fácil de recordar para ti y difícil de adivinar.`;

function StepForm({
  id,
  submit,
  label,
  sendingLabel,
  onOutcome,
  children,
}: {
  id: string;
  submit: () => Promise<SignInOutcome>;
  label: string;
  sendingLabel: string;
  onOutcome: OnOutcome;
  children: ReactNode;
}) {
  const { sending } = useStore($signInFlow);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(await submit());
  };
  return (
    <form id={id} className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      {children}
      <button type="submit" className="button sign-in__submit" disabled={sending}>
        {sending ? sendingLabel : label}
      </button>
    </form>
  );
}

const CHALLENGE_STATES = {
  solving: 'Comprobando que eres una persona… (unos segundos; lo hace tu navegador, sin enviar datos a nadie)',
  solved: 'Comprobación hecha. Entrando…',
  failed: 'La comprobación no ha terminado.',
} as const;

/** E-mail and password, for either tab. */
export function CredentialsStep({ onOutcome }: { onOutcome: OnOutcome }) {
  const { tab, challenge } = useStore($signInFlow);
  const signingUp = tab === 'signup';
  return (
    <>
      <StepForm
        id="acceso-credenciales"
        submit={submitCredentials}
        label={signingUp ? 'Crear cuenta' : 'Iniciar sesión'}
        sendingLabel={signingUp ? 'Creando tu cuenta…' : 'Entrando…'}
        onOutcome={onOutcome}
      >
        <SignInFieldInput field="email" autoComplete={signingUp ? 'email' : 'username'} />
        <SignInFieldInput field="password" autoComplete={signingUp ? 'new-password' : 'current-password'} hint={signingUp ? PASSWORD_HINT : undefined} />
        {challenge !== 'none' && (
          <p className="sign-in__challenge" role="status" data-state={challenge}>
            {CHALLENGE_STATES[challenge]}
          </p>
        )}
      </StepForm>
      {!signingUp && (
        <button type="button" className="sign-in__link" onClick={() => onOutcome(showForgotPassword())}>
          He olvidado mi contraseña
        </button>
      )}
    </>
  );
}

/**
 * The code mailed after sign-up, sent with the password just typed; from the mailed link, the password
 * alone (the link is the code).
 */
export function VerifyStep({ onOutcome }: { onOutcome: OnOutcome }) {
  const { sending, linkToken } = useStore($signInFlow);
  return (
    <>
      <StepForm id="acceso-verificar" submit={submitVerification} label="Confirmar correo" sendingLabel="Comprobando…" onOutcome={onOutcome}>
        {linkToken ? <SignInFieldInput field="password" autoComplete="current-password" /> : <SignInFieldInput field="code" autoComplete="one-time-code" />}
      </StepForm>
      {!linkToken && (
        <button type="button" className="sign-in__link" disabled={sending} onClick={async () => onOutcome(await resendVerificationCode())}>
          ¿No te ha llegado? Enviarme otro código
        </button>
      )}
    </>
  );
}

/** The e-mail to send a reset code to. */
export function ForgotStep({ onOutcome }: { onOutcome: OnOutcome }) {
  return (
    <StepForm id="acceso-olvido" submit={submitForgotPassword} label="Enviar código" sendingLabel="Enviando…" onOutcome={onOutcome}>
      <SignInFieldInput field="email" autoComplete="username" />
    </StepForm>
  );
}

/** The code (unless the mailed link brought its token) and the new password. */
export function ResetStep({ onOutcome }: { onOutcome: OnOutcome }) {
  const { linkToken } = useStore($signInFlow);
  return (
    <StepForm id="acceso-nueva" submit={submitNewPassword} label="Guardar y entrar" sendingLabel="Guardando…" onOutcome={onOutcome}>
      {!linkToken && <SignInFieldInput field="code" autoComplete="one-time-code" />}
      <SignInFieldInput field="newPassword" autoComplete="new-password" hint={PASSWORD_HINT} />
    </StepForm>
  );
}

/** The new password staff asked for, after the current one was accepted. */
export function ChangeStep({ onOutcome }: { onOutcome: OnOutcome }) {
  return (
    <StepForm id="acceso-cambio" submit={submitRequiredPasswordChange} label="Guardar y entrar" sendingLabel="Guardando…" onOutcome={onOutcome}>
      <SignInFieldInput field="newPassword" autoComplete="new-password" hint={PASSWORD_HINT} />
    </StepForm>
  );
}

/** Back from a step to the e-mail and password form. */
export function BackToCredentials({ onOutcome }: { onOutcome: OnOutcome }) {
  return (
    <button type="button" className="sign-in__link" onClick={() => onOutcome(backToCredentials())}>
      Volver a iniciar sesión
    </button>
  );
}
