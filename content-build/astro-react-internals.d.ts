// The module names `react-islands.ts` resolves for `react-island-server.ts`: two files `@astrojs/react` keeps to
// itself, and the options module its integration provides.
declare module 'astro-react-internal:context' {
  export function incrementId(result: object): string;
}
declare module 'astro-react-internal:static-html' {
  import type { ComponentType } from 'react';
  const StaticHtml: ComponentType<{ value: unknown; name?: string; hydrate?: boolean }>;
  export default StaticHtml;
}
declare module 'astro:react:opts' {
  const opts: { experimentalReactChildren?: boolean; experimentalDisableStreaming?: boolean };
  export default opts;
}
