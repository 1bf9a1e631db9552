import { Hono } from 'hono';
import {
  AUTH_MESSAGES,
  ChangePasswordSchema,
  EmailOnlySchema,
  type MeAnswer,
  type ProvidersAnswer,
  RequiredPasswordChangeSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  VerifySchema,
} from '#shared/schemas/auth.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { clientAddress, enforceRateLimit, rateLimit, rateLimitMessage, rateLimitOrChallenge } from '../middleware/rate-limit.ts';
import { currentFamilyId } from '../middleware/session.ts';
import {
  changePassword,
  changeRequiredPassword,
  checkCredentials,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
} from '../services/people/auth/accounts.ts';
import { ACCESS_COOKIE, clearSessionCookies, readCookie, REFRESH_COOKIE, setSessionCookies } from '../services/people/auth/cookies.ts';
import { acceptSolvedChallenge, issueChallenge } from '../services/people/auth/challenge.ts';
import { configuredProviders, PROVIDER_NAMES } from '../services/people/auth/oauth.ts';
import { familyOfRefreshToken, refreshSession, revokeFamily } from '../services/people/auth/sessions.ts';
import { verifyAccessToken } from '../services/people/auth/tokens.ts';
import { sessionUser } from '../services/people/auth/users.ts';
import { consumeRateLimit, RATE_LIMITS, readRateLimit } from '../services/platform/rate-limits.ts';
import { validate } from '../validation.ts';
import { oauthRoutes } from './auth-oauth.ts';
import { sessionAnswer, signInAccount, userAgentOf } from './auth-session.ts';

/**
 * `/api/auth`: accounts and sessions. Sign-up, verification, sign-in, refresh, sign-out, forgotten and
 * changed passwords, the current account, and social sign-in (`auth-oauth.ts`). Every way in answers
 * `{ user, session }` and sets the `dr_access` and `dr_refresh` cookies.
 *
 * Sign-up and "forgot" answer the same whether the e-mail has an account or not; the mail tells.
 */
