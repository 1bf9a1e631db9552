import type { BookingStatus } from '#shared/enums.ts';
import { BOOKING_STATUS_LABELS } from '#shared/schemas/labels.ts';

/** A booking's status as the back office shows it everywhere: its Spanish name on its colour. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{BOOKING_STATUS_LABELS[status]}</span>;
}
