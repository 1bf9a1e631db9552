/**
 * Runs one Astro build in its own process, so its memory is returned to the system when it ends and
 * a failed build cannot take the server down. Usage: node content-build/astro-build.ts <snapshot> <outDir>
 */
import { fileURLToPath } from 'node:url';
import { build } from 'astro';

const [snapshot, outDir] = process.argv.slice(2);
if (!snapshot || !outDir) {
  console.error('usage: astro-build.ts <snapshot.json> <outDir>');
  process.exit(2);
}
process.env.CATALOGUE_SNAPSHOT = snapshot;
await build({ root: fileURLToPath(new URL('..', import.meta.url)), outDir, logLevel: 'warn' });
