/**
 * One booking on the desk (/admin/booking/{id}) against the real API, as an admin: a received transfer
 * confirmed once though the first answer was lost, a cancellation asked for its reason before sending and
 * refused when the booking changed meanwhile (shown as it is now), and a card payment refunded in part,
 * an amount that is no amount or more than was paid refused first.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { formatEuros, formatEurosInput } from '#shared/rules/money.ts';
import { paidBooking } from '../../tests/support/payment-fixtures.ts';
import { $bookingDesk, confirmAction, openAction, openBooking, openRefund, setAmount, setReason } from './admin-booking.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => $bookingDesk.get();

describe('one booking on the desk', () => {
  it('confirms a received transfer once, though the first answer was lost', async () => {
    const { id } = await paidBooking(island.app, island.t.db, { method: 'transfer' });
    await openBooking(id);
    expect(state()).toMatchObject({ status: 'ready', detail: { booking: { status: 'WAITING_FOR_TRANSFER' }, allowed: ['confirm-transfer', 'cancel'] } });
    openAction('confirm-transfer');
    const { requestId } = state().dialog!;
    island.loseNextAnswer();
    await confirmAction();
    expect(state().dialog).toMatchObject({
      requestId,
      sending: false,
      error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    await confirmAction();
    expect(state()).toMatchObject({ dialog: null, done: 'Transferencia confirmada.', detail: { booking: { status: 'CONFIRMED' } } });
    const presses = await island.t.db.selectFrom('staffActions').select('action').where('entityId', '=', id).execute();
    expect(presses).toEqual([{ action: 'confirm-transfer' }]);
  });

  it('asks for the reason of a cancellation before sending, and shows a booking changed meanwhile as it is now', async () => {
    const { id } = await paidBooking(island.app, island.t.db, { method: 'transfer' });
    await openBooking(id);
    openAction('cancel');
    const sent = island.calls.length;
    await confirmAction();
    expect(state().dialog?.reasonError).toBe('Escribe el motivo de la cancelación.');
    expect(island.calls.length).toBe(sent);
    setReason('El cliente no puede viajar');
    expect(state().dialog?.reasonError).toBeNull();

    // A colleague confirmed the transfer while the dialog was open.
    await island.t.db.updateTable('bookings').set({ status: 'CONFIRMED' }).where('id', '=', id).execute();
    await confirmAction();
    expect(state().dialog).toMatchObject({ sending: false, error: 'La reserva ha cambiado mientras tanto. Recarga para ver su estado actual.' });
    expect(state().detail?.booking.status).toBe('CONFIRMED');

    // Pressed again, from the status now shown: a new press, applied.
    await confirmAction();
    expect(state()).toMatchObject({ dialog: null, done: 'Reserva cancelada.', detail: { booking: { status: 'CANCELED' }, allowed: [] } });
  });

  it('refunds part of a card payment, offering what is left and refusing an amount that is no amount or more than was paid', async () => {
    const { id, payment } = await paidBooking(island.app, island.t.db);
    await openBooking(id);
    const paid = state().detail!.payments[0]!;
    expect(paid).toMatchObject({ id: payment.id, refundableCents: payment.amountCents, refundedCents: 0 });
    openRefund(paid.id, paid.refundableCents);
    expect(state().dialog).toMatchObject({ action: 'refund', paymentId: payment.id, amount: formatEurosInput(payment.amountCents) });
    await confirmAction();
    expect(state().dialog?.reasonError).toBe('Escribe el motivo de la devolución.');

    setReason('Cambio de hotel');
    setAmount('cien euros');
    await confirmAction();
    expect(state().dialog).toMatchObject({ amountError: 'Escribe el importe en euros, por ejemplo 120 o 120,50.', reasonError: null });
    // More than was paid: refused with what is left, and nothing is asked of the terminal.
    setAmount(formatEurosInput(payment.amountCents + 100));
    await confirmAction();
    expect(state().dialog?.error).toBe(`No se puede devolver más de lo cobrado: quedan ${formatEuros(payment.amountCents)} por devolver de este pago.`);
    expect(await island.t.db.selectFrom('refunds').select('id').execute()).toEqual([]);
    setAmount('100,50');
    expect(state().dialog?.amountError).toBeNull();
    await confirmAction();
    expect(state()).toMatchObject({ dialog: null, done: 'Devolución hecha.' });
    expect(state().detail?.payments[0]).toMatchObject({ refundedCents: 10_050, refundableCents: payment.amountCents - 10_050 });
    expect(island.calls.at(-1)).toBe(`POST /api/admin/bookings/${id}/refund`);
  });
});
