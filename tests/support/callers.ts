/**
 * The five callers of the access tests: no session, a traveller, another traveller, a guide and an
 * admin, as accounts in the database (users, groups, travellers, the guide record) and as sessions the
 * API believes.
 */
import { createApi } from '#api/app.ts';
import type { AppDeps } from '#api/app-deps.ts';
import type { AuthContext } from '#api/auth-context.ts';
import type { Db } from '#api/db/database.ts';
import { ACCESS_COOKIE } from '#api/services/people/auth/cookies.ts';
import { issueAccessToken } from '#api/services/people/auth/tokens.ts';

export const CALLERS = {
  visitor: null,
  traveler: { userId: 'user-ana', email: 'ana@correo.es', travelerId: 'trav-ana', groups: [] },
  otherTraveler: { userId: 'user-luis', email: 'luis@correo.es', travelerId: 'trav-luis', groups: [] },
  guide: { userId: 'user-marta', email: 'marta.guia@different.demo', travelerId: null, groups: ['guides'] },
  admin: { userId: 'user-admin', email: 'equipo@different.demo', travelerId: null, groups: ['drAdmin'] },
} as const satisfies Record<string, AuthContext | null>;

export type CallerName = keyof typeof CALLERS;

/** Writes the callers' accounts, so routes that read the account (or the guide's periods) find them. */
export async function seedCallers(db: Db): Promise<void> {
  const stamp = '2026-01-01T00:00:00.000Z';
  for (const auth of Object.values(CALLERS)) {
    if (!auth) continue;
    if (auth.travelerId) {
      await db
        .insertInto('travelers')
        .values({ id: auth.travelerId, name: auth.email.split('@')[0] ?? '', email: auth.email, cognitoId: auth.userId, createdAt: stamp, updatedAt: stamp })
        .execute();
    }
    await db
      .insertInto('users')
      .values({
        id: auth.userId,
        email: auth.email,
        passwordHash: null,
        emailVerifiedAt: stamp,
        travelerId: auth.travelerId,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    for (const group of auth.groups) await db.insertInto('userGroups').values({ userId: auth.userId, groupName: group }).execute();
    if ((auth.groups as readonly string[]).includes('guides'))
      await db.insertInto('guides').values({ id: 'guide-marta', email: auth.email, name: 'Marta' }).execute();
  }
}

/**
 * The API with a way to call it as each caller: `signIn(name)` gives the headers of that caller's
 * requests, the access-token cookie the accounts server itself would set (signed with the shop's key)
 * for a session it has on record, so every request goes through the real session middleware.
 */
export function signedInAs(deps: Omit<AppDeps, 'resolveAuth'>) {
  const api = createApi(deps);
  const signIn = async (who: CallerName): Promise<Record<string, string>> => {
    const auth = CALLERS[who];
    if (!auth) return {};
    // A session the database knows, as a sign-in leaves it: the middleware refuses a token of any other.
    const familyId = crypto.randomUUID();
    const now = new Date();
    await deps.db
      .insertInto('sessions')
      .values({
        id: crypto.randomUUID(),
        userId: auth.userId,
        familyId,
        tokenHash: `prueba-${familyId}`,
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        rotatedAt: null,
        revokedAt: null,
        userAgent: null,
        createdAt: now.toISOString(),
      })
      .execute();
    const { token } = await issueAccessToken({
      identity: { ...auth, groups: [...auth.groups] },
      familyId,
      secret: deps.config.authSecret,
      now,
    });
    return { cookie: `${ACCESS_COOKIE}=${token}` };
  };
  return { api, signIn };
}
