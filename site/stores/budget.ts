/**
 * 'Guardar presupuesto' of the funnel's steps: names the booking as a budget and has it mailed to the lead
 * (`POST /api/bookings/:id/budget`, a BUDGET mail). Validated with the API's own schema; the name typed
 * stays whatever happens.
 */
import { issuesToFields } from '#shared/schemas/errors.ts';
import { map } from 'nanostores';
import { BudgetSchema } from '#shared/schemas/bookings.ts';
import { paymentsApi } from './payments-api.ts';

export const BUDGET_SENT_MESSAGE = 'Te hemos enviado el presupuesto por correo';

export interface BudgetState {
  name: string;
  status: 'idle' | 'sending' | 'sent' | 'failed';
  /** The field's message (empty or too long a name). */
  error: string | null;
  /** The form's message: the confirmation or why it could not be sent. */
  message: string | null;
}

export const $budget = map<BudgetState>({ name: '', status: 'idle', error: null, message: null });

export function setBudgetName(name: string): void {
  $budget.set({ ...$budget.get(), name, error: null });
}

export async function saveBudget(bookingId: string): Promise<BudgetState['status']> {
  const state = $budget.get();
  if (state.status === 'sending') return 'sending';
  const parsed = BudgetSchema.safeParse({ budgetName: state.name });
  if (!parsed.success) {
    $budget.set({ ...state, status: 'failed', error: Object.values(issuesToFields(parsed.error.issues))[0] ?? null, message: null });
    return 'failed';
  }
  $budget.set({ ...state, status: 'sending', error: null, message: null });
  const saved = await paymentsApi.saveBudget(bookingId, parsed.data.budgetName);
  if (saved.ok) {
    $budget.set({ ...$budget.get(), status: 'sent', message: BUDGET_SENT_MESSAGE });
    return 'sent';
  }
  $budget.set({ ...$budget.get(), status: 'failed', error: saved.fields['budgetName'] ?? null, message: saved.fields['budgetName'] ? null : saved.message });
  return 'failed';
}
