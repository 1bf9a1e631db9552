/**
 * /admin/consultas (issue 33): the customers' questions, newest first, filtered by state, tour, days and text
 * (from and into the address); each opens its own screen.
 */
import { INBOX_SORTS, InboxQuerySchema } from '#shared/schemas/inbox.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';

export const inbox = createListScreen({
  filters: ['q', 'status', 'tourId', 'from', 'to'],
  sorts: { values: INBOX_SORTS, initial: 'createdAt', dir: 'desc' },
  check: (form) => InboxQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.inbox.$get({ query })),
  extra: { tours: [] as { id: string; name: string }[] },
});

export async function openInbox(search: string) {
  const [options] = await Promise.all([callApi(() => api.admin.bookings.options.$get()), inbox.open(search)]);
  if (options.ok) inbox.patch({ tours: options.data.tours });
}
