/**
 * React's server renderer for the build: `@astrojs/react`'s own, with two steps made cheaper and the page's
 * bytes unchanged (docs/decisions/056-island-renders.md; `react-islands.ts` puts it in the renderer's place).
 *
 * Astro asks a renderer whether a component is its own (`check`) before every island, and `@astrojs/react`
 * answers by rendering a probe: the component called inside a React render of a `<div>`, through React's
 * stream. Then it renders the island, again through the stream, read back through a `TextDecoder`. Each
 * render takes the next island id of the page (`r0`, `r1`…: `useId`'s prefix and the island's `prefix`
 * attribute), when it starts; a page's islands render concurrently, so the order the ids are handed out in
 * follows how many turns of the microtask queue each step waits.
 *
 * - **An island's probe renders a component that draws nothing.** An island written in `.tsx` or `.jsx` is
 *   React's (the only framework here). Its probe is still made, through `@astrojs/react`'s `check` itself, so it
 *   takes its id and waits the same turns as before, and the next island's id comes where it came; only the
 *   island's own code is not run for it. Any other component gets `@astrojs/react`'s check unchanged.
 * - **The island is rendered to a string** (`renderToString` with the island's id prefix): the same markup as
 *   the stream gives for a component that does not suspend, without the stream's chunks and their decoding.
 *   Its id is taken when it starts, as before; how long it takes after that decides no other island's id.
 *   A render with an action's form state (a page rendered on request) is left to `@astrojs/react`.
 */
import react from '@astrojs/react/server.js';
import type { AstroComponentMetadata } from 'astro';
// `@astrojs/react` keeps its page's id counter and its slot wrapper to itself (its package exports neither):
// `react-islands.ts` points these names at its own files, so the counter is the one its probe counts with.
import { incrementId } from 'astro-react-internal:context';
import StaticHtml from 'astro-react-internal:static-html';
import opts from 'astro:react:opts';
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';

type Props = Record<string, unknown>;
type Slots = Record<string, string>;
type Metadata = AstroComponentMetadata;
interface RendererThis {
  result?: { actionResult?: unknown };
}

/** The probe's stand-in: a React element, so `@astrojs/react`'s check says yes, and nothing else. */
const Nothing = () => createElement(Fragment);

/**
 * An island whose module is JSX, a plain function: React's (the only framework of the shop), and one that
 * `@astrojs/react` probes (a class, a `memo` or a `forwardRef` it answers without a render, taking no id).
 */
const isProbedReactIsland = (Component: unknown, metadata: Metadata | undefined): boolean =>
  !!metadata?.hydrate &&
  /\.[jt]sx$/.test(metadata.componentUrl ?? '') &&
  typeof Component === 'function' &&
  !('$$typeof' in Component) &&
  typeof (Component.prototype as { render?: unknown } | undefined)?.render !== 'function';

/**
 * Not an async function: the promise is `@astrojs/react`'s check's own, so Astro's `await` on it ends at the
 * same turn as before (an async function around it would end a turn or two later, and the island would take its
 * id after another island it came before).
 */
function check(this: RendererThis, Component: unknown, props: Props, children: Slots, metadata?: Metadata): Promise<boolean> {
  // The probe's answer for `Nothing` is yes, as it is for the island.
  return react.check.call(this, isProbedReactIsland(Component, metadata) ? Nothing : Component, props, children, metadata);
}

const slotName = (name: string) => name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());
const needsHydration = (metadata: Metadata | undefined) => (metadata?.astroStaticSlot ? !!metadata.hydrate : true);
const RESOURCE_LINKS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/** `@astrojs/react`'s `renderToStaticMarkup`, step for step, but for the render itself (a string, not a stream). */
async function renderToStaticMarkup(
  this: RendererThis,
  Component: Parameters<typeof createElement>[0],
  props: Props,
  slots: Slots,
  metadata?: Metadata,
): Promise<{ html: string; attrs?: Record<string, string> }> {
  if (!this?.result || this.result.actionResult !== undefined || opts.experimentalReactChildren || opts.experimentalDisableStreaming)
    return react.renderToStaticMarkup.call(this, Component, props, slots, metadata);
  const prefix: string = incrementId(this.result);
  const { default: children, ...slotted } = slots;
  // As `@astrojs/react` does, on the object Astro goes on to serialise for the island.
  delete props.class;
  const hydrate = needsHydration(metadata);
  const ownProps: Props = { ...props };
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    ownProps[name] = createElement(StaticHtml, { hydrate, value, name });
  }
  const inner = children ?? props.children;
  if (inner != null) ownProps.children = createElement(StaticHtml, { hydrate, value: inner });
  const html = renderToString(createElement(Component, ownProps), { identifierPrefix: prefix }).replace(RESOURCE_LINKS, '');
  return { html, attrs: { prefix } };
}

export default { ...react, check, renderToStaticMarkup };
