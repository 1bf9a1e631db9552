import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { openDatabase } from '../../db/database.ts';
import { consumeRateLimit, type RateLimit } from './rate-limits.ts';

const limit: RateLimit = { name: 'prueba', max: 3, windowSeconds: 600 };
const at = (iso: string) => new Date(iso);

describe.each(dialects)('rate limits on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(async () => t.drop());

  it('allow max attempts per fixed window, then refuse until the window ends', async () => {
    const results = [];
    for (const second of ['00', '10', '20', '30']) {
      results.push(await consumeRateLimit(t.db, { limit, key: '203.0.113.7', now: at(`2026-11-22T10:01:${second}.000Z`) }));
    }
    expect(results.map((r) => [r.allowed, r.hits])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    // The window is 10:00–10:10: at 10:01:30, 510 s remain.
    expect(results[3]?.retryAfterSeconds).toBe(510);
    const next = await consumeRateLimit(t.db, { limit, key: '203.0.113.7', now: at('2026-11-22T10:10:00.000Z') });
    expect(next).toMatchObject({ allowed: true, hits: 1 });
  });

  it('count each key and each limit apart, and store no address or e-mail in clear', async () => {
    const now = at('2026-11-22T10:00:00.000Z');
    for (let i = 0; i < 3; i++) await consumeRateLimit(t.db, { limit, key: 'ana@correo.es', now });
    expect((await consumeRateLimit(t.db, { limit, key: 'luis@correo.es', now })).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, { limit: { ...limit, name: 'otro' }, key: 'ana@correo.es', now })).allowed).toBe(true);
    // E-mails count however they are typed.
    expect((await consumeRateLimit(t.db, { limit, key: ' ANA@correo.es', now })).allowed).toBe(false);
    const keys = (await t.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys.some((key) => key.includes('correo'))).toBe(false);
  });

  it('are shared by two instances of the API on the same database, under concurrent attempts', async () => {
    const other = openDatabase({ url: t.url });
    try {
      const now = at('2026-11-22T10:00:00.000Z');
      const big: RateLimit = { ...limit, max: 10 };
      const results = await Promise.all(Array.from({ length: 16 }, (_, i) => consumeRateLimit(i % 2 ? other : t.db, { limit: big, key: '203.0.113.7', now })));
      expect(results.map((r) => r.hits).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    } finally {
      await other.destroy();
    }
  });

  it('forget finished windows when a new one starts', async () => {
    await consumeRateLimit(t.db, { limit, key: 'a', now: at('2026-11-22T10:00:00.000Z') });
    await consumeRateLimit(t.db, { limit, key: 'b', now: at('2026-11-22T10:05:00.000Z') });
    await consumeRateLimit(t.db, { limit, key: 'c', now: at('2026-11-22T10:20:00.000Z') });
    expect(await t.db.selectFrom('rateLimits').select('windowStart').execute()).toEqual([{ windowStart: '2026-11-22T10:20:00.000Z' }]);
  });
});
