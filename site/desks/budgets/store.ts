/**
 * /admin/presupuesto: the budgets visitors saved, searched and paged on the server; 'Reenviar' sends the
 * budget mail again as one press (a double click mails once) with today's price.
 */
import { BudgetListQuerySchema, type BudgetListRow } from '#shared/schemas/booking-desk.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface ResendPress extends Press {
  row: BudgetListRow;
}

export const budgets = createListScreen({
  filters: ['q'],
  check: (form) => BudgetListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.budgets.$get({ query })),
  extra: { resending: null as ResendPress | null },
});

export const askResend = (row: BudgetListRow) => budgets.patch({ resending: { ...newPress(), row }, done: null });
export const cancelResend = () => budgets.patch({ resending: null });

export async function confirmResend() {
  const sent = await sendPress(
    () => budgets.$state.get().resending,
    (resending) => budgets.patch({ resending }),
    (requestId, { row }) => callApi(() => api.admin.bookings[':id'].mails.$post({ param: { id: row.id }, json: { requestId, mail: 'budget' } })),
  );
  const { resending } = budgets.$state.get();
  if (!sent?.ok || !resending) return;
  const { row } = resending;
  budgets.patch({ resending: null, done: `Presupuesto «${row.budgetName}» reenviado a ${sent.data.to ?? row.email ?? 'su titular'}.` });
}
