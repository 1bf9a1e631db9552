import type { Page } from '@playwright/test';

/**
 * Starts recording the scripts `page` loads; the answer tells whether zod is among them so far (its error
 * class's name survives minifying). Pages that only show things keep it out of what they load first.
 */
export function recordZodLoads(page: Page): () => Promise<boolean> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  return async () => {
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    return bodies.some((body) => body.includes('ZodError'));
  };
}
