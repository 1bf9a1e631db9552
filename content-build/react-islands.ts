/**
 * `@astrojs/react` with its server renderer replaced by `react-island-server.ts` (docs/decisions/056-island-renders.md):
 * the integration itself (its Vite set-up, its browser renderer) is unchanged; only the module the build
 * renders islands with is ours, and it names two of `@astrojs/react`'s own files that its package does not
 * export, which Vite is told where to find.
 */
import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** A file of `@astrojs/react`'s, beside its server renderer. */
const reactFile = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.resolve('@astrojs/react/server.js')));

/** Where Vite finds the two files of `@astrojs/react`'s that `react-island-server.ts` imports (also its test's). */
export const reactInternals = (): Record<string, string> => ({
  'astro-react-internal:context': reactFile('context.js'),
  'astro-react-internal:static-html': reactFile('static-html.js'),
});

export function reactIslands(): AstroIntegration {
  const integration = react();
  const setup = integration.hooks['astro:config:setup'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': async (params) => {
        await setup?.({
          ...params,
          addRenderer: (renderer) =>
            params.addRenderer(
              renderer.serverEntrypoint === '@astrojs/react/server.js'
                ? { ...renderer, serverEntrypoint: fileURLToPath(new URL('./react-island-server.ts', import.meta.url)) }
                : renderer,
            ),
        });
        params.updateConfig({ vite: { resolve: { alias: reactInternals() } } });
      },
    },
  };
}
