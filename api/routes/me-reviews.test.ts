import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth-context.ts';
import { insertDeparture } from '../../tests/support/booking-fixtures.ts';
import { CALLERS, seedCallers } from '../../tests/support/callers.ts';
import { createTestDatabase, portableDialects, type TestDatabase } from '../../tests/support/databases.ts';
import {
  claveFromLink,
  feedbackApi,
  feedbackConfig,
  type FeedbackTestApi,
  photoPng,
  TEA_CEREMONY,
  tripBackHome,
} from '../../tests/support/feedback-fixtures.ts';
import type { Config } from '../config.ts';

const NOT_YOURS = 'No encontramos esa reseña entre las tuyas.';

describe.each(portableDialects)('/api/me/reviews on %s', (dialect) => {
  let t: TestDatabase;
  let config: Config;
  let api: FeedbackTestApi;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    await seedCallers(t.db);
    await insertDeparture(t.db);
    config = feedbackConfig(t.url);
    api = feedbackApi(t.db, config);
  });
  afterEach(async () => t.drop());

  const get = async (auth: AuthContext | null, path: string) => {
    const res = await api.request(`/me${path}`, { headers: auth ? { 'x-test-auth': JSON.stringify(auth) } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the success or the error shape, as the status they assert says.
    const body = (res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null) as Record<string, any>;
    return { status: res.status, type: res.headers.get('content-type'), bytes, body };
  };
  /** Writes the tour review from the profile's link, with a photo, and the tea ceremony's from its link. */
  const reviewBoth = async (waiting: { tourLink: string; activities: { link: string }[] }) => {
    const form = new FormData();
    const fields = {
      clave: claveFromLink(waiting.tourLink),
      rate: '4',
      title: 'Muy recomendable',
      description: 'Un viaje redondo, con un guía que sabía de todo.',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('photo', new File([new Uint8Array(await photoPng())], 'kioto.png', { type: 'image/png' }));
    const tour = await api.request('/feedback/tour', { method: 'POST', body: form });
    expect(tour.status).toBe(201);
    const activity = await api.request('/feedback/activity', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clave: claveFromLink(waiting.activities[0]?.link ?? ''), rate: 5, opinion: 'Lo mejor del viaje.' }),
    });
    expect(activity.status).toBe(201);
    return { tourId: ((await tour.json()) as { id: string }).id, activityId: ((await activity.json()) as { id: string }).id };
  };

  it('lists the trips back home still waiting, with links that work, then the reviews with their status', async () => {
    const { id, owner } = await tripBackHome(api, t.db, config);
    expect((await get(null, '/reviews')).status).toBe(401);
    const before = await get(owner, '/reviews');
    expect(before.status).toBe(200);
    expect(before.body.reviews).toEqual([]);
    expect(before.body.waiting).toEqual([
      {
        bookingId: id,
        tourName: 'Japón esencial',
        dayOne: expect.any(String),
        returnDate: expect.any(String),
        tourLink: expect.stringMatching(new RegExp(`^/feedback/tour/p1/${id}\\?clave=`)),
        // The insurance is not an experience: only the tea ceremony is asked about.
        activities: [{ id: TEA_CEREMONY.id, name: TEA_CEREMONY.name, link: expect.stringMatching(new RegExp(`^/feedback/activity/p1/oa1/${id}\\?clave=`)) }],
      },
    ]);
    expect((await get(owner, '/summary')).body.pending).toEqual([expect.objectContaining({ kind: 'review', bookingId: id })]);

    const written = await reviewBoth(before.body.waiting[0]);
    const after = await get(owner, '/reviews');
    expect(after.body.waiting).toEqual([]);
    expect(after.body.reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: written.tourId,
          kind: 'tour',
          bookingId: id,
          tourName: 'Japón esencial',
          rate: 4,
          title: 'Muy recomendable',
          status: 'pending',
          photoUrl: `/api/me/reviews/${written.tourId}/photo`,
        }),
        expect.objectContaining({ id: written.activityId, kind: 'activity', activityName: 'Ceremonia del té', rate: 5, status: 'pending', photoUrl: null }),
      ]),
    );
    expect((await get(owner, '/summary')).body.pending).toEqual([]);
    const photo = await get(owner, `/reviews/${written.tourId}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.type).toBe('image/png');
    expect(photo.bytes.equals(await photoPng())).toBe(true);

    // Published by the team: the author reads it so; taken down, it is no longer published.
    await t.db.updateTable('travelerOpinions').set({ status: 'ACTIVE' }).where('id', '=', written.tourId).execute();
    await t.db.updateTable('optionalActivityOpinions').set({ status: 'UNPUBLISHED' }).where('id', '=', written.activityId).execute();
    const statuses = Object.fromEntries((await get(owner, '/reviews')).body.reviews.map((r: { kind: string; status: string }) => [r.kind, r.status]));
    expect(statuses).toEqual({ tour: 'published', activity: 'hidden' });
  });

  it('answers another traveller 404 for a review under any id, and shows them none of it', async () => {
    const { owner } = await tripBackHome(api, t.db, config);
    const written = await reviewBoth((await get(owner, '/reviews')).body.waiting[0]);
    const other = CALLERS.traveler as AuthContext;
    expect((await get(other, '/reviews')).body).toEqual({ reviews: [], waiting: [] });
    for (const id of [written.tourId, written.activityId, 'no-existe', `${written.tourId}x`]) {
      const res = await get(other, `/reviews/${id}/photo`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(NOT_YOURS);
    }
    // The owner's activity review has no photo: also 404, in the same words.
    expect((await get(owner, `/reviews/${written.activityId}/photo`)).body.error.message).toBe(NOT_YOURS);
    // An account with no traveller owns no reviews; a visitor must sign in.
    const admin = CALLERS.admin as AuthContext;
    expect((await get(admin, '/reviews')).body).toEqual({ reviews: [], waiting: [] });
    expect((await get(admin, `/reviews/${written.tourId}/photo`)).status).toBe(404);
    expect((await get(null, `/reviews/${written.tourId}/photo`)).status).toBe(401);
  });

  it('asks nothing of a trip not back yet or canceled', async () => {
    const { id, owner } = await tripBackHome(api, t.db, config, { daysAgo: 0 });
    expect((await get(owner, '/reviews')).body.waiting).toEqual([]);
    await t.db.updateTable('periods').set({ returnDate: '2026-01-10', dayOne: '2026-01-01' }).where('id', '=', 'p1').execute();
    expect((await get(owner, '/reviews')).body.waiting).toHaveLength(1);
    await t.db.updateTable('bookings').set({ status: 'CANCELED' }).where('id', '=', id).execute();
    expect((await get(owner, '/reviews')).body.waiting).toEqual([]);
  });
});
