import { describe, expect, it } from 'vitest';
import { testConfig } from '../tests/support/test-config.ts';

const secret = 'x'.repeat(32);

describe('account and mail configuration', () => {
  it('requires AUTH_SECRET in production, of at least 32 characters', () => {
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => testConfig({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(testConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it('makes up a secret for tests when none is set, different per process start', () => {
    const a = testConfig({ NODE_ENV: 'test' }).authSecret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(testConfig({ NODE_ENV: 'test' }).authSecret).not.toBe(a);
  });

  it('writes .eml files unless SMTP_URL is an smtp(s) URL', () => {
    const config = testConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shop', PUBLIC_URL: 'https://www.example.es' });
    expect(config).toMatchObject({ smtpUrl: null, mailDir: '/tmp/shop/mail', mailFrom: 'Different Roads <no-reply@www.example.es>' });
    expect(testConfig({ NODE_ENV: 'test', SMTP_URL: 'smtps://u:p@mail.example.es:465' }).smtpUrl).toBe('smtps://u:p@mail.example.es:465');
    expect(() => testConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example.es' })).toThrow(/SMTP_URL/);
  });

  it('offers a social provider only with both its client id and secret', () => {
    expect(testConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id' }).oauthProviders).toEqual({ google: null, facebook: null });
    const config = testConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://www.example.es',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
    });
    expect(config.oauthRedirectBase).toBe('https://www.example.es');
    expect(config.oauthProviders.google).toMatchObject({ issuer: 'https://accounts.google.com', endpoints: null, scope: 'openid email profile' });
    expect(config.oauthProviders.facebook).toMatchObject({
      issuer: null,
      scope: 'email public_profile',
      endpoints: { authorization: expect.stringMatching(/^https:\/\/www\.facebook\.com\//) },
    });
  });
});
