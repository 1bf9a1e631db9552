import { describe, expect, it } from 'vitest';
import { detectSocialProvider, isAdmin, isGuide, isSessionValid, buildTravelerFromProfile } from './session.ts';

describe('isSessionValid', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it.each([
    { name: '"valid only if it is valid and its access token has not expired"', valid: true, accessTokenExpiresAt: '2025-06-15T12:05:00Z', expected: true },
    { name: 'expired token', valid: true, accessTokenExpiresAt: '2025-06-15T11:59:59Z', expected: false },
    { name: 'expiring this instant', valid: true, accessTokenExpiresAt: '2025-06-15T12:00:00Z', expected: false },
    { name: 'session marked invalid', valid: false, accessTokenExpiresAt: '2025-06-15T13:00:00Z', expected: false },
    { name: 'unreadable expiry', valid: true, accessTokenExpiresAt: 'mañana', expected: false },
  ])('$name → $expected', ({ valid, accessTokenExpiresAt, expected }) => {
    expect(isSessionValid({ session: { valid, accessTokenExpiresAt }, now })).toBe(expected);
  });
});

describe('staff groups', () => {
  it.each([
    { groups: ['drAdmin'], admin: true, guide: false },
    { groups: ['guides'], admin: false, guide: true },
    { groups: ['drAdmin', 'guides'], admin: true, guide: true },
    { groups: [], admin: false, guide: false },
    { groups: ['DRADMIN'], admin: false, guide: false },
  ])('$groups → admin $admin, guide $guide', ({ groups, admin, guide }) => {
    expect(isAdmin(groups)).toBe(admin);
    expect(isGuide(groups)).toBe(guide);
  });
});

describe('detectSocialProvider', () => {
  it.each([
    { identity: 'Google', expected: 'google' },
    { identity: 'Facebook_12345', expected: 'facebook' },
    { identity: 'password', expected: null },
    { identity: null, expected: null },
  ])('"Social sign-in with Google or Facebook is detected": $identity → $expected', ({ identity, expected }) => {
    expect(detectSocialProvider(identity)).toBe(expected);
  });
});

describe('buildTravelerFromProfile', () => {
  it.each([
    { name: '"the name from the profile"', profileName: 'Ana', expected: 'Ana' },
    { name: '"or the part of the email before the @"', profileName: null, expected: 'ana.garcia' },
    { name: 'a blank name counts as none', profileName: '  ', expected: 'ana.garcia' },
  ])('$name', ({ profileName, expected }) => {
    expect(buildTravelerFromProfile({ email: 'ana.garcia@viajes.es', name: profileName, accountId: 'U1' })).toEqual({
      name: expected,
      surname: '',
      dni: '',
      birthdate: '',
      sex: '',
      phone: '',
      email: 'ana.garcia@viajes.es',
      cognitoId: 'U1',
    });
  });
});
