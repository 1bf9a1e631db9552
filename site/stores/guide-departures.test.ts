/**
 * One departure as the guide reads it on tour (/admin/guias/{periodId}) against the real API, as Marta:
 * the departure opened and a copy kept in this browser, that copy shown (and said to be one) when the
 * shop cannot be reached, no copy no departure, and another guide's departure not found and its copy
 * forgotten.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { insertGuidedDepartures } from '../../tests/support/guide-fixtures.ts';
import { browserStorage, withIslandApi } from '../../tests/support/island-api.ts';
import { $guideDeparture, openGuideDeparture } from './guide-departures.ts';

const island = withIslandApi({ as: 'guide' });
let storage: Storage;

beforeEach(async () => {
  storage = browserStorage();
  await insertGuidedDepartures(island.t.db, { pastDayOne: -20 });
});

describe("the guide's departure", () => {
  it('opens her departure and keeps a copy of it in this browser', async () => {
    await openGuideDeparture('p1');
    expect($guideDeparture.get()).toMatchObject({ status: 'ready', offline: false, message: null, departure: { period: { id: 'p1' } } });
    expect(JSON.parse(storage.getItem('dr-guia:p1') ?? 'null')).toEqual($guideDeparture.get().departure);
  });

  it('shows the copy, said to be one, when the shop cannot be reached', async () => {
    await openGuideDeparture('p1');
    const online = $guideDeparture.get().departure;
    island.loseNextAnswer();
    await openGuideDeparture('p1');
    expect($guideDeparture.get()).toEqual({ status: 'ready', departure: online, offline: true, message: null, signIn: false });
  });

  it('says why when there is neither the shop nor a copy', async () => {
    island.loseNextAnswer();
    await openGuideDeparture('p1');
    expect($guideDeparture.get()).toEqual({
      status: 'failed',
      departure: null,
      offline: false,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
      signIn: false,
    });
  });

  it("does not open another guide's departure, and forgets any copy of it", async () => {
    storage.setItem('dr-guia:p-not-web', JSON.stringify({ period: { id: 'p-not-web' } }));
    await openGuideDeparture('p-not-web');
    expect($guideDeparture.get()).toMatchObject({ status: 'failed', departure: null, message: 'No encontramos esa salida entre las tuyas.' });
    expect(storage.getItem('dr-guia:p-not-web')).toBeNull();
  });
});
