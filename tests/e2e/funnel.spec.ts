/**
 * The booking funnel end to end, as a visitor on a phone and on a desktop: 2 adults and 1 child with a flight, a room, an
 * activity, insurance, the tour's two extras and a coupon, paid with the sandbox terminal's test card; the confirmation, the
 * voucher mail in the outbox and the receipt PDF. Every step is reloaded half-way and must keep what was
 * chosen or typed. Screenshots of every step go to test-results/screens/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '../support/test.ts';
import { acceptAndPay, APPROVED_CARD, createPayableBooking, listDepartures, payOnTerminal, SHOP_ORIGIN } from '../support/funnel-booking.ts';
import { openLaneDatabase } from '../support/lane-shop.ts';

const SLUG = 'japon-esencial';
/** Screenshots per width: the funnel is walked at phone and at desktop width. */
const shots = (name: string) => join('test-results', 'screens', `funnel-${test.info().project.name}-${name}.png`);

function outbox<T>(sql: string, ...params: unknown[]): T[] {
  const db = openLaneDatabase();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * The first departure of the demo tour with seats for the party (each width books its own three) and a
 * single room left for the child: which departure that is depends on the day the demo was seeded.
 */
async function pickDeparture(page: Page): Promise<string> {
  const answer = await (await page.request.get(`/api/tours/${SLUG}/booking`)).json();
  const singles = new Set(
    outbox<{ period_id: string }>(
      "select period_id from reservation_modes where places = 1 and deleted = 0 and availability > 0 and name = 'Habitación individual'",
    ).map((m) => m.period_id),
  );
  const departure = answer.departures.find((d: { bookableAvailability: number; periodId: string }) => d.bookableAvailability >= 6 && singles.has(d.periodId));
  expect(departure, 'the demo catalogue has a departure with seats and a single room').toBeTruthy();
  return departure.periodId as string;
}

async function settle(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /Cargando|Calculando|Actualizando|Comprobando|Buscando/ })).toHaveCount(0);
}

