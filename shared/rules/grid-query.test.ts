import { describe, expect, it } from 'vitest';
import { buildGridQuery, parseGridQuery } from './grid-query.ts';

const destinations = ['Japón', 'Islandia', 'Costa Rica'];

describe('parseGridQuery', () => {
  it.each([
    { name: 'no filter', search: '', expected: { tripType: null, destination: null } },
    { name: 'trip type and destination', search: '?tipo=grupo&destino=japon', expected: { tripType: 'Group', destination: 'Japón' } },
    { name: '"Known trip-type slugs: grupo, single, grupo-privados"', search: '?tipo=grupo-privados', expected: { tripType: 'Private', destination: null } },
    { name: 'single is the FIT pill', search: '?tipo=single', expected: { tripType: 'FIT', destination: null } },
    { name: 'a destination typed with accents or capitals', search: '?destino=Costa%20Rica', expected: { tripType: null, destination: 'Costa Rica' } },
    { name: 'unknown values are no filter', search: '?tipo=crucero&destino=marte', expected: { tripType: null, destination: null } },
  ])('$name', ({ search, expected }) => {
    expect(parseGridQuery({ search, destinations })).toEqual(expected);
  });
});

describe('buildGridQuery', () => {
  it.each([
    { name: 'both filters', search: '', filter: { tripType: 'Group', destination: 'Japón' }, expected: '?tipo=grupo&destino=japon' },
    { name: 'cleared filters leave no query', search: '?tipo=grupo&destino=japon', filter: { tripType: null, destination: null }, expected: '' },
    {
      name: 'other parameters survive',
      search: '?utm_source=news&tipo=grupo',
      filter: { tripType: 'FIT', destination: null },
      expected: '?utm_source=news&tipo=single',
    },
    { name: 'private trips', search: '', filter: { tripType: 'Private', destination: 'Costa Rica' }, expected: '?tipo=grupo-privados&destino=costa-rica' },
  ] as const)('$name → "$expected"', ({ search, filter, expected }) => {
    expect(buildGridQuery({ search, filter })).toBe(expected);
  });

  it('round-trips through parseGridQuery', () => {
    const filter = { tripType: 'FIT', destination: 'Costa Rica' } as const;
    expect(parseGridQuery({ search: buildGridQuery({ search: '', filter }), destinations })).toEqual(filter);
  });
});
