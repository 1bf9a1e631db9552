/** Where to go after signing in: `?next=` only when it stays on the shop (no open redirect). */

/** Pages that make no sense to come back to once signed in. */
const NOT_AFTER_SIGN_IN = ['/login', '/registro'];

/**
 * The same-origin path of a `?next=` value, or null when it would leave the shop (`//evil.example`,
 * `https://…`, `/\evil.example`, `javascript:…`), is not a path, or leads back to the sign-in screen.
 *
 * @example safeNextPath('/perfil/viajes?orden=fecha') // '/perfil/viajes?orden=fecha'
 * @example safeNextPath('//evil.example/perfil') // null
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters and backslashes are read differently by browsers and URL parsers: refuse them.
  if ([...next].some((char) => char.charCodeAt(0) < 0x20 || char === '\\')) return null;
  const base = 'https://tienda.invalid';
  const url = URL.canParse(next, base) ? new URL(next, base) : null;
  if (!url || url.origin !== base) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (NOT_AFTER_SIGN_IN.includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
