/**
 * One booking on the desk (/admin/booking/{id}): everything about it, and the staff actions its status
 * allows. Each action opens a confirmation with its own request id, so a double click or a retry after
 * a lost answer applies it once; the status the staff member saw goes along, and a booking that changed
 * meanwhile is refused with the server's message and shown as it is now.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import type { BookingAction, BookingDetail } from '#shared/schemas/backoffice.ts';
import { CANCEL_REASON_REQUIRED, REFUND_REASON_REQUIRED } from '#shared/schemas/labels.ts';
import { api, callApi } from '../lib/api-client.ts';
import { formatEurosInput } from '#shared/rules/money.ts';

export interface ActionDialog {
  action: BookingAction | 'refund';
  requestId: string;
  reason: string;
  /** A refund: of which payment, and how much (euros as typed). */
  paymentId: string;
  amount: string;
  amountError: string | null;
  sending: boolean;
  error: string | null;
  reasonError: string | null;
}

export interface BookingDeskState {
  status: 'loading' | 'ready' | 'failed';
  id: string;
  detail: BookingDetail | null;
  dialog: ActionDialog | null;
  message: string | null;
  /** What the last action did, for the status line. */
  done: string | null;
}

export const $bookingDesk = map<BookingDeskState>({ status: 'loading', id: '', detail: null, dialog: null, message: null, done: null });

const patch = (changes: Partial<BookingDeskState>) => $bookingDesk.set({ ...$bookingDesk.get(), ...changes });
const patchDialog = (changes: Partial<ActionDialog>) => {
  const { dialog } = $bookingDesk.get();
  if (dialog) patch({ dialog: { ...dialog, ...changes } });
};

/** What each action is called on its button, in its confirmation, and once done. */
export const ACTION_TEXTS: Record<BookingAction | 'refund', { button: string; question: string; done: string; needsReason: boolean }> = {
  refund: {
    button: 'Devolver',
    question: 'El importe vuelve a la tarjeta o al Bizum con el que se pagó, por el mismo terminal. La reserva no cambia de estado.',
    done: 'Devolución hecha.',
    needsReason: true,
  },
  'confirm-transfer': {
    button: 'Confirmar transferencia recibida',
    question: '¿Confirmas que la transferencia ha llegado? La reserva pasará a confirmada y el viajero recibirá su bono.',
    done: 'Transferencia confirmada.',
    needsReason: false,
  },
  'approve-review': {
    button: 'Aceptar el pago en revisión',
    question: '¿Aceptas el pago? La reserva pasará a confirmada con sus plazas.',
    done: 'Pago aceptado: la reserva está confirmada.',
    needsReason: false,
  },
  'reject-review': {
    button: 'Rechazar el pago en revisión',
    question: '¿Rechazas el pago? La reserva se cancelará y sus plazas volverán a la venta. El reembolso se hace aparte.',
    done: 'Pago rechazado: la reserva está cancelada.',
    needsReason: true,
  },
  cancel: {
    button: 'Cancelar la reserva',
    question: '¿Cancelas la reserva? Sus plazas volverán a la venta. Esta acción no se puede deshacer.',
    done: 'Reserva cancelada.',
    needsReason: true,
  },
};

export async function openBooking(id: string) {
  patch({ id, status: 'loading', message: null });
  const result = await callApi(() => api.admin.bookings[':id'].$get({ param: { id } }));
  if (!result.ok) {
    patch({ status: 'failed', message: result.message });
    return;
  }
  patch({ status: 'ready', detail: result.data });
}

export function openAction(action: BookingAction) {
  patch({ dialog: { ...newDialog(), action }, done: null });
}

const newDialog = (): ActionDialog => ({
  action: 'cancel',
  requestId: crypto.randomUUID(),
  reason: '',
  paymentId: '',
  amount: '',
  amountError: null,
  sending: false,
  error: null,
  reasonError: null,
});

/** 'Devolver' on a payment: the dialog opens with what is left to give back. */
export function openRefund(paymentId: string, refundableCents: number) {
  patch({ dialog: { ...newDialog(), action: 'refund', paymentId, amount: formatEurosInput(refundableCents) }, done: null });
}

export const setAmount = (amount: string) => patchDialog({ amount, amountError: null });

export const closeAction = () => patch({ dialog: null });
export const setReason = (reason: string) => patchDialog({ reason, reasonError: null });

export async function confirmAction() {
  const { dialog, detail, id } = $bookingDesk.get();
  if (!dialog || !detail || dialog.sending) return;
  const texts = ACTION_TEXTS[dialog.action];
  if (texts.needsReason && !dialog.reason.trim()) {
    patchDialog({ reasonError: dialog.action === 'refund' ? REFUND_REASON_REQUIRED : CANCEL_REASON_REQUIRED });
    return;
  }
  patchDialog({ sending: true, error: null });
  const action = dialog.action;
  const result =
    action === 'refund'
      ? await callApi(() =>
          api.admin.bookings[':id'].refund.$post({
            param: { id },
            json: { requestId: dialog.requestId, paymentId: dialog.paymentId, amount: dialog.amount, reason: dialog.reason },
          }),
        )
      : await callApi(() =>
          api.admin.bookings[':id'][':action'].$post({
            param: { id, action },
            json: { requestId: dialog.requestId, expectedStatus: detail.booking.status, ...(texts.needsReason ? { reason: dialog.reason } : {}) },
          }),
        );
  if (!result.ok) {
    // An answer that refused the press applied nothing: the next press is a new one. Without an answer
    // (status 0) the same id goes again, so a press that did arrive is not applied twice.
    const requestId = nextRequestId(result, dialog.requestId);
    patchDialog({ sending: false, requestId, error: result.message, reasonError: result.fields.reason ?? null, amountError: result.fields.amount ?? null });
    // The booking moved meanwhile: show it as it is now behind the message.
    if (result.status === 409) await openBooking(id);
    return;
  }
  patch({ detail: result.data.detail, dialog: null, done: texts.done });
}
