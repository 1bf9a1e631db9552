/**
 * The invoices desk (/admin/facturas) against the real API, as an admin: the invoices of payments and
 * refunds listed newest first with their record's state, filtered by kind; the chain checked whole; the export
 * link for the month filtered; 'Anular' asks for its reason before sending and voids once though the first
 * answer was lost.
 */
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/schemas/invoices.ts';
import { atAddress, withIslandApi } from '../../../tests/support/island-api.ts';
import { paidBooking } from '../../../tests/support/payment-fixtures.ts';
import { askCorrect, askVoid, checkChain, confirmCorrect, confirmVoid, exportHref, invoices, setCorrectTaxId, setVoidReason } from './store.ts';

const island = withIslandApi({ as: 'admin' });
const state = () => invoices.$state.get();
const rows = () => state().answer?.rows ?? [];

describe('the invoices desk', () => {
  it('lists the invoices with their record’s state, filters them, and checks the chain', async () => {
    const { id, payment } = await paidBooking(island.app, island.t.db);
    atAddress('/admin/facturas');
    await invoices.open(location.search);
    expect(rows().map((r) => [r.invoiceType, r.totalCents, r.record?.status, r.bookingId])).toEqual([['F1', payment.amountCents, 'PENDING', id]]);
    expect(state().answer).toMatchObject({ issuing: true, chain: { records: 1, pending: 1, rejected: 0 } });
    invoices.setFilter('kind', 'R1');
    await invoices.apply();
    expect(rows()).toEqual([]);
    expect(island.address()).toBe('/admin/facturas?kind=R1');
    invoices.setFilter('month', '2027-13');
    const sent = island.calls.length;
    await invoices.apply();
    expect(state().errors).toEqual({ month: 'Elige el mes como AAAA-MM.' });
    expect(island.calls.length).toBe(sent);
    invoices.setFilter('month', '2027-01');
    await invoices.apply();
    expect(exportHref('csv')).toBe('/api/admin/invoices/export.csv?month=2027-01');
    await checkChain();
    expect(state().chainCheck).toEqual({ checking: false, said: 'Cadena íntegra: 1 registros comprobados.', broken: false });
  });

  it('voids an invoice once, asking its reason before sending', async () => {
    await paidBooking(island.app, island.t.db);
    await invoices.open('');
    askVoid(rows()[0]!);
    const sent = island.calls.length;
    expect(await confirmVoid()).toBe(false);
    expect(state().voiding?.fields).toEqual({ reason: INVOICE_MESSAGES.voidReason });
    expect(island.calls.length).toBe(sent);
    setVoidReason('Emitida por error');
    island.loseNextAnswer();
    expect(await confirmVoid()).toBe(false);
    expect(await confirmVoid()).toBe(true);
    expect(state()).toMatchObject({ voiding: null, done: INVOICE_MESSAGES.voided });
    expect(rows()[0]?.status).toBe('VOIDED');
    const records = await island.t.db.selectFrom('billingRecords').select('kind').orderBy('seq').execute();
    expect(records.map((r) => r.kind)).toEqual(['ALTA', 'ANULACION']);
  });

  it('corrects a refused record with the recipient’s document, naming a document that is none before sending', async () => {
    const { id } = await paidBooking(island.app, island.t.db);
    await island.t.db
      .updateTable('billingRecords')
      .set({ status: 'REJECTED', aeatCode: '1110', aeatMessage: 'El NIF no está identificado en el censo de la AEAT.' })
      .execute();
    await invoices.open('');
    expect(rows()[0]?.record).toEqual({ status: 'REJECTED', code: '1110', message: 'El NIF no está identificado en el censo de la AEAT.' });
    askCorrect(rows()[0]!);
    setCorrectTaxId('x');
    const sent = island.calls.length;
    expect(await confirmCorrect()).toBe(false);
    expect(state().correcting?.fields).toEqual({ recipientTaxId: INVOICE_MESSAGES.taxId });
    expect(island.calls.length).toBe(sent);
    setCorrectTaxId('87654321X');
    expect(await confirmCorrect()).toBe(true);
    expect(state()).toMatchObject({ correcting: null, done: INVOICE_MESSAGES.corrected });
    expect(rows()[0]?.record?.status).toBe('PENDING');
    const invoice = await island.t.db.selectFrom('invoices').select('recipientTaxId').where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect(invoice.recipientTaxId).toBe('87654321X');
  });
});
