/**
 * /perfil/mis-resenas against the real API, signed in as Ana: the trip she is back from waits for her
 * reviews with links that open the feedback form, a review she wrote is listed as pending, another
 * traveller's trips show nothing, and a list that cannot be read says why.
 */
import { describe, expect, it } from 'vitest';
import { CALLERS } from '../../tests/support/callers.ts';
import { claveFromLink, tripBackHome } from '../../tests/support/feedback-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $myReviews, loadMyReviews } from './profile-reviews.ts';

const island = withIslandApi({ as: 'traveler' });

/** A trip back home yesterday (the tea ceremony taken by the lead), held by `travelerId`. */
async function backHome(travelerId: string = CALLERS.traveler.travelerId) {
  const { id } = await tripBackHome(island.app, island.t.db, island.app.config);
  await island.t.db.updateTable('bookings').set({ travelerId }).where('id', '=', id).execute();
  return id;
}

describe("the traveller's reviews", () => {
  it('lists the trip waiting for her reviews, then the review she wrote from its link', async () => {
    const id = await backHome();
    await loadMyReviews();
    const { answer } = $myReviews.get();
    expect($myReviews.get().status).toBe('ready');
    expect(answer?.reviews).toEqual([]);
    expect(answer?.waiting).toMatchObject([{ bookingId: id, tourName: 'Japón esencial', activities: [{ name: 'Ceremonia del té' }] }]);

    const clave = claveFromLink(answer!.waiting[0]!.activities[0]!.link);
    const written = await fetch('/api/feedback/activity', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clave, rate: 5, opinion: 'Lo mejor del viaje.' }),
    });
    expect(written.status).toBe(201);
    await loadMyReviews();
    expect($myReviews.get().answer?.reviews).toMatchObject([{ kind: 'activity', activityName: 'Ceremonia del té', rate: 5, status: 'pending' }]);
    expect($myReviews.get().answer?.waiting[0]?.activities).toEqual([]);
  });

  it("shows nothing of another traveller's trip", async () => {
    await backHome(CALLERS.otherTraveler.travelerId);
    await loadMyReviews();
    expect($myReviews.get()).toEqual({ status: 'ready', answer: { reviews: [], waiting: [] }, message: null });
  });

  it('says why when the list cannot be read', async () => {
    island.loseNextAnswer();
    await loadMyReviews();
    expect($myReviews.get()).toEqual({
      status: 'failed',
      answer: null,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
  });
});
