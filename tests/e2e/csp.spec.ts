/**
 * Every kind of page works under the shop's content security policy (api/middleware/security-headers.ts):
 * the policy is sent, the islands hydrate and do their work (search with its WebAssembly, filters, the
 * departure picker, the contact form, sign-in), and the browser reports no violation and no error.
 */
import { expect, type Page, test } from '../support/test.ts';

function watchViolations(page: Page): string[] {
  const problems: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    // A visitor's session check ends in a 401 from /api/auth/me, which the browser logs; nothing else may.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
  expect(policy, path).toContain("frame-ancestors 'none'");
  return response;
}

test('catalogue pages and their islands run under the policy', async ({ page }) => {
  const problems = watchViolations(page);
  for (const path of ['/', '/viajes', '/temporada/marzo', '/destino/japon', '/region/lejano-oriente', '/ofertas', '/black-friday', '/somos-different']) {
    await open(page, path);
  }
  // An inline loader the policy refused would leave its island unhydrated and report a violation.
  expect(problems).toEqual([]);
});

test('the tour page reads its departures live under the policy', async ({ page }) => {
  const problems = watchViolations(page);
  await open(page, '/tour/japon-esencial');
  await expect(page.locator('.departures__list')).toBeVisible();
  expect(problems).toEqual([]);
});

test('search runs its WebAssembly index under the policy', async ({ page }) => {
  const problems = watchViolations(page);
  await open(page, '/busqueda/japon');
  await expect(page.getByRole('status').filter({ hasText: /viajes? encontrados?/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the contact form validates with the shared schema under the policy', async ({ page }) => {
  const problems = watchViolations(page);
  await open(page, '/contacto');
  // Nothing is sent (the contact form is rate limited per address, and content.spec.ts sends it):
  // validation runs the same zod schema, which is where an eval would be tried.
  await page.getByRole('button', { name: 'Enviar consulta' }).click();
  await expect(page.getByText('Indica tu nombre')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the sign-in screen and the guarded shells run under the policy', async ({ page }) => {
  const problems = watchViolations(page);
  await open(page, '/login');
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
  await open(page, '/registro');
  await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/tours');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Ftours$/);
  expect(problems).toEqual([]);
});
