/**
 * /admin/presupuesto: the budgets visitors saved, searched and paged on the server; 'Reenviar' sends the
 * budget mail again (one request id per press, so a double click mails once) with today's price.
 */
import { map } from 'nanostores';
import type { BudgetListRow } from '#shared/schemas/booking-desk.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface BudgetsState {
  status: 'loading' | 'ready' | 'failed';
  query: string;
  applied: string;
  page: number;
  rows: BudgetListRow[];
  total: number;
  pageSize: number;
  queryError: string | null;
  message: string | null;
  /** The budget whose mail is being confirmed. */
  resending: { row: BudgetListRow; requestId: string; sending: boolean; error: string | null } | null;
  done: string | null;
}

export const $budgets = map<BudgetsState>({
  status: 'loading',
  query: '',
  applied: '',
  page: 1,
  rows: [],
  total: 0,
  pageSize: 50,
  queryError: null,
  message: null,
  resending: null,
  done: null,
});
const patch = (changes: Partial<BudgetsState>) => $budgets.set({ ...$budgets.get(), ...changes });

export async function loadBudgets({ query = $budgets.get().applied, page = 1 }: { query?: string; page?: number } = {}) {
  patch({ status: 'loading', message: null, queryError: null });
  const result = await callApi(() => api.admin.budgets.$get({ query: { q: query, page: String(page) } }));
  if (!result.ok) {
    patch({ status: result.fields['q'] ? 'ready' : 'failed', message: result.fields['q'] ? null : result.message, queryError: result.fields['q'] ?? null });
    return;
  }
  patch({ status: 'ready', applied: query, page, rows: result.data.rows, total: result.data.total, pageSize: result.data.pageSize });
}

export const setQuery = (query: string) => patch({ query, queryError: null });
export const search = () => loadBudgets({ query: $budgets.get().query.trim(), page: 1 });
export const goToPage = (page: number) => loadBudgets({ page });

export const askResend = (row: BudgetListRow) => patch({ resending: { row, requestId: crypto.randomUUID(), sending: false, error: null }, done: null });
export const cancelResend = () => patch({ resending: null });

export async function confirmResend() {
  const { resending } = $budgets.get();
  if (!resending || resending.sending) return;
  patch({ resending: { ...resending, sending: true, error: null } });
  const result = await callApi(() =>
    api.admin.bookings[':id'].mails.$post({ param: { id: resending.row.id }, json: { requestId: resending.requestId, mail: 'budget' } }),
  );
  if (!result.ok) {
    patch({ resending: { ...resending, sending: false, error: result.message, requestId: result.status === 0 ? resending.requestId : crypto.randomUUID() } });
    return;
  }
  patch({ resending: null, done: `Presupuesto «${resending.row.budgetName}» reenviado a ${result.data.to ?? resending.row.email ?? 'su titular'}.` });
}
