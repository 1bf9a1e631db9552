/** WCAG 2.2 AA as the browser tests check it: axe-core with the A and AA tags of 2.0, 2.1 and 2.2, and no repeated ids. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe with the WCAG tags, then unique ids; a failure lists every violation and the elements it found. */
export async function expectAccessible(page: Page, path: string) {
  // Only the violations are collected: the passes and their nodes are most of axe's work, and nothing reads
  // them. `options()` replaces the whole options object, so it goes first and `withTags` adds the rules to it.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .analyze();
  const report = violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n')}`,
    )
    .join('\n');
  expect(violations.length, `axe violations on ${path}:\n${report}`).toBe(0);

  // WCAG 2.2 dropped 4.1.1, so axe only asks for a review of repeated ids; but an aria-labelledby or a
  // label's `for` that points at a repeated id names the wrong element, so the page must have none.
  const repeatedIds = await page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]')) counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  });
  expect(repeatedIds, `ids used more than once on ${path}`).toEqual([]);
}
