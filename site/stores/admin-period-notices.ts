/**
 * A departure's notifications (/admin/bookings/{periodId}): its documentation, with or without the
 * e-tickets, or a payment reminder at a percentage of the price, to every confirmed or transfer-waiting
 * booking or only to those chosen. One press, one request id: a retry never mails a booking twice.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import { PERIOD_NOTICE_LABELS, type PeriodNotice, type PeriodNoticeAnswer } from '#shared/schemas/booking-desk.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface PeriodNoticesState {
  notice: PeriodNotice;
  percent: string;
  /** All the departure's bookings, or only those ticked. */
  to: 'all' | 'chosen';
  chosen: string[];
  confirming: boolean;
  requestId: string;
  sending: boolean;
  error: string | null;
  fields: Record<string, string>;
  result: PeriodNoticeAnswer | null;
}

const fresh = (): PeriodNoticesState => ({
  notice: 'documentation',
  percent: '100',
  to: 'all',
  chosen: [],
  confirming: false,
  requestId: crypto.randomUUID(),
  sending: false,
  error: null,
  fields: {},
  result: null,
});

export const $periodNotices = map<PeriodNoticesState>(fresh());
const patch = (changes: Partial<PeriodNoticesState>) => $periodNotices.set({ ...$periodNotices.get(), ...changes });

export const setNotice = (notice: PeriodNotice) => patch({ notice, fields: {}, error: null, result: null });
export const setPercent = (percent: string) => patch({ percent, fields: {}, result: null });
export const setAudience = (to: 'all' | 'chosen') => patch({ to, fields: {}, result: null });
export function toggleChosen(bookingId: string) {
  const { chosen } = $periodNotices.get();
  patch({ chosen: chosen.includes(bookingId) ? chosen.filter((id) => id !== bookingId) : [...chosen, bookingId], fields: {}, result: null });
}

/** 'Enviar aviso': checks what can be checked here, then asks for confirmation. */
export function askToSend() {
  const { to, chosen } = $periodNotices.get();
  if (to === 'chosen' && chosen.length === 0) {
    patch({ fields: { bookingIds: 'Elige al menos una reserva.' } });
    return;
  }
  patch({ confirming: true, error: null, result: null });
}
export const cancelSend = () => patch({ confirming: false });

export const noticeSummary = (state: Pick<PeriodNoticesState, 'notice' | 'percent'>) =>
  state.notice === 'payment-reminder' ? `${PERIOD_NOTICE_LABELS[state.notice]} hasta el ${state.percent} % del precio` : PERIOD_NOTICE_LABELS[state.notice];

export async function sendNotice(periodId: string) {
  const state = $periodNotices.get();
  if (state.sending) return;
  patch({ sending: true, error: null });
  const result = await callApi(() =>
    api.admin.periods[':id'].notifications.$post({
      param: { id: periodId },
      json: {
        requestId: state.requestId,
        notice: state.notice,
        ...(state.notice === 'payment-reminder' ? { percent: state.percent as unknown as number } : {}),
        ...(state.to === 'chosen' ? { bookingIds: state.chosen } : {}),
      },
    }),
  );
  if (!result.ok) {
    const requestId = nextRequestId(result, state.requestId);
    // A field the dialog does not show (the percentage) is shown on the form: the dialog closes.
    const onForm = Object.keys(result.fields).length > 0;
    patch({ sending: false, requestId, error: onForm ? null : result.message, fields: result.fields, confirming: !onForm });
    return;
  }
  patch({ ...fresh(), notice: state.notice, percent: state.percent, result: result.data });
}
