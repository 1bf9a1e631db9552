/** `astro:react:opts` for tests: what `@astrojs/react`'s integration generates with its default options (as astro.config.mjs uses it). */
export default { include: undefined, exclude: undefined, experimentalReactChildren: false, experimentalDisableStreaming: false };
