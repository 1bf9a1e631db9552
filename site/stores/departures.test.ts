/**
 * The tour page's departures against the real API (tests/support/island-api.ts), starting from the list
 * the content build gives the page (tests/support/built-site.ts): live seats replace the built ones, a
 * departure filled up since the build cannot stay chosen, and a failed refresh keeps the page's own list.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { builtDepartures } from '../../tests/support/built-site.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $departures, $departuresSource, $selectedPeriodId, formatSeatsLeft, initDepartures, refreshDepartures, selectDeparture } from './departures.ts';

const island = withIslandApi();
const SLUG = 'japon-esencial';
const seatsOf = (periodId: string) => $departures.get().find((d) => d.periodId === periodId)?.bookableAvailability;
const setSeats = (seats: number) => island.t.db.updateTable('periods').set({ bookableAvailability: seats }).where('id', '=', 'p1').execute();

beforeEach(async () => {
  $departuresSource.set('static');
  $selectedPeriodId.set(null);
  initDepartures(await builtDepartures(island.t.db, SLUG));
});

describe('the tour page’s departures', () => {
  it('shows the built list, then the live seats and prices from the API', async () => {
    expect($departures.get().map((d) => d.periodId)).toEqual(['p1']);
    expect(seatsOf('p1')).toBe(10);
    const builtPrice = $departures.get()[0]!.adultPriceCents;
    await setSeats(3);
    await island.t.db.updateTable('prices').set({ valueCents: 120_000 }).where('tourId', '=', 't1').where('ageGroupName', '=', 'Adultos').execute();
    await refreshDepartures(SLUG);
    expect(island.calls).toEqual([`GET /api/tours/${SLUG}/departures`]);
    expect(seatsOf('p1')).toBe(3);
    expect($departures.get()[0]!.adultPriceCents).toBe(builtPrice + 20_000);
    expect($departuresSource.get()).toBe('live');
    expect(formatSeatsLeft(seatsOf('p1')!)).toBe('Quedan 3 plazas');
  });

  it('lets go of a chosen departure that filled up since the page was built, and will not choose a full one', async () => {
    selectDeparture('p1');
    expect($selectedPeriodId.get()).toBe('p1');
    await setSeats(0);
    await refreshDepartures(SLUG);
    expect($selectedPeriodId.get()).toBeNull();
    selectDeparture('p1');
    expect($selectedPeriodId.get()).toBeNull();
    expect(formatSeatsLeft(0)).toBe('Completo');
  });

  it('treats a departure the API no longer lists as full', async () => {
    await island.t.db.updateTable('periods').set({ webBookable: 0 }).where('id', '=', 'p1').execute();
    await refreshDepartures(SLUG);
    expect(seatsOf('p1')).toBe(0);
  });

  it('keeps the built list, silently, when the refresh fails or the tour is gone', async () => {
    selectDeparture('p1');
    await setSeats(1);
    island.loseNextAnswer();
    await refreshDepartures(SLUG);
    expect(seatsOf('p1')).toBe(10);
    expect($departuresSource.get()).toBe('static');
    await refreshDepartures('no-existe');
    expect(seatsOf('p1')).toBe(10);
    expect($departuresSource.get()).toBe('static');
    expect($selectedPeriodId.get()).toBe('p1');
    await refreshDepartures(SLUG);
    expect(formatSeatsLeft(seatsOf('p1')!)).toBe('Última plaza');
  });
});
