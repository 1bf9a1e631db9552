import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDataDir } from '../tests/support/test-config.ts';
import { makeDestination, makeSnapshot, makeTour } from '../tests/support/catalogue-snapshot.ts';
import { buildSearchRecords, readSearchRecords, writeSearchRecords } from './search-index.ts';

describe('buildSearchRecords', () => {
  const snapshot = makeSnapshot({
    destinations: [makeDestination(), makeDestination({ id: 'D2', name: 'Islandia', slug: 'islandia', continent: 'Europa', parentRegionId: null })],
    tours: [
      makeTour({ id: 'T1', destinationIds: ['D1'], parentRegionIds: ['R1'], thumbnail: 'T1/mini.webp' }),
      makeTour({ id: 'T2', name: 'Islandia secreta', webSlug: 'islandia-secreta', tagKeywords: 'oculto', destinationIds: ['D2'] }),
      makeTour({ id: 'T3', name: 'Islandia', webSlug: 'islandia', destinationIds: ['D2'], prices: [] }),
    ],
  });
  const images = {
    'T1/mini.webp': { width: 1600, height: 1200, placeholder: '', variants: [320, 480, 960].map((width) => ({ width, url: `/media/x-${width}.webp` })) },
  };
  const records = buildSearchRecords({ snapshot, images });

  it('indexes visible tours only: no hidden tour, no tour without adult price', () => {
    expect(records.map((r) => r.url)).toEqual(['/tour/japon-esencial']);
  });

  it('normalises the content like queries, with destination, continent and region', () => {
    expect(records[0]?.content).toBe('japon esencial japon asia lejano oriente cultura marzo');
  });

  it('carries what a result card shows', () => {
    expect(records[0]?.meta).toEqual({
      title: 'JAPÓN ESENCIAL',
      destinations: 'Japón',
      image: '/media/x-480.webp',
      image_width: '480',
      image_height: '360',
      price: 'desde 3.290 €',
      duration: '13 días/12 noches',
    });
  });
});

describe('the records a full build hands its parent to index', () => {
  it('are read back in order, each as written, past the lines one write takes', async () => {
    const file = join(temporaryDataDir(), 'search-records.ndjson');
    const records = Array.from({ length: 1203 }, (_, i) => ({
      url: `/tour/viaje-${i}`,
      content: `japon kioto ${i} ñandú "comillas"\nsegunda línea`,
      meta: { title: `Viaje ${i}`, price: `Desde ${i} €` },
    }));
    await writeSearchRecords({ records, file });
    const read = [];
    for await (const record of readSearchRecords(file)) read.push(record);
    expect(read).toEqual(records);
  });
});
