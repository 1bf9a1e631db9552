/**
 * `token` with one character changed where the change always reaches the bytes it stands for: the second to
 * last. A base64url text's last character may carry padding bits only, and putting fixed characters at the
 * end gives the token back unchanged whenever it already ended in them.
 */
export function tampered(token: string): string {
  const at = token.length - 2;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}
