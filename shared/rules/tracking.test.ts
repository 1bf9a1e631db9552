import { describe, expect, it } from 'vitest';
import { getActiveCampaignParams, readCampaignParams, storeCampaignParams } from './tracking.ts';

describe('readCampaignParams', () => {
  it.each([
    {
      name: 'all four parameters',
      search: '?utm_source=google&utm_medium=cpc&utm_visitor=v1&utm_campaign=verano',
      expected: { utmSource: 'google', utmMedium: 'cpc', utmVisitor: 'v1', utmCampaign: 'verano' },
    },
    { name: 'only some', search: 'utm_campaign=verano', expected: { utmSource: null, utmMedium: null, utmVisitor: null, utmCampaign: 'verano' } },
    { name: '"when present in the address": none present', search: '?page=2', expected: null },
    { name: 'empty values are absent', search: '?utm_source=', expected: null },
    { name: 'empty address', search: '', expected: null },
  ])('$name', ({ search, expected }) => {
    expect(readCampaignParams(search)).toEqual(expected);
    expect(readCampaignParams(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('campaign parameters are "kept 15 days"', () => {
  const params = { utmSource: 'google', utmMedium: null, utmVisitor: null, utmCampaign: 'verano' };
  const stored = storeCampaignParams({ params, now: new Date('2025-06-01T10:00:00Z') });

  it('stores them until 15 days later', () => {
    expect(stored.expiresAt).toBe('2025-06-16T10:00:00.000Z');
  });

  it.each([
    { name: 'a day later', now: '2025-06-02T10:00:00Z', expected: params },
    { name: 'one second before expiry', now: '2025-06-16T09:59:59Z', expected: params },
    { name: 'at expiry', now: '2025-06-16T10:00:00Z', expected: null },
    { name: 'long after', now: '2025-07-01T00:00:00Z', expected: null },
  ])('$name', ({ now, expected }) => {
    expect(getActiveCampaignParams({ stored, now: new Date(now) })).toEqual(expected);
  });

  it('nothing stored', () => {
    expect(getActiveCampaignParams({ stored: null, now: new Date('2025-06-01T00:00:00Z') })).toBeNull();
  });
});
