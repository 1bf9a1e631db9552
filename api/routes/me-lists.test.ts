import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_SEATS_MESSAGE } from '#shared/rules/seats.ts';
import { BUDGET_NOT_ON_SALE_MESSAGE } from '#shared/rules/budgets.ts';
import type { AuthContext } from '../auth-context.ts';
import { createTestApi, day, insertDeparture, jsonRequest, validBooking } from '../../tests/support/booking-fixtures.ts';
import { signBudgetLinkToken } from '../services/bookings/funnel-access.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/support/databases.ts';
import { createBookingForPayment } from '../../tests/support/payment-fixtures.ts';

const ana = CALLERS.traveler as AuthContext;
const luis = CALLERS.otherTraveler as AuthContext;
const admin = CALLERS.admin as AuthContext;
const NOT_A_FAVORITE = 'Ese viaje no está entre tus favoritos.';
const NO_SUCH_BUDGET = 'No encontramos ese presupuesto entre los tuyos.';

describe.each(dialects)('/api/me favourites and budgets on %s', (dialect) => {
  let t: TestDatabase;
  let api: ReturnType<typeof createTestApi>;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    api = createTestApi(t.db, t.url);
  });
  afterEach(async () => t.drop());

  const call = async (method: string, path: string, auth: AuthContext | null, headers: Record<string, string> = {}) => {
    const res = await api.request(`/me${path}`, { method, headers: { ...(auth ? { 'x-test-auth': JSON.stringify(auth) } : {}), ...headers } });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    const body = (res.status === 204 ? null : await res.json()) as Record<string, any>;
    return { status: res.status, body, cacheControl: res.headers.get('cache-control') };
  };
  const favoriteRows = () => t.db.selectFrom('favoriteTours').selectAll().orderBy('travelerId').orderBy('tourId').execute();

  describe('favourites', () => {
    it('asks a visitor to sign in for every route', async () => {
      for (const [method, path] of [
        ['GET', '/favorites'],
        ['GET', '/favorites/ids'],
        ['PUT', '/favorites/t1'],
        ['DELETE', '/favorites/t1'],
      ] as const) {
        const res = await call(method, path, null);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Inicia sesión para continuar.' });
      }
      expect(await favoriteRows()).toEqual([]);
    });

    it('adds a tour once however often it is pressed, lists it with its card and its id, and removes it', async () => {
      expect((await call('GET', '/favorites', ana)).body).toEqual({ favorites: [] });
      const added = await call('PUT', '/favorites/t1', ana);
      expect(added).toMatchObject({ status: 200, body: { tourId: 't1', favorite: true }, cacheControl: 'no-store' });
      const [first] = await favoriteRows();
      // Pressed again, and twice at once: still one, with the first date.
      expect((await call('PUT', '/favorites/t1', ana)).status).toBe(200);
      await Promise.all([call('PUT', '/favorites/t1', ana), call('PUT', '/favorites/t1', ana)]);
      expect(await favoriteRows()).toEqual([first]);

      const list = await call('GET', '/favorites', ana);
      expect(list.cacheControl).toBe('no-store');
      expect(list.body.favorites).toEqual([
        { tourId: 't1', name: 'Japón esencial', slug: 'japon-esencial', destinations: [], fromCents: 100_000, onSale: true, addedAt: first?.createdAt },
      ]);
      expect((await call('GET', '/favorites/ids', ana)).body).toEqual({ tourIds: ['t1'] });

      expect((await call('DELETE', '/favorites/t1', ana)).status).toBe(204);
      expect(await favoriteRows()).toEqual([]);
      // Removed already: there is nothing of theirs under that id any more.
      const again = await call('DELETE', '/favorites/t1', ana);
      expect(again).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: NOT_A_FAVORITE } } });
    });

    it('shows a favourite whose tour left the shop without a page to go to', async () => {
      await call('PUT', '/favorites/t2', ana);
      // 't2' is published but has no departure on sale: no page.
      expect((await call('GET', '/favorites', ana)).body.favorites).toEqual([expect.objectContaining({ tourId: 't2', onSale: false, fromCents: null })]);
    });

    it.each([
      ['an unknown tour', 'no-existe'],
      ['an id too long to be one', 'x'.repeat(101)],
      ['a hidden tour', 't-oculto'],
      ['an unpublished tour', 't-borrador'],
    ])('answers 404 for %s and keeps nothing', async (_name, tourId) => {
      const stamp = '2026-01-01T00:00:00.000Z';
      await t.db
        .insertInto('tours')
        .values([
          {
            id: 't-oculto',
            name: 'Oculto',
            webSlug: 'oculto',
            tourType: 'Group',
            publishWeb: 1,
            tagKeywords: 'japón, oculto',
            createdAt: stamp,
            updatedAt: stamp,
          },
          { id: 't-borrador', name: 'Borrador', webSlug: 'borrador', tourType: 'Group', publishWeb: 0, createdAt: stamp, updatedAt: stamp },
        ])
        .execute();
      const res = await call('PUT', `/favorites/${tourId}`, ana);
      expect(res).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontramos ese viaje.' } } });
      expect(await favoriteRows()).toEqual([]);
    });

    it('keeps each traveller’s favourites to themselves: another traveller gets 404 and changes nothing', async () => {
      await call('PUT', '/favorites/t1', ana);
      const before = await favoriteRows();
      expect((await call('GET', '/favorites', luis)).body).toEqual({ favorites: [] });
      expect((await call('GET', '/favorites/ids', luis)).body).toEqual({ tourIds: [] });
      const theirs = await call('DELETE', '/favorites/t1', luis);
      expect(theirs).toMatchObject({ status: 404, body: { error: { message: NOT_A_FAVORITE } } });
      expect(await favoriteRows()).toEqual(before);
      // Luis may keep the same tour: his own row, Ana's untouched.
      expect((await call('PUT', '/favorites/t1', luis)).status).toBe(200);
      expect((await favoriteRows()).map((r) => r.travelerId)).toEqual(['trav-ana', 'trav-luis']);
    });

    it('tells a staff account without a traveller profile that it keeps no favourites', async () => {
      expect((await call('GET', '/favorites', admin)).body).toEqual({ favorites: [] });
      expect((await call('GET', '/favorites/ids', admin)).body).toEqual({ tourIds: [] });
      expect(await call('PUT', '/favorites/t1', admin)).toMatchObject({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Tu cuenta no tiene perfil de viajero en el que guardar favoritos.' } },
      });
      expect((await call('DELETE', '/favorites/t1', admin)).status).toBe(404);
    });

    it('refuses a write sent from another site, as every cookie-authenticated write', async () => {
      await call('PUT', '/favorites/t1', ana);
      const forged = await call('DELETE', '/favorites/t1', ana, { origin: 'https://evil.example' });
      expect(forged).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Petición de origen no permitido.' } } });
      expect(await favoriteRows()).toHaveLength(1);
    });
  });

  describe('budgets', () => {
    /** A booking of the owner saved as a budget in the funnel, as 'Guardar presupuesto' does. */
    const savedBudget = async (name = 'Japón en familia') => {
      const { id, owner } = await createBookingForPayment(api, t.db);
      const saved = await api.request(`/bookings/${id}/budget`, jsonRequest('POST', { budgetName: name }));
      expect(saved.status, await saved.clone().text()).toBe(200);
      const { priceCents } = await t.db.selectFrom('bookings').select('priceCents').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, owner, priceCents };
    };
    const bookingRow = (id: string) =>
      t.db.selectFrom('bookings').select(['status', 'budgetName', 'budgetPath', 'priceCents']).where('id', '=', id).executeTakeFirstOrThrow();

    it('lists a saved budget with its price then and now, its seats and the step that resumes it', async () => {
      const { id, owner, priceCents } = await savedBudget();
      expect((await call('GET', '/budgets', null)).status).toBe(401);
      const res = await call('GET', '/budgets', owner);
      expect(res.status).toBe(200);
      expect(res.cacheControl).toBe('no-store');
      expect(res.body.budgets).toEqual([
        {
          id,
          budgetName: 'Japón en familia',
          tourName: 'Japón esencial',
          tourSlug: 'japon-esencial',
          dayOne: day(60),
          returnDate: expect.any(String),
          travellers: 3,
          savedCents: priceCents,
          currentCents: priceCents,
          priceChanged: false,
          seatsAvailable: true,
          onSale: true,
          notices: [],
          resumePath: `/tour/japon-esencial/personaliza-el-viaje/${id}`,
          savedAt: expect.any(String),
        },
      ]);
    });

    // Issue 29, hole 4: anyone could fill anyone's profile with bookings by typing their e-mail as the lead's.
    it('keeps a budget a stranger made with the owner’s e-mail out of the owner’s profile until they open it from the budget mail', async () => {
      const stranger = createTestApi(t.db, t.url, { config: api.config });
      const { id, owner } = await createBookingForPayment(stranger, t.db);
      expect((await stranger.request(`/bookings/${id}/budget`, jsonRequest('POST', { budgetName: 'Lo que nadie pidió' }))).status).toBe(200);
      const ownersPhone = createTestApi(t.db, t.url, { config: api.config });
      const listed = async () =>
        ((await (await ownersPhone.request('/me/budgets', jsonRequest('GET', undefined, owner))).json()) as { budgets: { id: string }[] }).budgets;
      expect(await listed()).toEqual([]);
      // The budget mail went to the lead's address: its link opens the booking there and makes it theirs.
      const token = await signBudgetLinkToken(id, api.config, new Date());
      expect((await ownersPhone.request(`/bookings/${id}/resume`, jsonRequest('POST', { token }))).status).toBe(200);
      expect((await listed()).map((b) => b.id)).toEqual([id]);
    });

    it('lists at once a budget the owner made signed in, on whichever browser they look', async () => {
      const { owner } = await createBookingForPayment(createTestApi(t.db, t.url, { config: api.config }), t.db);
      const laptop = createTestApi(t.db, t.url, { config: api.config });
      const made = await laptop.request('/bookings', jsonRequest('POST', validBooking(), owner));
      const { id } = (await made.json()) as { id: string };
      expect((await laptop.request(`/bookings/${id}/budget`, jsonRequest('POST', { budgetName: 'El mío' }, owner))).status).toBe(200);
      const phone = createTestApi(t.db, t.url, { config: api.config });
      const budgets = ((await (await phone.request('/me/budgets', jsonRequest('GET', undefined, owner))).json()) as { budgets: { id: string }[] }).budgets;
      expect(budgets.map((b) => b.id)).toEqual([id]);
    });

    it('leaves out bookings that were never saved as a budget, and budgets that were paid', async () => {
      const { owner } = await createBookingForPayment(api, t.db);
      const { id } = await savedBudget();
      expect((await call('GET', '/budgets', owner)).body.budgets.map((b: { id: string }) => b.id)).toEqual([id]);
      await t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await call('GET', '/budgets', owner)).body.budgets).toEqual([]);
      expect((await call('DELETE', `/budgets/${id}`, owner)).status).toBe(404);
      expect((await bookingRow(id)).budgetName).toBe('Japón en familia');
    });

    it('says so when the price went up since it was saved', async () => {
      const { owner, priceCents } = await savedBudget();
      // The tour's adult price goes up 200 €: two adults pay 400 € more.
      await t.db
        .updateTable('prices')
        .set({ valueCents: 120_000 })
        .where('tourId', '=', 't1')
        .where('periodId', 'is', null)
        .where('ageGroupName', '=', 'Adultos')
        .execute();
      const [budget] = (await call('GET', '/budgets', owner)).body.budgets;
      expect(budget).toMatchObject({ savedCents: priceCents, currentCents: priceCents + 40_000, priceChanged: true, seatsAvailable: true });
      expect(budget.notices).toEqual([
        { kind: 'price-up', message: expect.stringMatching(/^El precio ha subido: lo guardaste por [\d.,]+ € y hoy cuesta [\d.,]+ €\.$/) },
      ]);
      expect(budget.resumePath).not.toBeNull();
    });

    it('says so when the seats ran out, and when the departure is no longer sold', async () => {
      const { id, owner } = await savedBudget();
      await t.db.updateTable('periods').set({ bookableAvailability: 2 }).where('id', '=', 'p1').execute();
      let [budget] = (await call('GET', '/budgets', owner)).body.budgets;
      expect(budget).toMatchObject({ seatsAvailable: false, priceChanged: false, notices: [{ kind: 'seats', message: NO_SEATS_MESSAGE }] });
      expect(budget.resumePath).toBe(`/tour/japon-esencial/personaliza-el-viaje/${id}`);

      await t.db.updateTable('periods').set({ bookableAvailability: 10, webBookable: 0 }).where('id', '=', 'p1').execute();
      [budget] = (await call('GET', '/budgets', owner)).body.budgets;
      expect(budget).toMatchObject({ onSale: false, resumePath: null, notices: [{ kind: 'not-on-sale', message: BUDGET_NOT_ON_SALE_MESSAGE }] });
    });

    it('counts the seats the booking already holds for payment as its own', async () => {
      const { id, owner } = await savedBudget();
      expect((await api.request(`/bookings/${id}/hold`, jsonRequest('POST', {}))).status).toBe(200);
      // Its three seats are held: none left for others, all still there for it.
      expect((await t.db.selectFrom('periods').select('bookableAvailability').where('id', '=', 'p1').executeTakeFirstOrThrow()).bookableAvailability).toBe(7);
      await t.db.updateTable('periods').set({ bookableAvailability: 0 }).where('id', '=', 'p1').execute();
      const [budget] = (await call('GET', '/budgets', owner)).body.budgets;
      expect(budget).toMatchObject({ seatsAvailable: true, notices: [] });
    });

    it('deletes a budget off the list and leaves the booking, and its seat hold, as they were', async () => {
      const { id, owner, priceCents } = await savedBudget();
      expect((await api.request(`/bookings/${id}/hold`, jsonRequest('POST', {}))).status).toBe(200);
      const res = await call('DELETE', `/budgets/${id}`, owner);
      expect(res.status).toBe(204);
      expect((await call('GET', '/budgets', owner)).body.budgets).toEqual([]);
      expect(await bookingRow(id)).toEqual({ status: 'IN_PROGRESS', budgetName: null, budgetPath: null, priceCents });
      const holds = await t.db.selectFrom('seatHolds').select(['releasedAt']).where('bookingId', '=', id).execute();
      expect(holds.length).toBeGreaterThan(0);
      expect(holds.every((h) => h.releasedAt === null)).toBe(true);
      // Deleted already: not theirs to delete again.
      expect(await call('DELETE', `/budgets/${id}`, owner)).toMatchObject({ status: 404, body: { error: { message: NO_SUCH_BUDGET } } });
    });

    it('answers 404 to another traveller under any id, and to ids that name nothing, changing nothing', async () => {
      const { id, owner } = await savedBudget();
      const before = await bookingRow(id);
      expect((await call('GET', '/budgets', luis)).body).toEqual({ budgets: [] });
      expect((await call('GET', '/budgets', admin)).body).toEqual({ budgets: [] });
      for (const [who, budgetId] of [
        [luis, id],
        [admin, id],
        [owner, '00000000-0000-4000-8000-000000000000'],
        [owner, 'no-es-un-id'],
      ] as const) {
        const res = await call('DELETE', `/budgets/${budgetId}`, who);
        expect(res, `${who.email} ${budgetId}`).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: NO_SUCH_BUDGET } } });
      }
      expect(await bookingRow(id)).toEqual(before);
      expect((await call('DELETE', `/budgets/${id}`, null)).status).toBe(401);
      expect((await call('DELETE', `/budgets/${id}`, owner, { origin: 'https://evil.example' })).status).toBe(403);
      expect(await bookingRow(id)).toEqual(before);
    });
  });
});
