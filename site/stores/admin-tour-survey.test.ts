/**
 * A departure's feedback screen (/admin/tour/{tourID}/survey/{id}) against the real API, as an admin: the
 * travellers' reviews summed up when the screen opens, the CSV link to the same answer, and a departure
 * that is not of the tour named in the address said so instead of shown empty.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $tourSurvey, openTourSurvey, surveyCsvHref } from './admin-tour-survey.ts';

const island = withIslandApi({ as: 'admin' });

async function reviewed(id: string, rate: number, description: string | null) {
  await island.t.db
    .insertInto('travelerOpinions')
    .values({
      id,
      periodId: 'p1',
      tourId: 't1',
      title: null,
      name: `Viajero ${id}`,
      email: null,
      description,
      rate,
      status: 'ACTIVE',
      createdAt: '2026-03-01T10:00:00.000Z',
    })
    .execute();
}

describe('a departure’s feedback', () => {
  it('shows the reviews summed up, and links the CSV of the same departure', async () => {
    await reviewed('op-1', 5, 'Kioto en otoño, inolvidable.');
    await reviewed('op-2', 3, null);
    await openTourSurvey('t1', 'p1');
    const state = $tourSurvey.get();
    expect(state).toMatchObject({ status: 'ready', message: null, survey: { tour: { name: 'Japón esencial' }, period: { id: 'p1' }, reviews: 2 } });
    expect(state.survey?.ratings.find((r) => r.field === 'rate')).toMatchObject({ label: 'Valoración general', count: 2, average: 4 });
    // Only reviews with words are listed as comments.
    expect(state.survey?.comments.map((c) => c.id)).toEqual(['op-1']);
    expect(island.calls).toEqual(['GET /api/admin/surveys/t1/p1']);
    expect(surveyCsvHref(state.survey!)).toBe('/api/admin/surveys/t1/p1/export.csv');
  });

  it('says the departure is not of that tour, and forgets the survey shown before', async () => {
    await openTourSurvey('t1', 'p1');
    expect($tourSurvey.get().status).toBe('ready');
    await openTourSurvey('t2', 'p1');
    expect($tourSurvey.get()).toEqual({ status: 'failed', survey: null, message: 'No encontramos esta salida en este tour.' });
  });
});
