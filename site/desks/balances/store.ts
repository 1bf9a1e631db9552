/**
 * /admin/cobros: the bookings whose deadlines passed unpaid (docs/decisions/042), the longest overdue first,
 * and the presses on a row: remind the lead again, extend the deadline for a reason, cancel the booking. Each
 * press is checked with the server's own schema, carries one request id and reloads the list once done.
 */
import { CANCEL_REASON_REQUIRED } from '#shared/schemas/labels.ts';
import { BALANCE_MESSAGES, ExtendDeadlineSchema, OVERDUE_SORTS, type OverdueRow, OverdueQuerySchema } from '#shared/schemas/balances.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface BalancePress extends Press {
  kind: 'remind' | 'extend' | 'cancel';
  row: OverdueRow;
  /** The extension's new date, as typed. */
  date: string;
  reason: string;
}

export const balances = createListScreen({
  filters: ['q', 'retailerId'],
  sorts: { values: OVERDUE_SORTS, initial: 'owedSince', dir: 'asc' },
  check: (form) => OverdueQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.balances.overdue.$get({ query })),
  extra: {
    retailers: [] as { id: string; name: string }[],
    press: null as BalancePress | null,
  },
});

export async function openBalances(search: string) {
  const [options] = await Promise.all([callApi(() => api.admin.bookings.options.$get()), balances.open(search)]);
  if (options.ok) balances.patch({ retailers: options.data.retailers });
}

export const askPress = (kind: BalancePress['kind'], row: OverdueRow) =>
  balances.patch({ press: { ...newPress(), kind, row, date: '', reason: '' }, done: null, message: null });
export const closePress = () => balances.patch({ press: null });

export function setPressField(field: 'date' | 'reason', value: string) {
  const { press } = balances.$state.get();
  if (!press) return;
  const { [field]: _fixed, ...fields } = press.fields;
  balances.patch({ press: { ...press, [field]: value, fields } });
}

const DONE = { remind: BALANCE_MESSAGES.reminded, extend: BALANCE_MESSAGES.extended, cancel: 'Reserva cancelada.' } as const;

/** The open press, confirmed: refused at its fields before sending, applied once however often pressed. */
export async function confirmPress(): Promise<boolean> {
  const current = balances.$state.get().press;
  if (!current) return false;
  if (current.kind === 'extend') {
    const checked = ExtendDeadlineSchema.safeParse({ requestId: current.requestId, date: current.date, reason: current.reason });
    if (!checked.success) {
      balances.patch({ press: { ...current, fields: issuesToFields(checked.error.issues), error: 'Revisa los datos marcados.' } });
      return false;
    }
  }
  if (current.kind === 'cancel' && !current.reason.trim()) {
    balances.patch({ press: { ...current, fields: { reason: CANCEL_REASON_REQUIRED }, error: CANCEL_REASON_REQUIRED } });
    return false;
  }
  const sent = await sendPress(
    () => balances.$state.get().press,
    (press) => balances.patch({ press }),
    (requestId, { kind, row, date, reason }) => {
      const param = { id: row.id };
      if (kind === 'remind') return callApi(() => api.admin.balances[':id'].remind.$post({ param, json: { requestId } }));
      if (kind === 'extend') return callApi(() => api.admin.balances[':id'].extend.$post({ param, json: { requestId, date, reason } }));
      return callApi(() =>
        api.admin.bookings[':id'][':action'].$post({ param: { ...param, action: 'cancel' }, json: { requestId, expectedStatus: row.status, reason } }),
      );
    },
  );
  if (!sent?.ok) return false;
  balances.patch({ press: null, done: DONE[current.kind] });
  await balances.reload();
  return true;
}
