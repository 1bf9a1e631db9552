import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/databases.ts';
import { temporaryDataDir } from '../tests/support/test-config.ts';
import { buildSite } from './build.ts';

describe('a build that fails before Astro runs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(() => t.drop());

  // At 50,000 tours the snapshot folder is hundreds of megabytes: each failed build would leave one more.
  it('leaves no snapshot behind in the site folder', async () => {
    const siteDir = join(temporaryDataDir(), 'site');
    mkdirSync(siteDir, { recursive: true });
    // The images' folder cannot be made: the build fails after the snapshot is written.
    writeFileSync(join(siteDir, 'media'), 'not a folder');
    await expect(buildSite({ databaseUrl: t.url, siteDir, filesDir: temporaryDataDir() })).rejects.toThrow();
    expect(readdirSync(siteDir)).toEqual(['media']);
  });

  // The snapshot is read by a process of its own (snapshot-writer.ts): its failure is the build's.
  it('fails, leaving nothing behind, when the snapshot cannot be read from the database', async () => {
    const siteDir = join(temporaryDataDir(), 'site');
    mkdirSync(siteDir, { recursive: true });
    // A database with no tables: nothing to read the catalogue from.
    const empty = join(temporaryDataDir(), 'empty.db');
    await expect(buildSite({ databaseUrl: empty, siteDir, filesDir: temporaryDataDir() })).rejects.toThrow(
      'The catalogue snapshot could not be written (exit code 1).',
    );
    expect(readdirSync(siteDir)).toEqual([]);
  });
});
