/**
 * The guides' departures (/admin/guias) against the real API, as an admin: every guide's, narrowed to one
 * guide by a choice or by the address, the choice kept in the address. (That a guide sees only their own
 * is the API's: api/routes/guides.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { chooseGuide, departures } from './store.ts';

const island = withIslandApi({ as: 'admin' });

beforeEach(async () => {
  await island.t.db.insertInto('guidePeriods').values({ guideId: 'guide-marta', periodId: 'p1' }).execute();
});

describe("the guides' departures", () => {
  it("an admin sees every guide's departures and narrows them to one guide", async () => {
    atAddress('/admin/guias');
    await departures.open(location.search);
    expect(departures.$state.get().answer).toMatchObject({ viewer: 'admin', upcoming: [{ periodId: 'p1' }] });
    chooseGuide('guide-otro');
    await departures.reload();
    expect(departures.$state.get().answer?.upcoming).toEqual([]);
    expect(island.address()).toBe('/admin/guias?guideId=guide-otro');
  });

  it('opens narrowed to the guide the address names', async () => {
    atAddress('/admin/guias?guideId=guide-marta');
    await departures.open(location.search);
    expect(departures.$state.get()).toMatchObject({ form: { guideId: 'guide-marta' }, answer: { upcoming: [{ periodId: 'p1' }] } });
  });
});
