/** The office's log (/admin/historial): every recorded press, filtered by who, what and when, newest first. */
import { STAFF_LOG_SORTS, StaffLogQuerySchema } from '#shared/schemas/staff-log.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';

export const staffLog = createListScreen({
  filters: ['actor', 'entity', 'entityId', 'from', 'to'],
  sorts: { values: STAFF_LOG_SORTS, initial: 'createdAt', dir: 'desc' },
  check: (form) => StaffLogQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin['staff-actions'].$get({ query })),
});
