import { expect, type Page } from '@playwright/test';

/**
 * Scrolls a page to the bottom in screen-sized steps, so every `client:visible` island and lazy image
 * loads, waits until no island on screen is still server-rendered only (Astro drops `ssr` once it has
 * hydrated one) and the network is quiet, then scrolls back to the top.
 */
export async function loadWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      // A plain timer, not requestAnimationFrame: a busy machine can hold frames back for seconds, and the
      // islands' IntersectionObservers are checked afterwards (with retries) anyway.
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until every island on screen has hydrated (Astro drops `ssr` then). Islands that hydrate when the
 * browser is idle can take seconds on a busy machine; a click before that would go nowhere. A
 * `client:visible` island that a quick scroll passed while the machine held frames back never saw
 * itself in view: each one still waiting is brought into view, as a person scrolling to it would.
 */
export async function waitForIslands(page: Page): Promise<void> {
  const waiting = page.locator('astro-island[ssr]').filter({ visible: true });
  await expect(async () => {
    await page.evaluate(() => {
      for (const island of document.querySelectorAll('astro-island[ssr]')) {
        const shown = [...island.children].find((child) => child.getClientRects().length > 0);
        if (shown) {
          shown.scrollIntoView({ block: 'center' });
          return;
        }
      }
    });
    await expect(waiting).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
