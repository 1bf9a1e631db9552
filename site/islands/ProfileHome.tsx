/**
 * The profile's first screen (/perfil): a greeting by name, the links to the area's sections, the points
 * and what is pending, the traveller's own data, 'Cambiar contraseña', the download and deletion of the
 * account and 'Cerrar sesión'. Behind the session guard, so visitors are sent to sign in first.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $session, clearSessionError, displayName, signOut } from '../stores/session.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import SessionGuard from './SessionGuard.tsx';
import ProfileAccount from './profile/ProfileAccount.tsx';
import ProfileOverview from './profile/ProfileOverview.tsx';
import { $profileAccount } from '../stores/profile-account.ts';

export default function ProfileHome() {
  const { erased } = useStore($profileAccount);
  // Signed out by the deletion itself: the guard would send them to sign in; they are told what happened.
  if (erased) return <AccountErased />;
  return (
    <SessionGuard area="profile">
      <Greeting />
    </SessionGuard>
  );
}

function AccountErased() {
  return (
    <section className="profile-home" aria-labelledby="cuenta-borrada">
      <h2 id="cuenta-borrada">Tu cuenta se ha borrado</h2>
      <p role="status">
        Hemos borrado tus datos personales y cerrado tu sesión. Conservamos tus reservas y pagos sin tus datos, como exige la ley. Gracias por viajar con
        nosotros.
      </p>
      <a className="button" href="/">
        Volver a la portada
      </a>
    </section>
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
      <button
        type="button"
        className="button button--secondary profile-home__sign-out"
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
      <nav aria-label="Secciones de tu cuenta" className="profile-home__links">
        <a href="/perfil/viajes">Mis viajes</a>
        <a href="/perfil/mis-resenas">Mis reseñas</a>
        <a href="/perfil/presupuestos-y-favoritos">Presupuestos y favoritos</a>
      </nav>
      <ProfileOverview />
      <ProfileAccount between={<ChangePasswordForm />} />
    </section>
  );
}