test.describe('booking funnel', () => {
  test('a visitor books 2 adults and 1 child with flight, room, activity, insurance, extras and coupon, and pays by card', async ({ page }) => {
    test.setTimeout(180_000);
    const periodId = await pickDeparture(page);

    // Step 1: departure and travellers (the tour page's 'Reservar' carries ?periodo=). On the shop's public
    // origin from the start: the payment terminal returns there, and the working state is per origin.
    await page.goto(`${SHOP_ORIGIN}/booking/${SLUG}?periodo=${periodId}`);
    await expect(page.getByRole('radio', { checked: true })).toHaveValue(periodId);
    await page.getByRole('button', { name: 'Añadir adultos' }).click();
    await page.getByRole('button', { name: 'Añadir niños' }).click();
    await settle(page);
    await page.reload();
    await expect(page.locator('#adultos')).toHaveText('2');
    await expect(page.locator('#ninos')).toHaveText('1');
    await expect(page.getByText('3 viajeros')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: shots('1-salida'), fullPage: true });
    await page.getByRole('link', { name: 'Continuar' }).click();

    // Step 1b: lead contact; a reload keeps what was typed; bad input is refused before anything is sent.
    await expect(page).toHaveURL(new RegExp(`/tour/${SLUG}/completa-tus-datos$`));
    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Apellidos').fill('García López');
    await page.reload();
    await expect(page.getByLabel('Nombre')).toHaveValue('Ana');
    await page.getByLabel('Correo electrónico').fill('ana@');
    await page.getByLabel('Teléfono').fill('+34 600 123 456');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Introduce un correo electrónico válido')).toBeVisible();
    await expect(page.getByText('Debes aceptar la política de privacidad para continuar')).toBeVisible();
    await page.screenshot({ path: shots('2-datos-errores'), fullPage: true });
    await page.getByLabel('Correo electrónico').fill('ana.funnel@viajes.es');
    await page.getByLabel(/política de privacidad/).check();
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 2: flights. The booking exists now and its id is in every address.
    await expect(page).toHaveURL(new RegExp(`/tour/${SLUG}/anade-tus-vuelos/[0-9a-f-]{36}$`));
    const bookingId = page.url().split('/').pop()!;
    await settle(page);
    const flight = page
      .getByRole('radio')
      .filter({ hasNot: page.locator('[disabled]') })
      .first();
    await expect(flight).toBeVisible();
    const flightOptions = page
      .locator('label.funnel__choice')
      .filter({ has: page.locator('input[type=radio]:not([disabled])') })
      .filter({ hasNotText: /sin vuelo|No necesito vuelo/i });
    await flightOptions.first().click();
    await settle(page);
    // The demo raises a few fares at verification: the visitor sees the new price and accepts it.
    const accept = page.getByRole('button', { name: 'Aceptar el nuevo precio' });
    if (await accept.isVisible()) {
      await accept.click();
      await settle(page);
    }
    await expect(page.getByRole('complementary', { name: 'Resumen del precio' }).getByText('Vuelos', { exact: true })).toBeVisible();
    await page.reload();
    await settle(page);
    await expect(flightOptions.first().locator('input')).toBeChecked();
    await page.screenshot({ path: shots('3-vuelos'), fullPage: true });
    await page.getByRole('link', { name: 'Continuar' }).click();

    // Step 3: a room for everyone, an activity for the first adult, insurance for all.
    await expect(page).toHaveURL(new RegExp(`/personaliza-el-viaje/${bookingId}$`));
    await settle(page);
    // The adults share a room for two or three (whichever the departure still has); the child takes a
    // room with a supplement, so the 'Modo de reserva' line shows.
    const rooms = page.locator('select[id^=habitacion-]');
    await expect(rooms).toHaveCount(3);
    const choose = async (i: number, option: ReturnType<Page['locator']>) => {
      await rooms.nth(i).selectOption((await option.first().getAttribute('value'))!);
      await settle(page);
    };
    const shared = rooms.first().locator('option:not([disabled])', { hasText: /Habitación (doble|triple)/ });
    const sharedName = (await shared.first().textContent())!.split(' · ')[0]!;
    await choose(0, shared);
    await choose(1, rooms.nth(1).locator('option:not([disabled])', { hasText: sharedName }));
    await choose(2, rooms.nth(2).locator('option:not([disabled])', { hasText: '+' }));
    const activities = page
      .locator('fieldset')
      .filter({ has: page.locator('legend', { hasText: /por persona/ }) })
      .filter({ hasNotText: 'Agotada' });
    await activities.first().getByRole('checkbox').first().check();
    await settle(page);
    const insurance = page.locator('.funnel__panel').filter({ has: page.getByRole('heading', { name: 'Seguro de viaje' }) });
    for (const box of await insurance.getByRole('checkbox').all()) {
      await box.check();
      await settle(page);
    }
    // The tour's extras, for the whole booking: the dinner for each of the three, the transfer once.
    const extras = page.locator('.funnel__panel').filter({ has: page.getByRole('heading', { name: 'Extras' }) });
    const dinner = extras.getByRole('checkbox', { name: /^Cena de bienvenida · 35 € por viajero \(105 € para 3 viajeros\)/ });
    await dinner.check();
    await settle(page);
    await extras.getByRole('checkbox', { name: /^Traslado privado desde el aeropuerto · 60 € por reserva/ }).check();
    await settle(page);
    await page.reload();
    await settle(page);
    await expect(activities.first().getByRole('checkbox').first()).toBeChecked();
    await expect(dinner).toBeChecked();
    const summary = page.getByRole('complementary', { name: 'Resumen del precio' });
    for (const line of ['Precio base', 'Vuelos', 'Modo de reserva', 'Actividades opcionales', 'Seguro']) await expect(summary).toContainText(line);
    await expect(summary.locator('dt', { hasText: /^Extras$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('165 €');
    await page.screenshot({ path: shots('4-personaliza'), fullPage: true });
    await page.getByRole('link', { name: 'Continuar' }).click();

    // Step 4: passengers; the child's birthdate must fit the age group; a reload keeps what was typed.
    await expect(page).toHaveURL(new RegExp(`/pasajeros/${bookingId}$`));
    await settle(page);
    const people = [
      { name: 'Ana', surname: 'García López', birthdate: '1984-02-10', national_id: '12345678Z', email: 'ana.funnel@viajes.es', phone: '+34 600 123 456' },
      { name: 'Luis', surname: 'Pérez Ruiz', birthdate: '1982-07-01', national_id: 'X1234567L', email: 'luis.funnel@viajes.es' },
      { name: 'Leo', surname: 'Pérez García', birthdate: '2000-01-01', passport: 'PAB123456' },
    ];
    for (const [i, person] of people.entries()) {
      for (const [field, value] of Object.entries(person)) await page.locator(`#p-${i}-${field}`).fill(value);
    }
    await page.reload();
    await settle(page);
    await expect(page.locator('#p-1-national_id')).toHaveValue('X1234567L');
    // Both adults are in the same kind of room, which fits them both: the step says they share it.
    await expect(page.getByRole('group', { name: `¿Quién comparte ${sharedName.toLowerCase()}?` })).toContainText(
      `Ana y Luis compartiréis una ${sharedName.toLowerCase()}.`,
    );
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await expect(page.getByText('Un niño debe tener menos de 12 años el día de la salida')).toBeVisible();
    await page.screenshot({ path: shots('5-pasajeros-errores'), fullPage: true });
    // Seven this year: a child on any departure the suite's day can book.
    await page.locator('#p-2-birthdate').fill(`${new Date().getUTCFullYear() - 7}-05-05`);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    // Step 5: pay.
    await expect(page).toHaveURL(new RegExp(`/paga-tu-reserva/${bookingId}$`));
    await settle(page);
    await payStep(page, { bookingId });
  });

  test('a full departure offers nothing to book, only the waiting list', async ({ page }) => {
    const answer = await (await page.request.get(`/api/tours/${SLUG}/booking`)).json();
    const full = answer.departures.find((d: { bookableAvailability: number }) => d.bookableAvailability === 0);
    expect(full, 'the demo catalogue has a full departure').toBeTruthy();
    await page.goto(`/booking/${SLUG}?periodo=${full.periodId}`);
    await expect(page.getByRole('radio', { checked: true })).toHaveValue(full.periodId);
    await expect(page.getByRole('link', { name: 'Continuar' })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Lista de espera' });
    await form.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
    await expect(form.getByText('Indica tu nombre')).toBeVisible();
    await form.getByLabel('Nombre').fill('Marta');
    await form.getByLabel('Correo electrónico').fill('marta.espera@viajes.es');
    await form.getByLabel(/política de privacidad/).check();
    await form.getByRole('button', { name: 'Apuntarme a la lista de espera' }).click();
    await expect(page.getByText(/Te hemos apuntado a la lista de espera/)).toBeVisible();
    await page.screenshot({ path: shots('lista-de-espera'), fullPage: true });
    const entries = outbox<{ email: string; status: string; travellers: number }>(
      'select email, status, travellers from waiting_list_entries where period_id = ? and email = ?',
      full.periodId,
      'marta.espera@viajes.es',
    );
    expect(entries).toEqual([{ email: 'marta.espera@viajes.es', status: 'WAITING', travellers: 1 }]);
  });
});

/** The pay step: a coupon, the amount due now by card on the sandbox terminal; then confirmation, voucher mail and receipt. */
async function payStep(page: Page, { bookingId }: { bookingId: string }) {
  const summary = page.getByRole('complementary', { name: 'Resumen del precio' });
  const totalBefore = await page.getByTestId('quote-total').textContent();
  await page.getByLabel('¿Tienes un código?').fill('NOEXISTE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('No existe ningún cupón con ese código')).toBeVisible();
  await page.getByLabel('¿Tienes un código?').fill('bienvenida50');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary).toContainText('Código de descuento');
  await expect(summary).toContainText('-50 €');
  await expect(page.getByTestId('quote-total')).not.toHaveText(totalBefore ?? '');
  // A reload keeps the coupon (it is on the booking) and the seats stay held.
  await page.reload();
  await settle(page);
  await expect(summary).toContainText('Código de descuento');
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await page.screenshot({ path: shots('6-pago'), fullPage: true });

  await acceptAndPay(page);
  await payOnTerminal(page, APPROVED_CARD);
  await expect(page).toHaveURL(/\/confirmacion\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  await expect(page.getByTestId('tk-id')).toHaveText(/^DR-\d{4}-[0-9A-Z]{6}$/);
  await page.screenshot({ path: shots('7-confirmacion'), fullPage: true });

  // The voucher mail, with its PDF, is in the outbox for the lead, with the receipt's mail (the pre-booking's
  // when what was due now was just that, on a departure more than 30 days away); the coupon was used once.
  const mails = outbox<{ type: string; attachments: string }>('select type, attachments from mails where booking_id = ? order by type', bookingId);
  expect(mails.map((m) => m.type)).toEqual(['BONO_RESERVA', expect.stringMatching(/^(PAYMENT|PRE_BOOKING)$/)]);
  const voucher = (JSON.parse(mails[0]!.attachments) as { contentType: string; contentBase64: string }[])[0]!;
  expect(voucher.contentType).toBe('application/pdf');
  expect(Buffer.from(voucher.contentBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const booking = outbox<{ status: string; coupon_id: string | null; travelers_stringify: string; extra_ids: string; quote_stringify: string }>(
    'select status, coupon_id, travelers_stringify, extra_ids, quote_stringify from bookings where id = ?',
    bookingId,
  )[0]!;
  expect(booking.status).toBe('CONFIRMED');
  // The extras are the booking's, and the price agreed at payment charged them.
  expect(JSON.parse(booking.extra_ids)).toHaveLength(2);
  expect(JSON.parse(booking.quote_stringify).lines).toContainEqual({ label: 'Extras', amountCents: 16_500 });
  expect(booking.coupon_id).not.toBeNull();
  const travellers = JSON.parse(booking.travelers_stringify) as { age_group: string; reservation_mode: string | null; optional_activities: string[] }[];
  expect(travellers.map((t) => t.age_group)).toEqual(['Adultos', 'Adultos', 'Niños']);
  expect(travellers.every((t) => t.reservation_mode !== null)).toBe(true);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar el recibo (PDF)' }).click()]);
  expect((await readFile((await download.path()) ?? '')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('with one single room left, the second traveller cannot pick it once the first has', async ({ page, request }) => {
  // A departure on sale of the demo tour that has single rooms; for this test it has exactly one left.
  const onSale = (await listDepartures(request, SLUG)).filter((d) => d.bookableAvailability >= 4);
  const live = openLaneDatabase({ write: true });
  const modes = live
    .prepare("select id, availability, period_id from reservation_modes where places = 1 and deleted = 0 and name = 'Habitación individual'")
    .all() as { id: string; availability: number; period_id: string }[];
  const departure = onSale.find((d) => modes.some((m) => m.period_id === d.periodId));
  const mode = modes.find((m) => m.period_id === departure?.periodId);
  expect(mode, 'the demo tour has a departure with single rooms').toBeTruthy();
  live.prepare('update reservation_modes set availability = 1 where id = ?').run(mode!.id);
  try {
    const booking = await createPayableBooking(page.request, {
      slug: SLUG,
      adults: 2,
      departure,
    });
    await page.goto(`/tour/${SLUG}/personaliza-el-viaje/${booking.id}`);
    await settle(page);
    const rooms = page.locator('select[id^=habitacion-]');
    await expect(rooms).toHaveCount(2);
    const single = (i: number) => rooms.nth(i).locator('option', { hasText: 'Habitación individual' });
    await expect(single(1)).toBeEnabled();
    await rooms.nth(0).selectOption((await single(0).getAttribute('value'))!);
    await settle(page);
    await expect(rooms.nth(0)).toHaveValue((await single(0).getAttribute('value'))!);
    // The other traveller's list now counts the first one's pick: the last single is gone for them.
    await expect(single(1)).toBeDisabled();
    await expect(single(1)).toContainText('no quedan más');
    await page.screenshot({ path: shots('habitacion-individual-agotada'), fullPage: true });
  } finally {
    live.prepare('update reservation_modes set availability = ? where id = ?').run(mode!.availability, mode!.id);
    live.close();
  }
});
