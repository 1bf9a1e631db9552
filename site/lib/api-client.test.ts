import { describe, expect, it } from 'vitest';
import { callApi, NETWORK_MESSAGE, readApiError, UNEXPECTED_MESSAGE } from './api-client.ts';

/** What the typed client hands back is a fetch Response; these are real ones. */
const answer =
  (body: BodyInit | null, status: number, type = 'application/json') =>
  async () =>
    new Response(body, { status, headers: { 'content-type': type } });

describe('callApi', () => {
  it('gives the JSON body of a success', async () => {
    expect(await callApi(answer('{"id":"b1"}', 201) as never)).toEqual({ ok: true, status: 201, data: { id: 'b1' } });
  });

  it('gives null for a 204', async () => {
    expect(await callApi(answer(null, 204) as never)).toEqual({ ok: true, status: 204, data: null });
  });

  it('reads the API error shape: code, Spanish message and field messages', async () => {
    const body = JSON.stringify({
      error: { code: 'VALIDATION', message: 'Revisa los datos marcados.', fields: { email: 'Introduce un correo' }, requestId: 'r1' },
    });
    expect(await callApi(answer(body, 422) as never)).toEqual({
      ok: false,
      status: 422,
      code: 'VALIDATION',
      message: 'Revisa los datos marcados.',
      fields: { email: 'Introduce un correo' },
    });
  });

  it('turns an answer that is not the API error shape (a proxy page) into a Spanish message', async () => {
    expect(await callApi(answer('<h1>Bad gateway</h1>', 502, 'text/html') as never)).toEqual({
      ok: false,
      status: 502,
      code: 'INTERNAL',
      message: UNEXPECTED_MESSAGE,
      fields: {},
    });
    expect((await readApiError(new Response('{"error":{"code":"NOPE","message":"x"}}', { status: 400 }))).code).toBe('INTERNAL');
  });

  it('turns a network failure into status 0 with a Spanish message', async () => {
    const offline = async (): Promise<Response> => {
      throw new TypeError('fetch failed');
    };
    expect(await callApi(offline as never)).toEqual({ ok: false, status: 0, code: 'NETWORK', message: NETWORK_MESSAGE, fields: {} });
  });
});
