/** Session validity, staff groups and the traveller created on first sign-in. */
import { ADMIN_GROUP, GUIDE_GROUP } from '../constants.ts';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../enums.ts';
import type { Session, Traveler } from '../entities/index.ts';

/** "A session is valid only if it is valid and its access token has not expired." */
export function isSessionValid({ session, now }: { session: Pick<Session, 'valid' | 'accessTokenExpiresAt'>; now: Date }): boolean {
  const expiresAt = Date.parse(session.accessTokenExpiresAt);
  return session.valid && Number.isFinite(expiresAt) && expiresAt > now.getTime();
}

/** Staff group 'drAdmin' (admin) from the session token. */
export function isAdmin(groups: readonly string[]): boolean {
  return groups.includes(ADMIN_GROUP);
}

/** Staff group 'guides' (guide) from the session token. */
export function isGuide(groups: readonly string[]): boolean {
  return groups.includes(GUIDE_GROUP);
}

/** "Social sign-in with Google or Facebook is detected": the provider named by an identity, if social. */
export function detectSocialProvider(identityProvider: string | null): SocialProvider | null {
  if (identityProvider === null) return null;
  const lower = identityProvider.toLowerCase();
  return SOCIAL_PROVIDERS.find((provider) => lower.includes(provider)) ?? null;
}

export type NewTravelerFromProfile = Pick<Traveler, 'name' | 'surname' | 'dni' | 'birthdate' | 'sex' | 'phone' | 'email' | 'cognitoId'>;

/**
 * The traveller created on first sign-in: "one is created with the name from the profile (or the part of the
 * email before the @), an empty surname, dni, birthdate, sex and phone, and the cognito id" (our account id).
 */
export function buildTravelerFromProfile({ email, name, accountId }: { email: string; name: string | null; accountId: string }): NewTravelerFromProfile {
  const trimmed = name?.trim() ?? '';
  return {
    name: trimmed === '' ? (email.split('@')[0] ?? '') : trimmed,
    surname: '',
    dni: '',
    birthdate: '',
    sex: '',
    phone: '',
    email,
    cognitoId: accountId,
  };
}
