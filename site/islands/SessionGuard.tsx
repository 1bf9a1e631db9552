/**
 * The door of the signed-in areas (storefront-and-booking.md §2: /perfil/* "requires a signed-in
 * user"; the admin routes of cms-and-backoffice.md). Draws the screen while the session loads, then
 * sends visitors to /login with the page to come back to, tells a traveller who opens a staff screen, or
 * a guide who opens an office one, that it is not theirs, and otherwise keeps showing the screen. Only a
 * convenience for people: the API enforces every rule itself.
 */
import { useStore } from '@nanostores/react';
import { type ComponentType, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { isAdmin } from '#shared/rules/session.ts';
import { $session, isStaff } from '../stores/session.ts';
import LogoLoadingScreen from './LogoLoadingScreen.tsx';
import './sign-in.css';
import { pathTo } from '#shared/routes.ts';

/** 'profile': any signed-in user; 'staff': the office and the guides (the guides' screens); 'admin': the office only. */
export type GuardedArea = 'profile' | 'staff' | 'admin';

export const NO_PERMISSION_MESSAGE = 'No tienes permiso para ver esta página.';

const noChanges = () => () => {};

export default function SessionGuard({ area, children }: { area: GuardedArea; children?: ReactNode }) {
  const { status, user } = useStore($session);
  useEffect(() => {
    if (status !== 'anonymous') return;
    const next = `${location.pathname}${location.search}`;
    location.replace(pathTo('login', {}, { next }));
  }, [status]);

  // Inert until its scripts run: what is typed or pressed in the static drawing would be lost.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const screen = (
    <div className="session-guard" inert={!hydrated}>
      {children}
    </div>
  );

  // While the session is read the screen is drawn as it is before its data: its calls go out beside the
  // session's (a 401 renews the session once for both, site/lib/api-client.ts), and its first list is
  // painted a round trip sooner; the page's HTML holds that drawing, which the browser paints before any
  // script runs. Nothing is shown that the static page does not hold: every figure comes from the API,
  // which checks the session itself. A visitor who may not see the screen is sent on once it is known.
  if (status === 'loading') return screen;
  if (status === 'anonymous') return <LogoLoadingScreen label="Te llevamos a iniciar sesión…" />;
  const allowed = area === 'profile' || (area === 'staff' ? isStaff(user) : user !== null && isAdmin(user.groups));
  if (!allowed) {
    // A guide who opens an office screen is part of the team: sent to their own screens instead.
    const guide = isStaff(user);
    return (
      <div className="session-guard__denied" role="alert">
        <p>
          <strong>{NO_PERMISSION_MESSAGE}</strong>
        </p>
        {guide ? (
          <p>
            Esta pantalla es de la oficina. <a href={pathTo('admin-guides')}>Ir a mis salidas</a>
          </p>
        ) : (
          <p>
            Esta parte de la web es solo para el equipo de Different Roads. <a href="/perfil">Ir a mi perfil</a>
          </p>
        )}
      </div>
    );
  }
  return screen;
}

/**
 * A screen behind the door: `export default guarded('admin', Screen)` is the island an Astro page loads.
 * The screen's props pass through.
 */
export function guarded<P extends object>(area: GuardedArea, Screen: ComponentType<P>) {
  return function Guarded(props: P) {
    return (
      <SessionGuard area={area}>
        <Screen {...props} />
      </SessionGuard>
    );
  };
}
