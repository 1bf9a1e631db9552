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
 * itself in view: each one still waiting is scrolled out of view and back, as a person scrolling to it
 * would, so its IntersectionObserver sees it enter afresh. If one never hydrates, the error says which.
 */
export async function waitForIslands(page: Page): Promise<void> {
  const waiting = page.locator('astro-island[ssr]').filter({ visible: true });
  try {
    await expect(async () => {
      await page.evaluate(async () => {
        for (const island of document.querySelectorAll('astro-island[ssr]')) {
          const shown = [...island.children].find((child) => child.getBoundingClientRect().height > 0);
          if (shown) {
            window.scrollTo(0, shown.getBoundingClientRect().top + window.scrollY > window.innerHeight * 2 ? 0 : document.documentElement.scrollHeight);
            await new Promise((resolve) => setTimeout(resolve, 100));
            shown.scrollIntoView({ block: 'center' });
            return;
          }
        }
      });
      await expect(waiting).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  } catch (error) {
    const stuck = await page.evaluate(() =>
      [...document.querySelectorAll('astro-island[ssr]')].map((island) => ({
        component: island.getAttribute('component-url'),
        client: island.getAttribute('client'),
        children: [...island.children].map(
          (child) => `${child.tagName.toLowerCase()}.${child.className} ${Math.round(child.getBoundingClientRect().height)}px`,
        ),
      })),
    );
    throw new Error(`Islands never hydrated: ${JSON.stringify(stuck)}`, { cause: error });
  }
}

/**
 * Holds back the code of the island `component` (its bundle, `/_astro/<component>.<hash>.js`) until `release`
 * is called: what a person on a slow phone does before a screen comes alive (in its static HTML) is then
 * done for certain before it hydrates. `release` lets the code through and waits until every island on screen
 * has hydrated.
 */
export async function holdIslandCode(page: Page, component: string): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.fallback();
  });
  return {
    release: async () => {
      await expect(page.locator(`astro-island[ssr][component-url*="/${component}."]`)).not.toHaveCount(0);
      letGo();
      await waitForIslands(page);
    },
  };
}
