/**
 * The one sign-in / sign-up screen of /login and /registro: tabs 'Iniciar sesión' and 'Crear cuenta'
 * (registro opens on the second), the verification code after sign-up, the forgotten-password steps,
 * the configured social sign-ins. The loading screen shows while the session loads; once signed in,
 * the visitor goes to a safe `?next=` or to /perfil. State and calls live in `stores/sign-in.ts` and
 * `stores/session.ts`.
 */
import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { $session, clearSessionError } from '../stores/session.ts';
import {
  $signInErrors,
  $signInFlow,
  afterSignInPath,
  chooseSignInTab,
  SIGN_IN_FIELDS,
  type SignInOutcome,
  type SignInStep,
  type SignInTab,
  startSignIn,
} from '../stores/sign-in.ts';
import LogoLoadingScreen from './LogoLoadingScreen.tsx';
import { SocialSignIn } from './SignInField.tsx';
import { BackToCredentials, ChangeStep, CredentialsStep, ForgotStep, ResetStep, VerifyStep } from './SignInSteps.tsx';
import './sign-in.css';

const TABS: { tab: SignInTab; label: string; path: string }[] = [
  { tab: 'signin', label: 'Iniciar sesión', path: '/login' },
  { tab: 'signup', label: 'Crear cuenta', path: '/registro' },
];

const STEP_TITLES: Record<Exclude<SignInStep, 'credentials'>, string> = {
  verify: 'Confirma tu correo electrónico',
  forgot: 'Recupera tu contraseña',
  reset: 'Elige una contraseña nueva',
  change: 'Cambia tu contraseña',
};

export default function SignIn({ tab: initialTab }: { tab: SignInTab }) {
  const session = useStore($session);
  const flow = useStore($signInFlow);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Signed in (now, or already when the page opened): on to where the visitor was going.
  useEffect(() => {
    if (session.status === 'signed-in') location.replace(afterSignInPath(location.search));
  }, [session.status]);

  const onOutcome = useCallback((outcome: SignInOutcome) => {
    // Focus follows the flow: to the first field to fix, or to the heading of the step that opened.
    requestAnimationFrame(() => {
      if (outcome === 'failed') {
        const errors = $signInErrors.get();
        const first = SIGN_IN_FIELDS.find((field) => errors[field]);
        if (first) root.current?.querySelector<HTMLElement>(`#acceso-${first}`)?.focus();
      } else if (outcome === 'next-step') {
        heading.current?.focus();
      }
    });
  }, []);

  useEffect(() => {
    void startSignIn({ tab: initialTab, search: location.search }).then((outcome) => outcome && onOutcome(outcome));
  }, [initialTab, onOutcome]);

  if (session.status !== 'anonymous') {
    return <LogoLoadingScreen label={session.status === 'loading' ? 'Comprobando tu sesión…' : 'Entrando en tu cuenta…'} />;
  }

  const chooseTab = (tab: SignInTab) => {
    chooseSignInTab(tab);
    const path = TABS.find((t) => t.tab === tab)?.path ?? '/login';
    history.replaceState(null, '', `${path}${location.search}`);
  };
  // The tab pattern of WAI-ARIA: arrows move between the tabs, and the focused tab is the chosen one.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: SignInTab = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'signup' : flow.tab === 'signin' ? 'signup' : 'signin';
    chooseTab(next);
    root.current?.querySelector<HTMLElement>(`#acceso-pestana-${next}`)?.focus();
  };

  const sessionProblem = session.error && session.error !== flow.message ? session.error : null;

  return (
    <div className="sign-in" ref={root}>
      {flow.step === 'credentials' ? (
        <>
          <div className="sign-in__tabs" role="tablist" aria-label="Acceso a tu cuenta">
            {TABS.map(({ tab, label }) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={`acceso-pestana-${tab}`}
                aria-selected={flow.tab === tab}
                aria-controls="acceso-panel"
                tabIndex={flow.tab === tab ? 0 : -1}
                className="sign-in__tab"
                onClick={() => chooseTab(tab)}
                onKeyDown={onTabKey}
              >
                {label}
              </button>
            ))}
          </div>
          <div id="acceso-panel" role="tabpanel" aria-labelledby={`acceso-pestana-${flow.tab}`} className="sign-in__panel">
            <h2 ref={heading} tabIndex={-1} className="visually-hidden">
              {flow.tab === 'signin' ? 'Iniciar sesión' : 'Crear cuenta'}
            </h2>
            <Messages />
            <CredentialsStep onOutcome={onOutcome} />
            <SocialSignIn />
          </div>
        </>
      ) : (
        <div className="sign-in__panel">
          <h2 ref={heading} tabIndex={-1} className="sign-in__step-title">
            {STEP_TITLES[flow.step]}
          </h2>
          <Messages />
          {flow.step === 'verify' && <VerifyStep onOutcome={onOutcome} />}
          {flow.step === 'forgot' && <ForgotStep onOutcome={onOutcome} />}
          {flow.step === 'reset' && <ResetStep onOutcome={onOutcome} />}
          {flow.step === 'change' && <ChangeStep onOutcome={onOutcome} />}
          <BackToCredentials onOutcome={onOutcome} />
        </div>
      )}
      {sessionProblem && (
        <div className="sign-in__session-problem" role="alert">
          <p>{sessionProblem}</p>
          <button type="button" className="sign-in__link" onClick={clearSessionError}>
            Cerrar aviso
          </button>
        </div>
      )}
    </div>
  );
}

/** What happened (a code was sent) and why the last try failed; both announced when they change. */
function Messages() {
  const { notice, message } = useStore($signInFlow);
  return (
    <>
      <p className="sign-in__notice" role="status">
        {notice ?? ''}
      </p>
      <p className="sign-in__message" role="alert">
        {message ?? ''}
      </p>
    </>
  );
}
