// Astro's client types (CSS imports, import.meta.glob, import.meta.env) without `astro sync`, so a fresh
// clone type-checks before any build has written .astro/types.d.ts.
/// <reference types="astro/client" />
