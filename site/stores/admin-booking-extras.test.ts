/**
 * The booking page's further actions (/admin/booking/{id}) against the real API, as an admin: a mail sent
 * again once though the first answer was lost (and one the booking cannot have, refused with why), a
 * traveller corrected (a wrong document named at its field, a booking changed meanwhile shown as it is
 * now), an optional activity added, points credited, and a document uploaded for the traveller.
 */
import { describe, expect, it, vi } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { formatEurosInput } from '#shared/rules/money.ts';
import { RECORDED_PAYMENT_MESSAGES, AGENCY_SALE_MESSAGES } from '#shared/schemas/labels.ts';
import { overdueBooking, paidBooking } from '../../tests/support/payment-fixtures.ts';
import { $bookingDesk, openBooking } from './admin-booking.ts';
import * as extras from './admin-booking-extras.ts';

const island = withIslandApi({ as: 'admin' });
const desk = () => $bookingDesk.get();
const state = () => extras.$bookingExtras.get();
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function confirmedBooking() {
  const { id } = await paidBooking(island.app, island.t.db);
  await openBooking(id);
  return id;
}

describe('a booking’s further actions', () => {
  it('sends the voucher again once, though the first answer was lost, and says why a budget mail cannot go', async () => {
    const id = await confirmedBooking();
    const vouchers = () => island.t.db.selectFrom('mails').select('id').where('bookingId', '=', id).where('type', '=', 'BONO_RESERVA').execute();
    const before = (await vouchers()).length;
    extras.openMail('voucher');
    expect(extras.extraTexts(state().dialog!).title).toBe('Enviar: Bono de reserva');
    island.loseNextAnswer();
    await extras.confirmExtra();
    expect(state()).toMatchObject({ sending: false, error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.' });
    await extras.confirmExtra();
    expect(state().dialog).toBeNull();
    expect(desk().done).toBe('Bono de reserva: enviado a la cola de correo.');
    expect(await vouchers()).toHaveLength(before + 1);

    extras.openMail('budget');
    expect(desk().done).toBeNull();
    const shown = desk().detail;
    await extras.confirmExtra();
    expect(state()).toMatchObject({ dialog: { kind: 'mail', mail: 'budget' }, error: 'Esta reserva no se guardó como presupuesto.' });
    // Refused as the booking now is: the page behind is read again.
    await vi.waitFor(() => expect(desk().detail).not.toBe(shown));
  });

  it('corrects a traveller, naming a wrong document at its field, and shows a booking changed meanwhile as it is now', async () => {
    const id = await confirmedBooking();
    const luis = desk().detail!.travellers[1]!;
    extras.openTraveller(luis);
    expect(state().dialog).toMatchObject({ kind: 'traveller', values: { name: 'Luis', surname: 'García López' } });
    extras.setTravellerValue('national_id', '12345678A');
    await extras.confirmExtra();
    expect(Object.keys(state().fields)).toEqual(['fields.national_id']);
    extras.setTravellerValue('national_id', '00000000T');
    expect(state().fields).toEqual({});
    extras.setTravellerValue('name', 'Luis Miguel');
    await extras.confirmExtra();
    expect(desk().done).toBe('Datos del viajero guardados.');
    expect(desk().detail?.travellers[1]).toMatchObject({ name: 'Luis Miguel', document: '00000000T' });

    extras.openTraveller(desk().detail!.travellers[1]!);
    extras.setTravellerValue('name', 'Otro');
    // A colleague's change meanwhile.
    const changedAt = '2099-01-01T00:00:00.000Z';
    await island.t.db.updateTable('bookings').set({ updatedAt: changedAt }).where('id', '=', id).execute();
    await extras.confirmExtra();
    expect(state()).toMatchObject({ sending: false, error: 'La reserva ha cambiado mientras tanto. Recarga para ver su estado actual.' });
    await vi.waitFor(() => expect(desk().detail?.booking.updatedAt).toBe(changedAt));
    expect(desk().detail?.travellers[1]?.name).toBe('Luis Miguel');
  });

  it('adds an optional activity for the travellers ticked, the difference left to pay', async () => {
    await confirmedBooking();
    const price = desk().detail!.booking.priceCents;
    await extras.openActivity();
    expect(state().dialog).toMatchObject({ kind: 'activity', options: expect.arrayContaining([{ activityId: 'ACT1', name: 'Ceremonia del té', left: 3 }]) });
    extras.editExtra({ activityId: 'ACT1' });
    await extras.confirmExtra();
    expect(state().fields).toEqual({ travellerIds: 'Elige al menos un viajero.' });
    const [ana, luis] = desk().detail!.travellers;
    extras.toggleActivityTraveller(ana!.id);
    expect(state().fields).toEqual({});
    extras.toggleActivityTraveller(luis!.id);
    await extras.confirmExtra();
    expect(desk().done).toBe('Actividad añadida: el importe nuevo queda pendiente de pago.');
    expect(desk().detail?.booking.priceCents).toBe(price + 8_000);
    expect(desk().detail?.travellers[0]?.activities).toContainEqual({ id: 'ACT1', name: 'Ceremonia del té' });
  });

  it('credits a compensation in points once its points and reason are given', async () => {
    const id = await confirmedBooking();
    extras.openCompensation();
    await extras.confirmExtra();
    expect(state().fields).toEqual({ points: 'Escribe un número entero de puntos entre 1 y 100.000.', reason: 'Escribe el motivo.' });
    extras.editExtra({ points: '500', reason: 'Retraso del vuelo de ida' });
    expect(state().fields).toEqual({});
    await extras.confirmExtra();
    expect(desk().done).toBe('Puntos abonados al viajero.');
    expect(desk().detail?.transactions).toContainEqual(expect.objectContaining({ type: 'CREDIT', kind: 'POINTS', amount: 500, status: 'COMPENSATION' }));
    const { travelerId } = await island.t.db.selectFrom('bookings').select('travelerId').where('id', '=', id).executeTakeFirstOrThrow();
    const traveller = await island.t.db.selectFrom('travelers').select('accumulatedReward').where('id', '=', travelerId!).executeTakeFirstOrThrow();
    expect(traveller.accumulatedReward).toBe(500);
  });

  it('uploads an e-ticket for the traveller, asking for a file and refusing one that is no PDF or image', async () => {
    await confirmedBooking();
    await extras.uploadDocument(null);
    expect(state().upload.error).toBe('Elige un archivo.');
    await extras.uploadDocument(new File(['hola'], 'billete.pdf'));
    expect(state().upload).toMatchObject({ sending: false, error: 'Elige un archivo PDF, JPG o PNG de hasta 10 MB.' });
    await extras.uploadDocument(new File([PDF], 'billete.pdf', { type: 'application/pdf' }));
    expect(state().upload).toMatchObject({ kind: 'ETICKET', sending: false, error: null });
    expect(desk().done).toBe('Documento subido: billete.pdf.');
    expect(desk().detail?.booking.documents).toEqual([expect.objectContaining({ name: 'billete.pdf', kind: 'ETICKET' })]);
  });

  it('keeps the kind picked while a document went up, for the next one', async () => {
    await confirmedBooking();
    const release = island.holdNextAnswer();
    const uploading = extras.uploadDocument(new File([PDF], 'billete.pdf', { type: 'application/pdf' }));
    extras.setUploadKind('DOCUMENT');
    release();
    await uploading;
    expect(state().upload).toMatchObject({ kind: 'DOCUMENT', sending: false, error: null });
    expect(desk().detail?.booking.documents).toEqual([expect.objectContaining({ name: 'billete.pdf', kind: 'ETICKET' })]);
  });

  it('records a cash payment, naming an amount above what is left before sending, and applies it once though the answer was lost', async () => {
    const { id } = await overdueBooking(island.app, island.t.db);
    await openBooking(id);
    extras.openRecordPayment();
    const left = desk().detail!.booking.priceCents - desk().detail!.booking.paidCents;
    expect(state().dialog).toMatchObject({ kind: 'payment', method: 'transfer', amount: formatEurosInput(left) });
    extras.editExtra({ reference: '' });
    const sent = island.calls.length;
    await extras.confirmExtra();
    expect(state().fields).toEqual({ reference: RECORDED_PAYMENT_MESSAGES.reference });
    expect(island.calls.length).toBe(sent);

    extras.editExtra({ method: 'cash', amount: '250,50' });
    island.loseNextAnswer();
    await extras.confirmExtra();
    await extras.confirmExtra();
    expect(desk().done).toBe(RECORDED_PAYMENT_MESSAGES.recorded);
    const cash = await island.t.db.selectFrom('payments').select('amountCents').where('bookingId', '=', id).where('paymentMethod', '=', 'cash').execute();
    expect(cash).toEqual([{ amountCents: 25_050 }]);
  });

  it('hands the booking to an agency with its commission, naming one over 100 % before sending', async () => {
    const id = await confirmedBooking();
    await island.t.db.insertInto('retailers').values({ id: 'r1', cif: 'B12345678', name: 'Viajes Levante' }).execute();
    await extras.openAgency();
    expect(state().dialog).toMatchObject({ kind: 'agency', retailerId: '', retailers: [{ id: 'r1', name: 'Viajes Levante' }] });
    extras.editExtra({ retailerId: 'r1', commissionPercent: '150' });
    await extras.confirmExtra();
    expect(state().fields).toEqual({ commissionPercent: AGENCY_SALE_MESSAGES.commission });
    extras.editExtra({ commissionPercent: '12,5', reference: 'LEV-9' });
    await extras.confirmExtra();
    expect(desk()).toMatchObject({
      done: AGENCY_SALE_MESSAGES.attached,
      detail: { booking: { retailerId: 'r1', retailerName: 'Viajes Levante', retailerCommissionPercent: 12.5 } },
    });
    const { retailerReference } = await island.t.db.selectFrom('bookings').select('retailerReference').where('id', '=', id).executeTakeFirstOrThrow();
    expect(retailerReference).toBe('LEV-9');
  });
});
