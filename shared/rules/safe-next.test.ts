import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('where to go after signing in', () => {
  it.each([
    ['/perfil', '/perfil'],
    ['/perfil/reserva/b1/tk9?pago=ok#recibos', '/perfil/reserva/b1/tk9?pago=ok#recibos'],
    ['/admin/tours', '/admin/tours'],
    ['/tour/japon-esencial/completa-tus-datos/b1', '/tour/japon-esencial/completa-tus-datos/b1'],
  ])('follows a path on the shop: %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another site', 'https://evil.example/perfil'],
    ['a protocol-relative address', '//evil.example/perfil'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash later on', '/perfil\\..\\//evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'perfil'],
    ['a tab inside the host', '/\t/evil.example'],
    ['the sign-in screen itself', '/login?next=/perfil'],
    ['the sign-up screen', '/registro/'],
  ])('ignores %s', (_, next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});
