import type { StaffGroup } from '#shared/enums.ts';

/**
 * Who is calling, as the session middleware establishes it from the access-token cookie; null for
 * visitors. Route modules read it as `c.var.auth` and never trust anything the client says about it.
 */
export interface AuthContext {
  userId: string;
  email: string;
  /** The traveller record this account books as (found or created by e-mail at sign-in). */
  travelerId: string | null;
  /** Staff groups from the database, carried in the access token ('drAdmin', 'guides'). */
  groups: StaffGroup[];
}

/** The Hono environment every API route module uses, so `c.var.auth` is typed everywhere. */
export interface ApiEnv {
  Variables: {
    auth: AuthContext | null;
    requestId: string;
  };
}

/** Who pressed a staff button, as its record names them (`staffActions.actor`). */
export const actorOf = (auth: AuthContext | null) => ({ userId: auth?.userId ?? '', email: auth?.email ?? '' });
