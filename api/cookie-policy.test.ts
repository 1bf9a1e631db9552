/**
 * The cookie policy (issue 33) against the code: every cookie and browser store the shop sets is named, with
 * the duration the code gives it, so the page cannot fall behind a change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VISIT_COOKIE } from '#shared/campaign.ts';
import { FUNNEL_ACCESS_DAYS, FUNNEL_COOKIE } from './services/bookings/funnel-access.ts';
import { ACCESS_COOKIE, OAUTH_COOKIE, OAUTH_COOKIE_SECONDS, REFRESH_COOKIE } from './services/people/auth/cookies.ts';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './services/people/auth/tokens.ts';

describe('the cookie policy', () => {
  const policy = readFileSync(new URL('../site/content/info/politica-cookies.md', import.meta.url), 'utf8');
  it('names every cookie and browser store the shop sets, with the durations the code applies', () => {
    const row = (name: string) => policy.split('\n').find((line) => line.startsWith(`| ${name} |`)) ?? '';
    expect(row(ACCESS_COOKIE)).toContain(`${ACCESS_TOKEN_SECONDS / 60} minutos`);
    expect(row(REFRESH_COOKIE)).toContain(`${REFRESH_TOKEN_SECONDS / 86_400} días`);
    expect(row(OAUTH_COOKIE)).toContain(`${OAUTH_COOKIE_SECONDS / 60} minutos`);
    expect(row(FUNNEL_COOKIE)).toContain(`${FUNNEL_ACCESS_DAYS} días`);
    expect(policy).toContain(`**${VISIT_COOKIE}**`);
    expect(policy).toContain('{{dias_campana}}');
    for (const store of ['dr-account', 'dr-booking-funnel', 'payment-choice', 'dr-favorite-intent', 'dr-campaign-consent', 'dr-staff', 'dr-guide', 'dr-guia'])
      expect(policy).toContain(store);
  });
});
