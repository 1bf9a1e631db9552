import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../errors.ts';
import { CSRF_MESSAGE, originCheck } from './csrf.ts';

const app = new Hono()
  .use(originCheck({ publicUrl: 'https://www.different.example', corsOrigins: ['https://agencia.example'] }))
  .all('/escribir', (c) => c.json({ ok: true }));
app.onError(errorResponse);

const send = (method: string, headers: Record<string, string>, url = 'https://www.different.example/escribir') => app.request(url, { method, headers });
const session = { cookie: 'access=abc' };

describe('the origin check of writes', () => {
  it.each([
    ['the public address', { origin: 'https://www.different.example', ...session }],
    ['a configured CORS origin', { origin: 'https://agencia.example', ...session }],
    ['no Origin, but a Referer on the shop', { referer: 'https://www.different.example/login?next=/perfil', ...session }],
    ['no origin at all and no cookies (a server calling back)', {}],
  ])('lets a write from %s through', async (_, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await send(method, headers)).status, method).toBe(200);
  });

  it.each([
    ['another site', { origin: 'https://evil.example', ...session }],
    ['another site, even without cookies (a forced sign-in)', { origin: 'https://evil.example' }],
    ['another scheme of the public address', { origin: 'http://www.different.example', ...session }],
    ['a look-alike host', { origin: 'https://www.different.example.evil.example', ...session }],
    ['an opaque origin (sandboxed frame)', { origin: 'null', ...session }],
    ['a Referer on another site', { referer: 'https://evil.example/page', ...session }],
    ['no origin at all, with cookies', session],
  ])('refuses a write from %s with 403 and a Spanish message', async (_, headers) => {
    const res = await send('POST', headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: CSRF_MESSAGE } });
  });

  it("lets a write from the request's own origin through (the shop reached by another name)", async () => {
    expect((await send('POST', { origin: 'http://127.0.0.1:4404', ...session }, 'http://127.0.0.1:4404/escribir')).status).toBe(200);
    expect((await send('POST', { origin: 'http://127.0.0.1:4405', ...session }, 'http://127.0.0.1:4404/escribir')).status).toBe(403);
  });

  it('lets safe methods through from anywhere', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect((await send(method, { origin: 'https://evil.example', ...session })).status, method).toBe(200);
    }
  });

  it('prefers Origin over Referer when a browser sends both', async () => {
    expect((await send('POST', { origin: 'https://evil.example', referer: 'https://www.different.example/', ...session })).status).toBe(403);
  });
});
