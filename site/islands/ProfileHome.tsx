/**
 * The profile's first screen (/perfil), minimal until the profile area arrives: a greeting by name,
 * 'Cerrar sesión' and 'Cambiar contraseña'. Behind the session guard, so visitors are sent to sign in first.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $session, clearSessionError, displayName, signOut } from '../stores/session.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import SessionGuard from './SessionGuard.tsx';
import ProfileOverview from './profile/ProfileOverview.tsx';

export default function ProfileHome() {
  return (
    <SessionGuard area="profile">
      <Greeting />
    </SessionGuard>
  );
}

function Greeting() {
  const { user, error } = useStore($session);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  return (
    <section className="profile-home" aria-label="Tu cuenta">
      <p className="profile-home__greeting">Hola, {displayName(user)}</p>
      <p>Has iniciado sesión como {user.email}.</p>
      <nav aria-label="Secciones de tu cuenta" className="profile-home__links">
        <a href="/perfil/viajes">Mis viajes</a>
        <a href="/perfil/mis-resenas">Mis reseñas</a>
        <a href="/perfil/presupuestos-y-favoritos">Presupuestos y favoritos</a>
      </nav>
      <ProfileOverview />
      <button
        type="button"
        className="button"
        disabled={leaving}
        onClick={async () => {
          clearSessionError();
          setLeaving(true);
          if (!(await signOut({ leaveTo: '/' }))) setLeaving(false);
        }}
      >
        {leaving ? 'Cerrando sesión…' : 'Cerrar sesión'}
      </button>
      <p className="sign-in__message" role="alert">
        {error ?? ''}
      </p>
      <ChangePasswordForm />
    </section>
  );
}
