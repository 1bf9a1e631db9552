/**
 * How the browser's scripts are split into files (docs/decisions/053-fewer-script-files.md).
 *
 * Left to itself the bundler split React, React DOM, the scheduler, the JSX runtime and nanostores into
 * seven files, one for each set of islands that used a part of them, and every page with an island loaded
 * five to seven of them, found one level of imports at a time. Over HTTP/1.1 (six connections, as a phone
 * reaches the Node server) each file is a round trip. Every island needs React and React DOM anyway, so
 * they go into one file, which the browser also keeps from page to page.
 */
import type { Plugin } from 'vite';

/** The libraries every island runs on; none has effects beyond defining itself when loaded. */
const ISLAND_RUNTIME = /\/node_modules\/(react|react-dom|scheduler|nanostores|@nanostores\/react|use-sync-external-store)\//;

/** The Vite plugin that puts them into one chunk of the browser's build (`_astro/vendor.[hash].js`). */
export function islandRuntimeChunk(): Plugin {
  return {
    name: 'island-runtime-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions: (output) => ({
      ...output,
      // Their own imports are each other, so the chunk takes nothing of the shop's.
      codeSplitting: { groups: [{ name: 'vendor', test: ISLAND_RUNTIME }] },
    }),
  };
}
