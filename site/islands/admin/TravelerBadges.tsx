import { ACCOUNT_STATE_LABELS, type AccountState } from '#shared/schemas/travelers.ts';
import { shortDay } from '../../staff-kit/format.ts';

/** The colour each account state borrows from the booking statuses: green works, amber waits, red stops. */
const TONE: Record<AccountState, string> = {
  none: '',
  active: 'admin-status--confirmed',
  unverified: 'admin-status--waiting_for_transfer',
  'must-change-password': 'admin-status--waiting_for_transfer',
  disabled: 'admin-status--canceled',
};

/** The account at a glance; an erased traveller says so instead. */
export function AccountBadge({ state, erasedAt }: { state: AccountState; erasedAt: string | null }) {
  if (erasedAt) return <span className="admin-status admin-status--canceled">Datos borrados el {shortDay(erasedAt.slice(0, 10))}</span>;
  return <span className={`admin-status ${TONE[state]}`.trim()}>{ACCOUNT_STATE_LABELS[state]}</span>;
}
