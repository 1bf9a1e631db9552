// @ts-check
import { defineConfig } from 'astro/config';
import contentSecurityPolicy from './content-build/csp.ts';
import { islandRuntimeChunk } from './content-build/client-chunks.ts';
import { reactIslands } from './content-build/react-islands.ts';

// content-build/ runs the build with the snapshot path in CATALOGUE_SNAPSHOT and its own outDir,
// so a new site is built beside the live one and swapped in when complete.
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'never',
  // Rendering one page at a time left the process waiting on each page's file writes about half the
  // time (docs/decisions/029-build-speed.md); a few at once keep it busy. Page keys are recorded per
  // render (content-build/page-renderer.ts), so concurrent renders do not mix them.
  // Every page's CSS is in the page itself: two stylesheets of 3 KB each held the first paint back by two
  // round trips on a phone's connection (Lighthouse: FCP 1.4 s, performance 99), and no page shares a file
  // a visitor's browser would have kept from another page yet.
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'always' },
  // contentSecurityPolicy: keeps the pages within the server's policy (inline-script hashes, no eval).
  integrations: [reactIslands(), contentSecurityPolicy()],
  devToolbar: { enabled: false },
  // content-build keeps one cache folder per data folder (ASTRO_CACHE_DIR) across builds, so a page
  // whose getStaticPaths entry returns an unchanged `cacheKey` is taken from the last build (a hard link:
  // content-build/astro-cache-links.ts), not rendered.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  experimental: { incrementalBuild: true },
  // React, React DOM and nanostores in one file instead of seven (content-build/client-chunks.ts).
  vite: { plugins: [islandRuntimeChunk()] },
});
