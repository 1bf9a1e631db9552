/**
 * Property-based fuzzing of every write route of the API (issue 16), with fast-check: whatever the path
 * parameters, the body and the caller, no answer is a 5xx, and a refusal (4xx) writes nothing. The write
 * routes come from the route table itself, so a new one is fuzzed without being listed here.
 *
 * "Nothing written" is counted by triggers on every table of a real SQLite database (not a mock): each
 * insert, update or delete adds one to a counter. The only tables a refusal may write are named below,
 * with why.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccessTable } from '#api/middleware/access.ts';
import { createTestApi, insertDeparture, type TestApi } from '../support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../support/callers.ts';
import { recordingRebuilds } from '../support/cms-api.ts';
import { TEST_ORIGIN } from '../support/auth-client.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/** Written on purpose whatever the answer. */
const WRITTEN_ON_REFUSAL = new Set([
  // Rate limits count every attempt before it is validated: a refused one is still an attempt.
  'rate_limits',
]);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RUNS_PER_ROUTE = 25;
/** A failure names its seed: `FUZZ_SEED=… npx vitest run tests/integration/fuzz-writes.test.ts` replays it. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Ids that name seeded objects, among random ones, so some requests get past "not found". */
const KNOWN_IDS = ['p1', 't1', 'f1', 'k1', 'trav-ana', 'user-ana', 'guide-marta', 'japon-esencial', '00000000-0000-4000-8000-000000000000'];

const param = fc.oneof(fc.constantFrom(...KNOWN_IDS), fc.uuid(), fc.string({ maxLength: 40 }), fc.integer().map(String));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }).map((value) => JSON.stringify(value)),
  // Not JSON at all, or cut short.
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value).slice(0, -1)),
);
const caller = fc.constantFrom(...(Object.keys(CALLERS) as (keyof typeof CALLERS)[]));

describe('every write route under random input', () => {
  let t: TestDatabase;
  let api: TestApi;
  const changes = async () => Number((await sql<{ n: number }>`select n from fuzz_changes`.execute(t.db)).rows[0]?.n);

  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    await seedCallers(t.db);
    await insertDeparture(t.db);
    // With a rebuild queue and the card tools' event hub, as the running shop has: routes that need them answer.
    const { rebuilds, cmsEvents } = recordingRebuilds();
    api = createTestApi(t.db, t.url, { rebuilds, cmsEvents });
    await sql`create table fuzz_changes (n integer not null)`.execute(t.db);
    await sql`insert into fuzz_changes values (0)`.execute(t.db);
    const tables = await sql<{
      name: string;
    }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name <> 'fuzz_changes'`.execute(
      t.db,
    );
    for (const { name } of tables.rows) {
      if (WRITTEN_ON_REFUSAL.has(name)) continue;
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`create trigger fuzz_${event}_${name} after ${event} on "${name}" begin update fuzz_changes set n = n + 1; end`).execute(t.db);
      }
    }
  });
  afterAll(async () => t?.drop());

  const writeRoutes = () => routeAccessTable(api).filter((route) => WRITE_METHODS.has(route.method));

  it('finds the write routes in the route table', () => {
    expect(writeRoutes().length).toBeGreaterThan(50);
  });

  it('answers no 5xx, and writes nothing when it refuses', async () => {
    const wrong: string[] = [];
    let requests = 0;
    for (const route of writeRoutes()) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      await fc
        .assert(
          fc.asyncProperty(fc.array(param, { minLength: names.length, maxLength: names.length }), body, caller, async (values, payload, who) => {
            const path = route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, () => encodeURIComponent(values.shift() ?? 'x')).replace(/\*$/, 'cualquier-cosa');
            const auth = CALLERS[who];
            const before = await changes();
            const res = await api.fromAnotherBrowser(path, {
              method: route.method,
              headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(auth ? { 'x-test-auth': JSON.stringify(auth) } : {}) },
              body: payload,
            });
            await res.arrayBuffer();
            requests += 1;
            const written = (await changes()) - before;
            const problem = res.status >= 500 ? `${res.status}` : res.status >= 400 && written > 0 ? `${res.status} after writing ${written} rows` : null;
            if (problem) wrong.push(`${route.method} ${route.path} as ${who} → ${problem}; path ${path}, body ${payload.slice(0, 120)}`);
            return problem === null;
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(wrong, `FUZZ_SEED=${SEED}`).toEqual([]);
    // Every route got its share of random requests (a failure ends a route's run early, and is listed above).
    expect(requests).toBe(writeRoutes().length * RUNS_PER_ROUTE);
  }, 240_000);
});
