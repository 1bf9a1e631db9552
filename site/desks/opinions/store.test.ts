/**
 * The reviews desk's store against the real API, as an admin: the trip's reviews or the activities'
 * (the kind in the address), filters checked before sending, the departure forgotten when the tour
 * changes, moderation in place in the list, a reply mailed once though its first answer was lost, and a
 * review's history.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { OPINION_MESSAGES } from '#shared/schemas/opinions.ts';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { kindOf, moderate, moderateActivity, openHistory, openReply, opinions, sendReply, setFilter, setKind, setReplyComment } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const rowIds = () => opinions.$state.get().answer?.rows.map((r) => r.id);

beforeEach(async () => {
  const { db } = island.t;
  await db.insertInto('optionalActivities').values({ id: 'oa-tea', periodId: 'p1', activityId: 'TEA', name: 'Ceremonia del té' }).execute();
  await db
    .insertInto('optionalActivityOpinions')
    .values({
      id: 'aop-1',
      optionalActivityId: 'oa-tea',
      travelerId: 'trav-ana',
      rate: 4.5,
      opinion: 'Muy recomendable.',
      status: 'DRAFT',
      createdAt: '2026-03-10T10:00:00.000Z',
    })
    .execute();
  const review = { tourId: 't1', name: 'Lucía M.', email: 'lucia@correo.es', rate: 5, status: 'DRAFT' as const, createdAt: '2026-03-10T10:00:00.000Z' };
  await db
    .insertInto('travelerOpinions')
    .values([
      { ...review, id: 'op-1', periodId: 'p1' },
      { ...review, id: 'op-2', periodId: null, tourId: 't2', createdAt: '2026-01-10T10:00:00.000Z' },
    ])
    .execute();
});

describe('the reviews desk', () => {
  it("switches between the trip's reviews and the activities', keeping the kind in the address", async () => {
    atAddress('/admin/tour/opinion?tipo=actividades');
    await opinions.open(location.search);
    expect(kindOf(opinions.$state.get())).toBe('activity');
    expect(opinions.$state.get().answer).toMatchObject({ kind: 'activity', rows: [{ id: 'aop-1' }] });
    await moderateActivity(opinions.$state.get().answer!.rows[0] as never, 'ACTIVE');
    expect(opinions.$state.get().done).toBe('Opinión sobre «Ceremonia del té» publicada.');
    expect(opinions.$state.get().answer?.rows[0]?.status).toBe('ACTIVE');

    await setKind('tour');
    expect(island.address()).toBe('/admin/tour/opinion');
    expect(rowIds()).toEqual(['op-1', 'op-2']);
  });

  it('filters by tour at once, forgetting the departure, and names a period backwards before sending', async () => {
    await opinions.open('?tourId=t1&periodId=p1');
    expect(rowIds()).toEqual(['op-1']);
    await setFilter('tourId', 't2');
    expect(opinions.$state.get().applied).toMatchObject({ tourId: 't2', periodId: '' });
    expect(rowIds()).toEqual(['op-2']);

    const sent = island.calls.length;
    await setFilter('from', '2026-05-01');
    await setFilter('to', '2026-04-01');
    await opinions.apply();
    expect(opinions.$state.get().errors).toEqual({ to: OPINION_MESSAGES.period });
    expect(island.calls.length).toBe(sent);
  });

  it('publishes a review in place and mails one reply though its first answer was lost; the history names both', async () => {
    await opinions.open('');
    const review = () => opinions.$state.get().answer!.rows.find((r) => r.id === 'op-1') as Parameters<typeof moderate>[0];
    await moderate(review(), { status: 'ACTIVE' });
    expect(review().status).toBe('ACTIVE');
    expect(opinions.$state.get().done).toMatch(/^Opinión de Lucía M\. publicada\./);

    openReply(review());
    await sendReply();
    expect(opinions.$state.get().reply?.fields.comment).toBeTruthy();
    setReplyComment('¡Gracias por viajar con nosotros!');
    island.loseNextAnswer();
    await sendReply();
    expect(opinions.$state.get().reply?.fields.comment).toContain('No hemos podido conectar');
    await sendReply();
    expect(opinions.$state.get()).toMatchObject({ reply: null, done: 'Respuesta enviada a Lucía M. por correo.' });
    expect(review().replies).toHaveLength(1);

    await openHistory('op-1', 'Historial');
    expect(opinions.$state.get().history?.entries?.length).toBeGreaterThanOrEqual(2);
  });
});
