/**
 * The guides' tools (issue 14) at desktop and phone width: an admin assigns a guide to a departure and the
 * guide's mail goes out; the demo guide records an expense with a photo of the receipt, an admin approves
 * it and the guide sees it approved; the demo guide rates a finished departure; the support form mails the
 * office; a guide's menu shows only the guides' links. Every screen passes axe; screenshots go to the
 * test's output folder. Departures are found through the API: which one comes first depends on the day
 * the demo was seeded.
 */
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';
import sharp from 'sharp';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAsAdmin } from '../support/admin-session.ts';
import { findMail } from '../support/funnel-booking.ts';

const DEMO_GUIDE = { email: 'guia@different.demo', password: 'guia-demo-2026' };

let cookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** Signed in once per worker through the API (the sign-in limit is real), the cookies reused. */
async function signInAsGuide(page: Page) {
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_GUIDE });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  cookies = await page.context().cookies();
}

interface Departures {
  upcoming: { periodId: string; tourId: string; tourName: string; travellers: number }[];
  past: { periodId: string; tourId: string; tourName: string }[];
}

test('an admin assigns a guide to a departure, the guide is mailed, and takes them off again', async ({ page }, info) => {
  await signInAsAdmin(page);
  const list = (await (await page.request.get('/api/guides/departures')).json()) as Departures;
  const departure = list.upcoming[0];
  expect(departure, 'some guide has an upcoming departure').toBeDefined();
  if (!departure) return;
  const view = (await (await page.request.get(`/api/guide-tools/assignments/${departure.tourId}/${departure.periodId}`)).json()) as {
    assigned: { id: string }[];
    guides: { id: string; name: string; email: string }[];
  };
  const free = view.guides.find((g) => !view.assigned.some((a) => a.id === g.id));
  expect(free, 'a guide not yet on this departure').toBeDefined();
  if (!free) return;

  await page.goto(`/admin/tour/${departure.tourId}/guide/${departure.periodId}`);
  await expect(page.getByRole('heading', { level: 2, name: departure.tourName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Guías de la salida' })).toBeVisible();
  await expectAccessible(page, '/admin/tour/{tourID}/guide/{periodID}');
  await page.getByLabel('Guía', { exact: true }).selectOption(free.id);
  await page.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${free.name} ya es guía de esta salida. Le hemos enviado un correo.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar a ${free.name}` })).toBeVisible();
  const mail = await findMail(free.email, 'GUIDE_ASSIGNMENT');
  expect(mail.subject).toBe(`Te hemos asignado la salida de «${departure.tourName}»`);
  expect(mail.text).toContain(`/admin/guias/${departure.periodId}`);
  await expect(page.getByText(/^Asignado: /).first()).toBeVisible();
  await expectAccessible(page, '/admin/tour/{tourID}/guide/{periodID} asignado');
  await page.screenshot({ path: info.outputPath('asignar-guia.png'), fullPage: true });

  await page.getByRole('button', { name: `Quitar a ${free.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${free.name} ya no es guía de esta salida.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Quitar a ${free.name}` })).toHaveCount(0);
});

test('the demo guide records an expense with a photo of the receipt, an admin approves it, the guide sees it approved', async ({ page, browser }, info) => {
  await signInAsGuide(page);
  const expenses = (await (await page.request.get('/api/guide-tools/expenses')).json()) as { departures: { periodId: string; tourName: string }[] };
  const departure = expenses.departures[0];
  expect(departure, 'the demo guide leads some departure').toBeDefined();
  if (!departure) return;
  const concept = `Entradas del museo (${info.project.name} ${Date.now()})`;
  const receipt = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#f3efe6' } })
    .jpeg()
    .toBuffer();

  await page.goto('/admin/guia/gastos/registro');
  await expect(page.getByRole('form', { name: 'Registrar un gasto' })).toBeVisible();
  // A guide's menu: only the guides' links.
  await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link')).toHaveText(['Guías', 'Gastos', 'Soporte']);
  await page.getByLabel('Salida').selectOption(departure.periodId);
  await page.getByLabel('Concepto').fill(concept);
  await page.getByLabel('Importe').fill('1.500');
  await page.getByLabel('Moneda').selectOption('JPY');
  await page.getByLabel('Cambio a euros (€ por unidad)').fill('0,0062');
  await expect(page.getByText('Son 9,30 €.')).toBeVisible();
  await page.getByLabel('Fecha del gasto').fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel('Foto del recibo').setInputFiles({ name: 'recibo museo.jpg', mimeType: 'image/jpeg', buffer: receipt });
  await expectAccessible(page, '/admin/guia/gastos/registro');
  await page.screenshot({ path: info.outputPath('registrar-gasto.png'), fullPage: true });
  await page.getByRole('button', { name: 'Registrar el gasto' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Gasto «${concept}» registrado por 9,30 €. La oficina lo revisará.` })).toBeVisible();

  await page.goto('/admin/guia/gastos');
  const mine = page.locator('.guide-expense').filter({ hasText: concept });
  await expect(mine.getByText('Pendiente')).toBeVisible();
  await expect(mine.getByRole('img', { name: `Recibo: ${concept}` })).toBeVisible();

  const office: BrowserContext = await browser.newContext();
  const admin = await office.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.goto('/admin/guia/gastos?status=PENDING');
    const row = admin.locator('.guide-expense').filter({ hasText: concept });
    await expect(row).toContainText('1.500 JPY a 0,0062 €');
    await expect(row.getByRole('img', { name: `Recibo: ${concept}` })).toBeVisible();
    await expectAccessible(admin, '/admin/guia/gastos (admin)');
    await admin.screenshot({ path: info.outputPath('gastos-admin.png'), fullPage: true });
    await row.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Aprobar «${concept}»` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Aprobar el gasto' }).click();
    await expect(admin.getByRole('status').filter({ hasText: `Gasto «${concept}» de ` })).toBeVisible();
    await expect(admin.locator('.guide-expense').filter({ hasText: concept })).toHaveCount(0);
  } finally {
    await office.close();
  }

  await page.reload();
  await expect(page.locator('.guide-expense').filter({ hasText: concept }).getByText('Aprobado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Totales por salida' })).toBeVisible();
  await expectAccessible(page, '/admin/guia/gastos');
  await page.screenshot({ path: info.outputPath('gastos-guia.png'), fullPage: true });
});

test('the demo guide rates a finished departure and writes the report', async ({ page }, info) => {
  await signInAsGuide(page);
  const list = (await (await page.request.get('/api/guides/departures')).json()) as Departures;
  let target: { periodId: string; guideId: string; tourName: string } | null = null;
  for (const d of list.past) {
    const { ownGuideId } = (await (await page.request.get(`/api/guide-tools/reports/${d.periodId}`)).json()) as { ownGuideId: string };
    const screen = (await (await page.request.get(`/api/guide-tools/reports/${d.periodId}/${ownGuideId}`)).json()) as { editable: boolean };
    if (screen.editable) {
      target = { periodId: d.periodId, guideId: ownGuideId, tourName: d.tourName };
      break;
    }
  }
  expect(target, 'the demo guide has a finished departure still open to rate').not.toBeNull();
  if (!target) return;

  await page.goto(`/admin/guias/${target.periodId}`);
  await page
    .getByRole('navigation', { name: 'Herramientas del guía' })
    .getByRole('link', { name: /Calificar la salida|Ver mi calificación/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/guias/${target.periodId}/calificar/${target.guideId}$`));
  await expect(page.getByRole('heading', { level: 2, name: target.tourName })).toBeVisible();
  for (const [label, value] of [
    ['Ambiente del grupo', '5'],
    ['Alojamientos', '3'],
    ['Actividades y visitas', '4'],
    ['Transportes', '2'],
  ] as const) {
    await page.getByRole('group', { name: label }).getByLabel(value, { exact: true }).check();
  }
  const report = `Informe de ${info.project.name}: el autobús llegó tarde el tercer día; el resto, según el programa.`;
  await page.getByLabel('Comentario sobre los viajeros (opcional)').fill('Grupo muy participativo.');
  await page.getByLabel('Informe del guía').fill(report);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hemos guardado tu calificación y tu informe.' })).toBeVisible();
  await expectAccessible(page, '/admin/guias/{periodId}/calificar/{guideId}');
  await page.screenshot({ path: info.outputPath('calificar.png'), fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Informe del guía')).toHaveValue(report);
  await expect(page.getByRole('group', { name: 'Transportes' }).getByLabel('2', { exact: true })).toBeChecked();
});

test('the support form mails the office', async ({ page }, info) => {
  await signInAsGuide(page);
  await page.goto('/admin/guia/soporte');
  await expect(page.locator('#contenido').getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
  // The footer links the same address: the support screen's own is in the page's content.
  await expect(page.locator('#contenido').getByRole('link', { name: 'hola@different.demo' })).toBeVisible();
  await expectAccessible(page, '/admin/guia/soporte');
  const message = `Un viajero ha perdido el pasaporte en el aeropuerto (${info.project.name} ${Date.now()}).`;
  await page.getByRole('button', { name: 'Pedir ayuda' }).click();
  await expect(page.getByText('Cuéntanos qué pasa (al menos 10 caracteres).')).toBeVisible();
  await page.getByLabel('¿Qué ha pasado?').fill(message);
  await page.getByRole('button', { name: 'Pedir ayuda' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hemos avisado a la oficina por correo.' })).toBeVisible();
  const mail = await findMail('hola@different.demo', 'GUIDE_HELP');
  expect(mail.text).toContain(message);
  await page.screenshot({ path: info.outputPath('soporte.png'), fullPage: true });
});
