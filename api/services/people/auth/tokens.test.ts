import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  deriveKey,
  hashCode,
  issueAccessToken,
  randomCode,
  randomToken,
  sameHash,
  signState,
  verifyAccessToken,
  verifyState,
} from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const now = new Date('2026-11-22T10:00:00.000Z');
const identity = { userId: 'u1', email: 'ana@example.com', travelerId: 't1', groups: ['drAdmin' as const] };
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('carry sub, email, tid, groups and the session family for 15 minutes', async () => {
    const { token, expiresAt } = await issueAccessToken({ identity, familyId: 'f1', secret, now });
    expect(expiresAt.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'u1', email: 'ana@example.com', tid: 't1', groups: ['drAdmin'], sid: 'f1' });
    expect(await verifyAccessToken(token, { secret, now: later(ACCESS_TOKEN_SECONDS - 1) })).toEqual({ auth: identity, familyId: 'f1', expiresAt });
  });

  it('are valid only while unexpired', async () => {
    const { token } = await issueAccessToken({ identity, familyId: 'f1', secret, now });
    expect(await verifyAccessToken(token, { secret, now: later(ACCESS_TOKEN_SECONDS) })).toBeNull();
  });

  it('refuse another key, a changed claim, no signature and a token made for another purpose', async () => {
    const { token } = await issueAccessToken({ identity, familyId: 'f1', secret, now });
    expect(await verifyAccessToken(token, { secret: `${secret}-other`, now })).toBeNull();

    const [header, payload, signature] = token.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'u2' })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${elevated}.${signature}`, { secret, now })).toBeNull();

    const unsigned = new UnsecuredJWT({ email: 'x', tid: null, groups: ['drAdmin'], sid: 'f' })
      .setSubject('u1')
      .setIssuer('different-shop')
      .setAudience('different-shop-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(await verifyAccessToken(unsigned, { secret })).toBeNull();

    const state = await signState({ sub: 'u1' }, { secret, now, seconds: 600 });
    expect(await verifyAccessToken(state, { secret, now })).toBeNull();
    // Signed with the right algorithm and claims but the OAuth-state key: still refused.
    const crossKey = await new SignJWT({ email: 'x', tid: null, groups: [], sid: 'f' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('different-shop')
      .setAudience('different-shop-api')
      .setIssuedAt(now)
      .setExpirationTime(later(60))
      .sign(deriveKey(secret, 'oauth-state'));
    expect(await verifyAccessToken(crossKey, { secret, now })).toBeNull();
    expect(await verifyAccessToken('garbage', { secret, now })).toBeNull();
  });

  it('drop group names that are not staff groups', async () => {
    const { token } = await issueAccessToken({ identity: { ...identity, groups: ['guides', 'root'] as never }, familyId: 'f1', secret, now });
    expect((await verifyAccessToken(token, { secret, now }))?.auth.groups).toEqual(['guides']);
  });
});

describe('signed state', () => {
  it('round-trips until it expires', async () => {
    const token = await signState({ state: 's', verifier: 'v', nonce: null }, { secret, now, seconds: 600 });
    expect(await verifyState(token, { secret, now: later(599) })).toMatchObject({ state: 's', verifier: 'v', nonce: null });
    expect(await verifyState(token, { secret, now: later(600) })).toBeNull();
    expect(await verifyState(token, { secret: `${secret}x`, now })).toBeNull();
  });
});

describe('random tokens and codes', () => {
  it('draw 256-bit URL-safe tokens and 6-digit codes', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
    for (let i = 0; i < 200; i++) expect(randomCode()).toMatch(/^\d{6}$/);
  });

  it('hash codes keyed and bound to the account and purpose', () => {
    const base = { code: '123456', userId: 'u1', purpose: 'VERIFY', secret };
    const hash = hashCode(base);
    expect(sameHash(hash, hashCode(base))).toBe(true);
    expect(sameHash(hash, hashCode({ ...base, userId: 'u2' }))).toBe(false);
    expect(sameHash(hash, hashCode({ ...base, purpose: 'RESET' }))).toBe(false);
    expect(sameHash(hash, hashCode({ ...base, secret: `${secret}x` }))).toBe(false);
    expect(sameHash(hash, '')).toBe(false);
  });
});
