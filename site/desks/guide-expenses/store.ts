/**
 * The guides' expenses (/admin/guia/gastos, /admin/guia/gastos-extra): a guide's own, or every guide's for
 * staff, filtered by guide, departure and status (a choice applies at once and stays in the address). Staff
 * approve or reject each as one press; a rejection says why.
 */
import { type ExpenseKind, GUIDE_TOOL_MESSAGES, type GuideExpenseView } from '#shared/schemas/guide-tools.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface DecisionPress extends Press {
  expense: GuideExpenseView;
  status: 'APPROVED' | 'REJECTED';
  reason: string;
}

export const expenses = createListScreen({
  filters: ['guideId', 'periodId', 'status'],
  load: (query) => callApi(() => api['guide-tools'].expenses.$get({ query })),
  extra: { dialog: null as DecisionPress | null },
});

export type ExpenseFilter = Parameters<typeof expenses.setFilter>[0];

/** EXTRA on /admin/guia/gastos-extra: only the expenses outside the departure's budget. */
export const openExpenses = (kind: ExpenseKind | null) => expenses.open(location.search, kind ? { kind } : {});

export function chooseFilter(key: ExpenseFilter, value: string) {
  expenses.setFilter(key, value);
  expenses.patch({ done: null });
  void expenses.apply();
}

export const openDecision = (expense: GuideExpenseView, status: 'APPROVED' | 'REJECTED') =>
  expenses.patch({ dialog: { ...newPress(), expense, status, reason: '' }, done: null });
export const closeDecision = () => expenses.patch({ dialog: null });

export function setDecisionReason(reason: string) {
  const { dialog } = expenses.$state.get();
  if (dialog) expenses.patch({ dialog: { ...dialog, reason, error: null } });
}

/** 'Aprobar' / 'Rechazar' in the dialog. */
export async function sendDecision() {
  const dialog = expenses.$state.get().dialog;
  if (!dialog) return;
  if (dialog.status === 'REJECTED' && !dialog.reason.trim()) return expenses.patch({ dialog: { ...dialog, error: GUIDE_TOOL_MESSAGES.reasonRequired } });
  const sent = await sendPress(
    () => expenses.$state.get().dialog,
    (press) => expenses.patch({ dialog: { ...press, error: press.fields.reason ?? press.error } }),
    (requestId, { expense, status, reason }) =>
      callApi(() => api['guide-tools'].expenses[':id'].decision.$post({ param: { id: expense.id }, json: { requestId, status, reason } })),
  );
  if (!sent?.ok) return;
  const { expense } = sent.data;
  expenses.patch({ dialog: null, done: `Gasto «${expense.concept}» de ${expense.guideName} ${expense.status === 'APPROVED' ? 'aprobado' : 'rechazado'}.` });
  await expenses.reload();
}
