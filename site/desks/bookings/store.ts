/**
 * The bookings desk (/admin/bookings/{periodId?}): every booking, or one departure's with its passenger
 * manifest. The CSV export is a link to the same query as the list.
 */
import { BOOKING_SORTS, type BookingFilterOptions, BookingListQuerySchema, type PeriodManifest } from '#shared/schemas/backoffice.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';

export type BookingSort = (typeof BOOKING_SORTS)[number];

export const bookings = createListScreen({
  filters: ['q', 'status', 'tourId', 'retailerId', 'departureFrom', 'departureTo', 'bookedFrom', 'bookedTo', 'issue'],
  sorts: { values: BOOKING_SORTS, initial: 'createdAt', dir: 'desc', firstDir: (sort) => (sort === 'createdAt' || sort === 'price' ? 'desc' : 'asc') },
  check: (form) => BookingListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.bookings.$get({ query })),
  extra: {
    /** The departure of /admin/bookings/{periodId}, if any. */
    periodId: '',
    options: { tours: [], retailers: [] } as BookingFilterOptions,
    /** The departure's passenger manifest, on /admin/bookings/{periodId}. */
    manifest: null as PeriodManifest | null,
  },
});

export type BookingFilter = Parameters<typeof bookings.setFilter>[0];

export const csvHref = () => `/api/admin/bookings/export.csv?${new URLSearchParams(bookings.query({ paging: false }))}`;

/** Opens the list (the departure from the path, the filters from the address), the form's choices and the manifest. */
export async function openBookings(periodId: string, search: string) {
  bookings.patch({ periodId });
  const [options, manifest] = await Promise.all([
    callApi(() => api.admin.bookings.options.$get()),
    periodId ? callApi(() => api.admin.periods[':id'].manifest.$get({ param: { id: periodId } })) : null,
    bookings.open(search, periodId ? { periodId } : {}),
  ]);
  if (options.ok) bookings.patch({ options: options.data });
  if (manifest?.ok) bookings.patch({ manifest: manifest.data });
  else if (manifest) bookings.patch({ message: manifest.message });
}
