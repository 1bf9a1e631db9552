import { Hono } from 'hono';
import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '#shared/enums.ts';
import { safeNextPath } from '#shared/rules/safe-next.ts';
import type { SocialSignInError } from '#shared/schemas/auth.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { socialAccount } from '../services/people/auth/accounts.ts';
import { clearOAuthCookie, OAUTH_COOKIE, OAUTH_COOKIE_SECONDS, readCookie, setOAuthCookie } from '../services/people/auth/cookies.ts';
import { beginAuthorization, callbackUrl, completeAuthorization } from '../services/people/auth/oauth.ts';
import { signState, verifyState } from '../services/people/auth/tokens.ts';
import { validate } from '../validation.ts';
import { signInAccount } from './auth-session.ts';

/** Where a social sign-in lands without a (safe) `next`. */
const AFTER_SIGN_IN = '/perfil';
const notOffered = () => notFound('Ese acceso con red social no está disponible.');
const ProviderParam = z.strictObject({ provider: z.enum(SOCIAL_PROVIDERS) });
const StartQuery = z.strictObject({ next: z.string().max(2000).optional() });
// What a provider sends back; openid-client checks the values, this only bounds them.
const CallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

/**
 * `/api/auth/oauth/:provider/start` and `/callback`: sign-in with Google or Facebook. The start sets a
 * signed, httpOnly cookie with the attempt's state, PKCE verifier and nonce and sends the browser to
 * the provider; the callback checks them, signs the account in (found or created by e-mail) and sends
 * the browser on to `/perfil` or the `next` path it started with. Failures land on
 * `/login?error=social-…` (`SOCIAL_SIGN_IN_ERRORS`).
 */
export function oauthRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const providerOf = (provider: (typeof SOCIAL_PROVIDERS)[number]) => {
    const settings = config.oauthProviders[provider];
    if (!settings) throw notOffered();
    return settings;
  };

  return new Hono<ApiEnv>()
    .get('/:provider/start', allow('public'), validate('param', ProviderParam, { invalid: notOffered }), validate('query', StartQuery), async (c) => {
      const { provider } = c.req.valid('param');
      const settings = providerOf(provider);
      const started = await beginAuthorization(settings, { redirectUri: callbackUrl(config, provider) });
      const attempt = {
        provider,
        state: started.state,
        verifier: started.codeVerifier,
        nonce: started.nonce,
        next: safeNextPath(c.req.valid('query').next) ?? AFTER_SIGN_IN,
      };
      setOAuthCookie(c, config, await signState(attempt, { secret: config.authSecret, now: new Date(), seconds: OAUTH_COOKIE_SECONDS }));
      return c.redirect(started.url.href, 302);
    })

    .get('/:provider/callback', allow('public'), validate('param', ProviderParam, { invalid: notOffered }), validate('query', CallbackQuery), async (c) => {
      const { provider } = c.req.valid('param');
      const settings = providerOf(provider);
      const fail = (reason: SocialSignInError, detail?: unknown) => {
        if (detail !== undefined) {
          const error = detail instanceof Error ? detail.message : String(detail);
          console.warn(JSON.stringify({ level: 'warn', event: 'auth.social_failed', provider, reason, error, requestId: c.var.requestId }));
        }
        clearOAuthCookie(c, config);
        return c.redirect(`/login?error=${reason}`, 302);
      };

      const cookie = readCookie(c, OAUTH_COOKIE);
      const attempt = cookie ? await verifyState(cookie, { secret: config.authSecret }) : null;
      if (!attempt || attempt.provider !== provider || typeof attempt.state !== 'string' || typeof attempt.verifier !== 'string') {
        return fail('social-failed', 'missing, expired or foreign attempt cookie');
      }
      const { error } = c.req.valid('query');
      if (error) return fail(error === 'access_denied' ? 'social-cancelled' : 'social-failed', error);

      // The address the provider redirected to, as registered, with the parameters it added.
      const currentUrl = new URL(callbackUrl(config, provider));
      for (const [key, value] of new URL(c.req.url).searchParams) currentUrl.searchParams.append(key, value);
      let profile: Awaited<ReturnType<typeof completeAuthorization>>;
      try {
        profile = await completeAuthorization(provider, settings, {
          currentUrl,
          state: attempt.state,
          codeVerifier: attempt.verifier,
          nonce: typeof attempt.nonce === 'string' ? attempt.nonce : null,
        });
      } catch (failure) {
        return fail('social-failed', failure);
      }
      if (!profile.email) return fail('social-email', 'no verified e-mail');

      const now = new Date();
      const account = await socialAccount({ db, config }, { email: profile.email, now });
      if (!account.ok) return fail('social-disabled', 'disabled account');
      await signInAccount(c, deps, { userId: account.userId, profileName: profile.name, now });
      clearOAuthCookie(c, config);
      return c.redirect(safeNextPath(typeof attempt.next === 'string' ? attempt.next : null) ?? AFTER_SIGN_IN, 302);
    });
}
