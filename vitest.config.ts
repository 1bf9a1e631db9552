import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactInternals } from './content-build/react-islands.ts';
import { TEST_MEDIA_CACHE } from './tests/support/media-cache.ts';
import LongestFirst from './tests/support/vitest-sequencer.ts';

export default defineConfig({
  // The module names the build's React renderer imports (content-build/react-island-server.ts), for its test.
  resolve: {
    alias: { ...reactInternals(), 'astro:react:opts': fileURLToPath(new URL('./tests/support/astro-react-opts.ts', import.meta.url)) },
  },
  test: {
    // …and `@astrojs/react`'s own renderer beside it, which imports a module only Vite resolves.
    server: { deps: { inline: [/@astrojs\/react/] } },
    include: ['shared/**/*.test.ts', 'api/**/*.test.ts', 'site/**/*.test.ts', 'content-build/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Database and server tests open real files and ports; two workers fit these 2-core machines.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: every API test loads the whole app,
    // and loading it again per file was a third of the run (docs/decisions/040-test-groups.md). Each test
    // still gets its own database, and the stores reset what they hold when a screen opens.
    isolate: false,
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    env: { MEDIA_CACHE_DIR: TEST_MEDIA_CACHE },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
