/**
 * The traveller's own personal data on /perfil: edit it (checked field by field, in Spanish), download all
 * of it, and delete the account with the password — by a traveller who signs up for the test, so the demo
 * traveller stays. The demo traveller, who has trips to make, is told why the account cannot go yet.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { signUpInBrowser } from '../support/sign-up.ts';
import { signInAsDemoTraveler } from '../support/traveler-session.ts';

test('a traveller fills in their data, downloads it and deletes the account', async ({ page }, testInfo) => {
  const email = `marta.${testInfo.project.name}.${Date.now()}@correo.es`;
  const password = 'una frase larga de verdad';
  await signUpInBrowser(page, { email, password });

  const form = page.getByRole('form', { name: 'Mis datos' });
  await expect(form).toContainText(email);
  await form.getByLabel('Nombre').fill('Marta');
  await form.getByLabel('Apellidos').fill('Ruiz Peña');
  await form.getByLabel('Teléfono').fill('612 345 678');
  await form.getByLabel('DNI o NIE').fill('12345678A');
  await form.getByLabel('Fecha de nacimiento').fill('1990-05-17');
  await form.getByLabel('Sexo').selectOption({ label: 'Mujer' });
  await form.getByLabel('País').selectOption({ label: 'España' });
  await form.getByLabel('Ciudad').fill('Zaragoza');
  await form.getByRole('button', { name: 'Guardar mis datos' }).click();
  // A DNI whose letter does not match is caught before anything is sent, under its field.
  await expect(form.getByText('Escribe un DNI (8 cifras y letra) o un NIE')).toBeVisible();
  await expect(form.getByLabel('DNI o NIE')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('DNI o NIE').fill('12345678-z');
  await form.getByRole('button', { name: 'Guardar mis datos' }).click();
  await expect(form.getByRole('status')).toHaveText('Tus datos se han guardado.');
  await expectAccessible(page, '/perfil (mis datos)');
  await page.screenshot({ path: `test-results/perfil-datos-${testInfo.project.name}.png`, fullPage: true });

  // Kept: after a reload the form shows what was saved, as the server normalised it.
  await page.reload();
  await expect(form.getByLabel('DNI o NIE')).toHaveValue('12345678Z');
  await expect(form.getByLabel('Ciudad')).toHaveValue('Zaragoza');
  await expect(page.getByText('Hola, Marta')).toBeVisible();

  // Everything kept about her, as a file she can keep.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar mis datos' }).click()]);
  expect(download.suggestedFilename()).toBe('mis-datos-different-roads.json');
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(data.traveler).toMatchObject({ name: 'Marta', surname: 'Ruiz Peña', email, dni: '12345678Z' });

  // Deleting asks for an explicit yes and the password.
  await page.getByRole('button', { name: 'Borrar mi cuenta', exact: true }).click();
  const erase = page.getByRole('form', { name: 'Borrar mi cuenta' });
  await erase.getByLabel('Tu contraseña').fill('no es la buena');
  await erase.getByRole('button', { name: 'Borrar mi cuenta definitivamente' }).click();
  await expect(erase.getByText('Marca la casilla para confirmar que quieres borrar tu cuenta.')).toBeVisible();
  await erase.getByLabel('Entiendo que no se puede deshacer.').check();
  await erase.getByRole('button', { name: 'Borrar mi cuenta definitivamente' }).click();
  await expect(erase.getByText('La contraseña no es correcta.')).toBeVisible();
  await expectAccessible(page, '/perfil (borrar cuenta)');
  await erase.getByLabel('Tu contraseña').fill(password);
  await erase.getByRole('button', { name: 'Borrar mi cuenta definitivamente' }).click();
  await expect(page.getByRole('heading', { name: 'Tu cuenta se ha borrado' })).toBeVisible();
  await page.screenshot({ path: `test-results/perfil-borrada-${testInfo.project.name}.png` });

  // Signed out, and the password no longer opens anything.
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/login\?next=%2Fperfil$/);
  const signIn = await page.request.post('/api/auth/signin', { data: { email, password } });
  expect(signIn.status()).toBe(401);
});

test('a traveller with a trip still to make is told why the account cannot be deleted yet', { tag: '@one-width' }, async ({ page }) => {
  await signInAsDemoTraveler(page);
  await page.goto('/perfil');
  await expect(page.getByRole('form', { name: 'Mis datos' }).getByLabel('Nombre')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Borrar mi cuenta', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tienes un viaje en curso o por hacer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Borrar mi cuenta definitivamente' })).toHaveCount(0);
});
