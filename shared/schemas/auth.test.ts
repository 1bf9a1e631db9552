import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ResetPasswordSchema, SignUpSchema, VerifySchema } from './auth.ts';

describe('auth schemas', () => {
  it('lower-case and trim the e-mail, keep the password as typed', () => {
    expect(SignUpSchema.parse({ email: ' Ana@Example.COM ', password: ' espacios  incluidos ' })).toEqual({
      email: 'ana@example.com',
      password: ' espacios  incluidos ',
    });
  });

  it('count password length in characters: 8 emoji pass, 7 do not', () => {
    expect(SignUpSchema.safeParse({ email: 'a@b.es', password: '🙂'.repeat(8) }).success).toBe(true);
    const short = SignUpSchema.safeParse({ email: 'a@b.es', password: '🙂'.repeat(7) });
    expect(short.error?.issues[0]?.message).toBe(AUTH_MESSAGES.password);
  });

  it('verification takes a token, or an e-mail with a 6-digit code, and the account’s password', () => {
    const password = 'una frase larga';
    expect(VerifySchema.safeParse({ token: 'abc', password }).success).toBe(true);
    expect(VerifySchema.safeParse({ email: 'a@b.es', code: '012345', password }).success).toBe(true);
    expect(VerifySchema.safeParse({ email: 'a@b.es', password }).error?.issues.map((i) => i.path.join('.'))).toEqual(['code']);
    expect(VerifySchema.safeParse({ token: 'abc' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['password']);
    expect(
      VerifySchema.safeParse({})
        .error?.issues.map((i) => i.path.join('.'))
        .sort(),
    ).toEqual(['code', 'email', 'password']);
    expect(ResetPasswordSchema.safeParse({ token: 'abc', password: 'una contraseña nueva' }).success).toBe(true);
    expect(ResetPasswordSchema.safeParse({ token: 'abc' }).success).toBe(false);
  });
});
