/**
 * What the API does with bad input and with its own failures: a clear 4xx in the error shape, nothing
 * written, and never a stack trace or a line of SQL in an answer (errors are logged on the server with
 * the request id the answer carries).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, MAX_BODY_BYTES } from '#api/app.ts';
import { testConfig } from '../support/test-config.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.ts';

const valid = { question: '¿Quedan plazas en la salida de marzo?', name: 'Ana', email: 'ana@correo.es' };
const json = { 'content-type': 'application/json', origin: 'http://localhost:4321' };

describe.each(dialects)('bad input on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createApi({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url } });
  });
  afterEach(async () => t.drop());
  const stored = () => t.db.selectFrom('contactTours').selectAll().execute();

  it('a body over 1 MiB is refused with 413 in the error shape, whether it announces its length or not', async () => {
    const big = JSON.stringify({ ...valid, question: 'a'.repeat(MAX_BODY_BYTES) });
    const announced = await api.request('/contact', { method: 'POST', headers: { ...json, 'content-length': String(Buffer.byteLength(big)) }, body: big });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'La petición es demasiado grande.', requestId: expect.any(String) },
    });
    const streamed = await api.request('/contact', {
      method: 'POST',
      headers: json,
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['unknown fields', { ...valid, travelerId: 'trav-1', admin: true }, { travelerId: 'Este campo no se admite.', admin: 'Este campo no se admite.' }],
    ['a string over its limit', { ...valid, name: 'a'.repeat(81) }, { name: 'El nombre admite como máximo 80 caracteres' }],
    [
      'wrong types',
      { ...valid, name: ['Ana'], question: { text: 'hola' } },
      { name: 'Indica tu nombre', question: 'Escribe tu pregunta (mínimo 10 caracteres)' },
    ],
    ['missing fields', {}, { name: 'Indica tu nombre', email: 'Introduce un correo electrónico válido' }],
  ])('%s get 422 with a Spanish message per field, and nothing is written', async (_, body, fields) => {
    const res = await api.request('/contact', { method: 'POST', headers: json, body: JSON.stringify(body) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION', fields } });
    expect(await stored()).toEqual([]);
  });

  it('a path parameter over its limit is simply not found', async () => {
    const res = await api.request(`/tours/${'a'.repeat(201)}/departures`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe.each(dialects)('a failure inside the API on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.drop();
  });

  it('answers 500 with a Spanish message and the request id, and logs the error as JSON under that id', async () => {
    const api = createApi({ db: t.db, config: { ...testConfig({}), databaseUrl: t.url } });
    // The table the handler writes to is gone: the database error carries its SQL and table name.
    await sql`drop table contact_tours`.execute(t.db);
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));

    const res = await api.request('/contact', { method: 'POST', headers: json, body: JSON.stringify(valid) });
    const text = await res.text();
    expect(res.status).toBe(500);
    const body = JSON.parse(text) as { error: { requestId: string } };
    expect(body).toEqual({
      error: { code: 'INTERNAL', message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.', requestId: res.headers.get('x-request-id') },
    });
    for (const leak of ['contact_tours', 'insert', 'select', 'SQL', 'sqlite', 'relation', '    at ', '.ts:']) expect(text).not.toContain(leak);

    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0] ?? '{}') as { level: string; requestId: string; path: string; error: string };
    expect(entry).toMatchObject({ level: 'error', requestId: body.error.requestId, path: '/contact' });
    expect(entry.error).toMatch(/contact_tours/);
  });
});
