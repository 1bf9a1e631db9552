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

  // Issue 29: a NUL or half a surrogate pair passed every length check, was stored, and broke PDFs, CSV
  // and mail headers later. One rule refuses them in every field the API validates.
  it.each([
    ['a NUL in a name', { ...valid, name: 'Ana\u0000' }, 'name'],
    ['a lone surrogate in a question', { ...valid, question: '¿Quedan plazas en marzo? \ud83c' }, 'question'],
    ['a control character in an e-mail', { ...valid, email: 'ana@correo.es\u0007' }, 'email'],
  ])('%s gets 422 with the field’s Spanish message, and nothing is written', async (_, body, field) => {
    const res = await api.request('/contact', { method: 'POST', headers: json, body: JSON.stringify(body) });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields[field]).toMatch(/no se pueden guardar|correo electrónico válido/);
    expect(await stored()).toEqual([]);
  });

  it('refuses such text in a password at sign-up and in a multipart form with a photo, writing nothing', async () => {
    const signUp = await api.request('/auth/signup', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'ana@correo.es', password: 'una frase\u0000larga' }),
    });
    expect(signUp.status).toBe(422);
    expect((await signUp.json()).error.fields.password).toContain('no se pueden guardar');
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
    const form = new FormData();
    form.set('clave', 'x'.repeat(40));
    form.set('title', 'Muy bien\u0000');
    const review = await api.request('/feedback/tour', { method: 'POST', headers: { origin: 'http://localhost:4321' }, body: form });
    expect(review.status).toBe(422);
    expect((await review.json()).error.fields.title).toContain('no se pueden guardar');
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
    // (Its replies' table names it: PostgreSQL drops the reference with it.)
    await (dialect === 'postgres' ? sql`drop table contact_tours cascade` : sql`drop table contact_tours`).execute(t.db);
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
