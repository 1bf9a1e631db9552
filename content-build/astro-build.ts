/**
 * Runs one Astro build in its own process, so its memory is returned to the system when it ends and
 * a failed build cannot take the server down; then writes the search index into the built site.
 * Usage: node content-build/astro-build.ts <snapshot> <outDir>
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import type { ImageManifest } from '#shared/images.ts';
import { CatalogueSnapshotSchema } from '#shared/snapshot.ts';
import { buildSearchRecords, writeSearchIndex } from './search-index.ts';

const [snapshotPath, outDir] = process.argv.slice(2);
if (!snapshotPath || !outDir) {
  console.error('usage: astro-build.ts <snapshot.json> <outDir>');
  process.exit(2);
}
process.env.CATALOGUE_SNAPSHOT = snapshotPath;
await build({ root: fileURLToPath(new URL('..', import.meta.url)), outDir, logLevel: 'warn' });

const snapshot = CatalogueSnapshotSchema.parse(JSON.parse(await readFile(snapshotPath, 'utf8')));
const manifestPath = process.env.IMAGE_MANIFEST;
const images = manifestPath ? (JSON.parse(await readFile(manifestPath, 'utf8')) as ImageManifest) : {};
await writeSearchIndex({ records: buildSearchRecords({ snapshot, images }), outDir });
