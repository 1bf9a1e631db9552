import { Hono } from 'hono';
import { EraseAccountSchema, ProfileSaveSchema } from '#shared/schemas/me-account.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { enforceRateLimit } from '../middleware/rate-limit.ts';
import { clearSessionCookies } from '../services/people/auth/cookies.ts';
import { eraseMyAccount, exportMyData, myAccount, saveMyProfile } from '../services/people/account.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { validate } from '../validation.ts';

/** The caller as the record names them, and their traveller (every signed-in account has one once it books or signs up). */
function self(c: Parameters<typeof requireAuth>[0]) {
  const auth = requireAuth(c);
  if (!auth.travelerId) throw notFound('No encontramos tus datos de viajero.');
  return { travelerId: auth.travelerId, actor: { userId: auth.userId, email: auth.email } };
}

/**
 * `/api/me/account`, the traveller's own personal data: read and change it, download everything the shop
 * keeps about them (GDPR access and portability) and delete the account (erasure). Only ever the caller's.
 */
export function meAccountRoutes({ db, config, rebuilds }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('traveler'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await myAccount(db, { travelerId: self(c).travelerId, now: new Date() }));
    })
    .put('/', allow('traveler'), validate('json', ProfileSaveSchema), async (c) => {
      const { travelerId, actor } = self(c);
      const { requestId, version, profile } = c.req.valid('json');
      const now = new Date();
      const applied = await saveMyProfile(db, { travelerId, actor, requestId, version, input: profile, now });
      return c.json({ applied, account: await myAccount(db, { travelerId, now }) });
    })
    .get('/export', allow('traveler'), async (c) => {
      const { travelerId, actor } = self(c);
      const data = await exportMyData(db, { travelerId, actor, now: new Date() });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="mis-datos-different-roads.json"');
      return c.body(JSON.stringify(data, null, 2));
    })
    .post('/erase', allow('traveler'), validate('json', EraseAccountSchema), async (c) => {
      const { travelerId, actor } = self(c);
      // The password is asked again: guessing it here is limited as signing in is.
      await enforceRateLimit(c, { db, limit: RATE_LIMITS.signInPerEmail, key: actor.email });
      const { requestId, password } = c.req.valid('json');
      const summary = await eraseMyAccount(db, { travelerId, actor, requestId, password, now: new Date() });
      if (summary && summary.reviews > 0) rebuilds?.request(`viajero ${travelerId}: cuenta borrada (${summary.reviews} opiniones)`);
      clearSessionCookies(c, config);
      return c.json({ erased: true });
    });
}
