import type { Page } from '@playwright/test';

/**
 * Starts recording the scripts `page` loads, those of the pages whose address matches `on` alone when given; the
 * answer tells whether zod is among them so far (its error class's name survives minifying). Pages that only show
 * things keep it out of what they load first. `on` keeps out the previous page's islands, which load after its
 * `load` event and may still arrive once the test has moved on (a desk's filters do load zod).
 */
export function recordZodLoads(page: Page, { on }: { on?: RegExp } = {}): () => Promise<boolean> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (on && !on.test(response.frame().url())) return;
    scripts.push(response.url());
  });
  return async () => {
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    return bodies.some((body) => body.includes('ZodError'));
  };
}
