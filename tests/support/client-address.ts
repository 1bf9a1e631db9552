import type { Page } from '@playwright/test';

let next = 1;

/**
 * Gives this page its own client address (the e2e server trusts X-Forwarded-For), so per-address rate
 * limits such as the contact form's count each test separately instead of the whole suite's posts.
 * Addresses come from TEST-NET-3 (203.0.113.0/24), reserved for documentation: a header, not traffic.
 */
export async function useOwnClientAddress(page: Page): Promise<void> {
  const host = ((process.pid + next++) % 250) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${host}` });
}
