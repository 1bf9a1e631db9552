/**
 * What a visitor downloads for the storefront's main pages, images aside, as transferred (the brotli copy
 * of each file): the HTML, its stylesheets and scripts, and every island's code with the chunks it imports.
 * Read from a built site on disk; the budgets themselves are asserted in `tests/e2e/budgets.spec.ts`.
 *
 *   node bench/page-weights.ts [--site-dir DIR/site]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliOnRequest, pageBrotliSync } from '#content-build/compress.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: '/viajes', path: '/viajes' },
  { name: 'a tour page', path: '/tour/japon-esencial' },
  { name: 'a destination', path: '/destino/japon' },
] as const;

const ASSET = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:js|css))"/g;
const IMPORT = /(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g;

/**
 * The bytes a browser receives for a file: its brotli copy when there is one, or the one the server makes on a
 * page's first request (content-build/compress.ts, `brotliOnRequest`).
 */
function sent(root: string, rel: string): number {
  const file = join(root, rel);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return brotliOnRequest(posix.normalize(rel).replace(/^\//, '')) ? pageBrotliSync(readFileSync(file)).length : statSync(file).size;
}

function weigh(root: string, path: string): { html: number; css: number; js: number; files: number } | null {
  const rel = posix.join(path, path.endsWith('.html') ? '' : 'index.html');
  const page = join(root, rel);
  if (!existsSync(page)) return null;
  const html = readFileSync(page, 'utf8');
  const seen = new Set<string>();
  const queue = [...html.matchAll(ASSET)].map((m) => m[1] as string);
  while (queue.length > 0) {
    const asset = queue.shift() as string;
    if (seen.has(asset) || !existsSync(join(root, asset))) continue;
    seen.add(asset);
    if (asset.endsWith('.js')) {
      for (const m of readFileSync(join(root, asset), 'utf8').matchAll(IMPORT)) queue.push(posix.join(posix.dirname(asset), m[1] as string));
    }
  }
  const sum = (ext: string) => [...seen].filter((a) => a.endsWith(ext)).reduce((total, a) => total + sent(root, a), 0);
  return { html: sent(root, rel), css: sum('.css'), js: sum('.js'), files: seen.size + 1 };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function runPageWeights({ siteDir }: { siteDir: string }): string {
  const root = join(siteDir, 'current');
  const rows = PAGES.map(({ name, path }) => {
    const w = weigh(root, path);
    return w
      ? `| ${name} (\`${path}\`) | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} | **${kb(w.html + w.css + w.js)}** | ${w.files} |`
      : `| ${name} (\`${path}\`) | not in this build | | | | |`;
  });
  return [
    '## Page weights',
    '',
    'As transferred (brotli), images aside, every island loaded; the budgets are asserted by `tests/e2e/budgets.spec.ts`.',
    '',
    '| page | HTML | CSS | JavaScript | total | files |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'site-dir': { type: 'string', default: join(tmpdir(), 'dr-bench-shop', 'site') } } });
  console.log(runPageWeights({ siteDir: values['site-dir'] }));
}
