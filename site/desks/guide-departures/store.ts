/**
 * The guides' departures (/admin/guias): a guide's own, upcoming first, then the past; an admin sees every
 * guide's and may narrow the list to one guide (kept in the address).
 */
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';

export const departures = createListScreen({
  filters: ['guideId'],
  load: (query) => callApi(() => api.guides.departures.$get({ query })),
});

export function chooseGuide(guideId: string) {
  departures.setFilter('guideId', guideId);
  void departures.apply();
}
