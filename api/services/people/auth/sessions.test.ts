import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../../../tests/support/auth-client.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../../tests/support/databases.ts';
import { pruneExpiredTokens, refreshSession, revokeUserSessions, ROTATION_GRACE_MS, startSession } from './sessions.ts';
import { REFRESH_TOKEN_SECONDS, verifyAccessToken } from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe.each(dialects)('refresh-token families on %s', (dialect) => {
  let t: TestDatabase;
  let userId: string;
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestDatabase(dialect);
    userId = (await createAccount(t.db, { email: 'ana@example.com', groups: ['guides'] })).id;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  const start = async () => {
    const session = await startSession(t.db, { userId, secret, now: t0, userAgent: 'Vitest' });
    if (!session?.refresh) throw new Error('no session');
    return { ...session, refreshToken: session.refresh.token };
  };
  const refresh = (refreshToken: string, now: Date) => refreshSession(t.db, { refreshToken, secret, now });
  const rows = () => t.db.selectFrom('sessions').selectAll().orderBy('createdAt').execute();

  it('starts a family: one stored row (hashed) and an access token with the groups from the database', async () => {
    const session = await start();
    const [row] = await rows();
    expect(row).toMatchObject({
      userId,
      familyId: session.familyId,
      rotatedAt: null,
      revokedAt: null,
      userAgent: 'Vitest',
      expiresAt: at(REFRESH_TOKEN_SECONDS * 1000).toISOString(),
    });
    expect(row?.tokenHash).not.toContain(session.refreshToken);
    expect((await verifyAccessToken(session.access.token, { secret, now: t0 }))?.auth).toMatchObject({ userId, groups: ['guides'] });
  });

  it('rotates along a chain of refreshes, each token used once', async () => {
    let token = (await start()).refreshToken;
    for (let i = 1; i <= 3; i++) {
      const result = await refresh(token, at(i * 60_000));
      if (!result.ok || !result.session.refresh) throw new Error(`refresh ${i} failed`);
      token = result.session.refresh.token;
    }
    const all = await rows();
    expect(all).toHaveLength(4);
    expect(all.filter((r) => r.rotatedAt === null)).toHaveLength(1);
    expect(new Set(all.map((r) => r.familyId)).size).toBe(1);
  });

  it('detects reuse after the grace period and revokes the family, newest token included', async () => {
    const { refreshToken } = await start();
    const first = await refresh(refreshToken, at(1000));
    if (!first.ok || !first.session.refresh) throw new Error('refresh failed');
    expect(await refresh(refreshToken, at(1000 + ROTATION_GRACE_MS + 1))).toEqual({ ok: false, reason: 'reused' });
    expect((await rows()).every((r) => r.revokedAt !== null)).toBe(true);
    expect(await refresh(first.session.refresh.token, at(20_000))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('within the grace period renews only the access token', async () => {
    const { refreshToken } = await start();
    await refresh(refreshToken, at(1000));
    const late = await refresh(refreshToken, at(1000 + ROTATION_GRACE_MS));
    expect(late).toMatchObject({ ok: true, session: { refresh: null } });
    expect(await rows()).toHaveLength(2);
  });

  it('refuses expired, unknown and revoked tokens', async () => {
    const { refreshToken, familyId } = await start();
    expect(await refresh(refreshToken, at(REFRESH_TOKEN_SECONDS * 1000))).toEqual({ ok: false, reason: 'expired' });
    expect(await refresh('nope', t0)).toEqual({ ok: false, reason: 'unknown' });
    await revokeUserSessions(t.db, { userId, now: t0 });
    expect(await refresh(refreshToken, at(1000))).toEqual({ ok: false, reason: 'revoked' });
    expect(familyId).toBeTruthy();
  });

  it('revokes all sessions of an account but the one kept', async () => {
    const kept = await start();
    const other = await start();
    await revokeUserSessions(t.db, { userId, now: t0, exceptFamilyId: kept.familyId });
    expect((await refresh(kept.refreshToken, at(1000))).ok).toBe(true);
    expect(await refresh(other.refreshToken, at(1000))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('prunes tokens a day after they expire, not before', async () => {
    await start();
    const expiry = REFRESH_TOKEN_SECONDS * 1000;
    await pruneExpiredTokens(t.db, { now: at(expiry + 60_000) });
    expect(await rows()).toHaveLength(1);
    await pruneExpiredTokens(t.db, { now: at(expiry + 25 * 60 * 60_000) });
    expect(await rows()).toEqual([]);
  });

  it('issues nothing for a disabled account', async () => {
    const { refreshToken } = await start();
    await t.db.updateTable('users').set({ disabledAt: t0.toISOString() }).where('id', '=', userId).execute();
    expect(await startSession(t.db, { userId, secret, now: t0 })).toBeNull();
    expect(await refresh(refreshToken, at(1000))).toEqual({ ok: false, reason: 'disabled' });
  });
});