export function authRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const accounts = { db, config };
  const perIp = (limit: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]) => rateLimit({ db, config, limit });

  return (
    new Hono<ApiEnv>()
      .post('/signup', allow('public'), rateLimitOrChallenge({ db, config, limit: RATE_LIMITS.signUpPerIp }), validate('json', SignUpSchema), async (c) => {
        const { email, password } = c.req.valid('json');
        await signUp(accounts, { email, password, now: new Date() });
        return c.json({ email }, 201);
      })

      // The code typed from the mail (with the e-mail), or the link's token, and the account's password. Signs in.
      .post('/verify', allow('public'), validate('json', VerifySchema), async (c) => {
        const { password, ...input } = c.req.valid('json');
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.verifyPerEmail, key: input.email ?? clientAddress(c, config) });
        const now = new Date();
        const userId = await verifyEmail(accounts, { input, password, now });
        return c.json(await sessionAnswer(deps, await signInAccount(c, deps, { userId, now })));
      })

      .post('/verify/resend', allow('public'), validate('json', EmailOnlySchema), async (c) => {
        const { email } = c.req.valid('json');
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.verifyPerEmail, key: email });
        await resendVerification(accounts, { email, now: new Date() });
        return c.json({ email }, 202);
      })

      // Failed sign-ins count per e-mail and address together: over the limit, that address waits. Counted
      // per e-mail alone, they only ask for a proof-of-work challenge, which a person's browser solves in
      // a second: nobody can keep an account's owner out by failing on purpose (docs/decisions/038).
      .post('/signin', allow('public'), perIp(RATE_LIMITS.signInPerIp), validate('json', SignInSchema), async (c) => {
        const { email, password, altcha } = c.req.valid('json');
        const now = new Date();
        const pair = `${email} ${clientAddress(c, config)}`;
        const fromHere = await readRateLimit(db, { limit: RATE_LIMITS.signInFailuresPerEmailAndIp, key: pair, now });
        if (!fromHere.allowed) {
          c.header('Retry-After', String(fromHere.retryAfterSeconds));
          throw new AppError('RATE_LIMITED', rateLimitMessage(fromHere.retryAfterSeconds));
        }
        const anywhere = await readRateLimit(db, { limit: RATE_LIMITS.signInFailuresPerEmail, key: email, now });
        if (!anywhere.allowed && !(await acceptSolvedChallenge(db, config, altcha, now))) {
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.challengeRequired, { altcha: AUTH_MESSAGES.challengeRequired });
        }
        let userId: string;
        try {
          userId = await checkCredentials(accounts, { email, password, now, requestId: c.var.requestId });
        } catch (error) {
          if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
            await consumeRateLimit(db, { limit: RATE_LIMITS.signInFailuresPerEmailAndIp, key: pair, now });
            await consumeRateLimit(db, { limit: RATE_LIMITS.signInFailuresPerEmail, key: email, now });
          }
          throw error;
        }
        return c.json(await sessionAnswer(deps, await signInAccount(c, deps, { userId, now })));
      })

      // The spec's captcha call: a proof-of-work challenge for a form the API asked one for.
      .post('/captcha', allow('public'), perIp(RATE_LIMITS.captchaPerIp), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await issueChallenge(config));
      })

      // Staff asked this account to change its password: the current one and a new one, then signed in.
      .post('/signin/new-password', allow('public'), perIp(RATE_LIMITS.signInPerIp), validate('json', RequiredPasswordChangeSchema), async (c) => {
        const { email, password, newPassword } = c.req.valid('json');
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.signInPerEmail, key: email });
        const now = new Date();
        const userId = await changeRequiredPassword(accounts, { email, password, newPassword, now, requestId: c.var.requestId });
        return c.json(await sessionAnswer(deps, await signInAccount(c, deps, { userId, now })));
      })

      // A new access token (and a rotated refresh token) from the refresh cookie; 401 when it is no good.
      .post('/refresh', allow('public'), async (c) => {
        const refreshToken = readCookie(c, REFRESH_COOKIE);
        const result = refreshToken ? await refreshSession(db, { refreshToken, secret: config.authSecret, now: new Date(), userAgent: userAgentOf(c) }) : null;
        if (!result?.ok) {
          clearSessionCookies(c, config);
          throw new AppError('UNAUTHENTICATED', result?.reason === 'disabled' ? AUTH_MESSAGES.disabled : AUTH_MESSAGES.sessionExpired);
        }
        setSessionCookies(c, config, result.session);
        return c.json(await sessionAnswer(deps, result.session));
      })

      // Ends this browser's session family; always succeeds, signed in or not.
      .post('/signout', allow('public'), async (c) => {
        const refreshToken = readCookie(c, REFRESH_COOKIE);
        const familyId = (refreshToken ? await familyOfRefreshToken(db, refreshToken) : null) ?? (await currentFamilyId(c, config));
        if (familyId) await revokeFamily(db, { familyId, now: new Date() });
        clearSessionCookies(c, config);
        return c.body(null, 204);
      })

      .post('/forgot', allow('public'), perIp(RATE_LIMITS.resetPerIp), validate('json', EmailOnlySchema), async (c) => {
        const { email } = c.req.valid('json');
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.resetPerEmail, key: email });
        await requestPasswordReset(accounts, { email, now: new Date() });
        return c.json({ email }, 202);
      })

      // A new password with the reset code or link: every session of the account ends, then this one starts.
      .post('/reset', allow('public'), perIp(RATE_LIMITS.resetPerIp), validate('json', ResetPasswordSchema), async (c) => {
        const { password, ...input } = c.req.valid('json');
        if (input.email) await enforceRateLimit(c, { db, limit: RATE_LIMITS.resetPerEmail, key: input.email });
        const now = new Date();
        const userId = await resetPassword(accounts, { input, password, now });
        return c.json(await sessionAnswer(deps, await signInAccount(c, deps, { userId, now })));
      })

      .post('/change-password', allow('traveler'), validate('json', ChangePasswordSchema), async (c) => {
        const auth = requireAuth(c);
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.signInPerEmail, key: auth.email });
        const { currentPassword, newPassword } = c.req.valid('json');
        const keepFamilyId = await currentFamilyId(c, config);
        await changePassword(accounts, { userId: auth.userId, currentPassword, newPassword, keepFamilyId, now: new Date() });
        return c.body(null, 204);
      })

      // The signed-in account; 401 UNAUTHENTICATED for a visitor (the island treats that as silent).
      .get('/me', allow('traveler'), async (c) => {
        const auth = requireAuth(c);
        const token = readCookie(c, ACCESS_COOKIE);
        const access = token ? await verifyAccessToken(token, { secret: config.authSecret }) : null;
        return c.json({
          user: await sessionUser(db, auth),
          session: access ? { valid: true as const, accessTokenExpiresAt: access.expiresAt.toISOString() } : null,
        } satisfies MeAnswer);
      })

      .get('/providers', allow('public'), (c) => {
        const providers = configuredProviders(config).map((id) => ({ id, name: PROVIDER_NAMES[id], startUrl: `/api/auth/oauth/${id}/start` }));
        return c.json({ providers } satisfies ProvidersAnswer);
      })

      .route('/oauth', oauthRoutes(deps))
  );
}
