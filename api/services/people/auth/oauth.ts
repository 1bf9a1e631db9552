/**
 * Google and Facebook sign-in with openid-client: the authorization code flow with PKCE and state,
 * plus a nonce where the provider speaks OpenID Connect. Google is OpenID Connect with discovery;
 * Facebook Login for the web is OAuth 2.0 with fixed endpoints and a Graph profile call (or OpenID
 * discovery when FACEBOOK_ISSUER is set). Endpoints and client ids come from the configuration.
 */
import * as client from 'openid-client';
import { SOCIAL_PROVIDERS, type SocialProvider } from '#shared/enums.ts';
import type { Config, OAuthProviderConfig } from '../../../config.ts';

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * Whether a provider's e-mail needs its `email_verified` claim. Facebook hands out only confirmed
 * addresses and sends no such claim; anyone else must say the address is verified, or a provider
 * account made with someone else's e-mail would open that person's account here.
 */
const EMAIL_ALWAYS_VERIFIED: Record<SocialProvider, boolean> = { google: false, facebook: true };

/** The providers with a client id and secret, in display order. */
export function configuredProviders(config: Pick<Config, 'oauthProviders'>): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => config.oauthProviders[provider] !== null);
}

/** Where a provider sends the browser back to; registered with the provider as the redirect URI. */
export function callbackUrl(config: Pick<Config, 'oauthRedirectBase'>, provider: SocialProvider): string {
  return `${config.oauthRedirectBase}/api/auth/oauth/${provider}/callback`;
}

// Plain http only for a provider on this machine (tests, a local identity server); never across a network.
const isLoopbackHttp = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
};

// Discovery documents are public metadata, fetched once per provider configuration and process.
const configurations = new Map<string, Promise<client.Configuration>>();

async function buildConfiguration(p: OAuthProviderConfig): Promise<client.Configuration> {
  if (p.issuer) {
    return client.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
      execute: isLoopbackHttp(p.issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  }
  if (!p.endpoints) throw new Error('OAuth provider has neither an issuer nor endpoints');
  const { authorization, token, userinfo } = p.endpoints;
  const configuration = new client.Configuration(
    { issuer: new URL(authorization).origin, authorization_endpoint: authorization, token_endpoint: token, userinfo_endpoint: userinfo },
    p.clientId,
    p.clientSecret,
  );
  if ([authorization, token, userinfo].every(isLoopbackHttp)) client.allowInsecureRequests(configuration);
  return configuration;
}

function clientConfiguration(p: OAuthProviderConfig): Promise<client.Configuration> {
  const key = JSON.stringify([p.issuer, p.endpoints, p.clientId]);
  let pending = configurations.get(key);
  if (!pending) {
    pending = buildConfiguration(p);
    // A provider that was down must be asked again next time, not remembered as broken.
    pending.catch(() => configurations.delete(key));
    configurations.set(key, pending);
  }
  return pending;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

/** The provider's sign-in address for this attempt, and the secrets the callback must check against. */
export async function beginAuthorization(p: OAuthProviderConfig, { redirectUri }: { redirectUri: string }): Promise<AuthorizationStart> {
  const configuration = await clientConfiguration(p);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = p.issuer ? client.randomNonce() : null;
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: p.scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return { url, state, codeVerifier, nonce };
}

export interface SocialProfile {
  /** Lower-cased; null when the provider gave none or did not vouch for it. */
  email: string | null;
  name: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Checks the provider's answer (state, PKCE, and the ID token with its nonce), exchanges the code and
 * reads the person's e-mail and name. Throws when anything does not check out.
 */
export async function completeAuthorization(
  provider: SocialProvider,
  p: OAuthProviderConfig,
  { currentUrl, state, codeVerifier, nonce }: { currentUrl: URL; state: string; codeVerifier: string; nonce: string | null },
): Promise<SocialProfile> {
  const configuration = await clientConfiguration(p);
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    ...(nonce ? { expectedNonce: nonce } : {}),
  });
  let claims: Record<string, unknown>;
  if (p.issuer) {
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider returned no ID token');
    claims = { ...idToken };
    if (!text(claims.email)) claims = { ...claims, ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)) };
  } else {
    const response = await client.fetchProtectedResource(configuration, tokens.access_token, new URL(p.endpoints?.userinfo ?? ''), 'GET');
    if (!response.ok) throw new Error(`The provider's profile answered ${response.status}`);
    claims = (await response.json()) as Record<string, unknown>;
  }
  const email = text(claims.email)?.toLowerCase() ?? null;
  const verified = EMAIL_ALWAYS_VERIFIED[provider] || claims.email_verified === true;
  return { email: email && verified ? email : null, name: text(claims.name) ?? text(claims.given_name) };
}
