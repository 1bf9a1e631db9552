/** The travellers desk (/admin/travelers): searched by name, e-mail, phone or document, sorted and paged on the server. */
import { TRAVELER_SORTS, TravelerListQuerySchema } from '#shared/schemas/travelers.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';

export type TravelerSort = (typeof TRAVELER_SORTS)[number];

export const travelers = createListScreen({
  filters: ['q'],
  sorts: { values: TRAVELER_SORTS, initial: 'name', dir: 'asc', firstDir: (sort) => (sort === 'createdAt' ? 'desc' : 'asc') },
  check: (form) => TravelerListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.travelers.$get({ query })),
});
