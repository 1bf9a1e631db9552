/**
 * Issuing invoices (docs/decisions/043). One rule keeps a booking's invoices right whatever happened to it:
 * every payment received has its invoice (F1, for its amount, dated the day it came), and what was invoiced
 * never exceeds what the booking keeps — its payments less refunds, capped at its price, nothing once
 * canceled — or a correction (R1, by differences, negative) brings it down. Each invoice takes the next
 * number of its series and appends its registration record to the chain, in the caller's transaction.
 */
import { emitWebhook } from '../integration/webhooks.ts';
import { findLeadTraveller, formatFullName } from '#shared/rules/travellers.ts';
import type { InvoicingConfig } from '../../config.ts';
import type { Trx } from '../../db/database.ts';
import { parseQuoteSnapshot } from '../payments/amounts.ts';
import { parseTravellers } from '../bookings/records.ts';
import { type AltaRecord, altaXml, anulacionXml, type PreviousRecord, type RecordParty, type SoftwareIdentity } from './records.ts';
import {
  altaFingerprintInput,
  anulacionFingerprintInput,
  fingerprintOf,
  madridDay,
  madridTimestamp,
  reavBreakdown,
  recordAmount,
  recordDate,
} from './verifactu.ts';

/** VAT on the REAV margin (docs/decisions/043: to confirm with the operator's tax adviser). */
export const REAV_RATE_PERCENT = 21;
export const REAV_MENTION = 'Régimen especial de las agencias de viajes';

export const softwareOf = (issuer: NonNullable<InvoicingConfig['issuer']>): SoftwareIdentity => ({
  producerName: issuer.name,
  producerNif: issuer.nif,
  name: 'Different Roads Tienda',
  id: 'DR',
  version: '1.0',
  installation: '1',
});

/** The next number of a series, taken in the caller's transaction: consecutive, never shared, never skipped. */
async function nextNumber(trx: Trx, series: string): Promise<number> {
  await trx
    .insertInto('invoiceSeries')
    .values({ series, nextNumber: 1 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const row = await trx
    .updateTable('invoiceSeries')
    .set((eb) => ({ nextNumber: eb('nextNumber', '+', 1) }))
    .where('series', '=', series)
    .returning('nextNumber')
    .executeTakeFirstOrThrow();
  return row.nextNumber - 1;
}

/**
 * Appends a record to the issuer's chain: the head's row is claimed first (PostgreSQL locks it, SQLite writes
 * one transaction at a time), so records are chained in the order they are generated.
 */
async function appendRecord(
  trx: Trx,
  issuerNif: string,
  newId: () => string,
  build: (
    previous: PreviousRecord | null,
    seq: number,
  ) => {
    invoiceId: string;
    kind: 'ALTA' | 'ANULACION';
    invoiceNumber: string;
    issueDate: string;
    invoiceType: string | null;
    taxTotal: string | null;
    amountTotal: string | null;
    generatedAt: string;
    fingerprint: string;
    xml: string;
  },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('billingChain')
    .values({ issuerNif, lastSeq: 0, lastRecordId: null })
    .onConflict((oc) => oc.column('issuerNif').doNothing())
    .execute();
  const head = await trx
    .updateTable('billingChain')
    .set((eb) => ({ lastSeq: eb('lastSeq', '+', 1) }))
    .where('issuerNif', '=', issuerNif)
    .returning(['lastSeq', 'lastRecordId'])
    .executeTakeFirstOrThrow();
  const last = head.lastRecordId
    ? await trx.selectFrom('billingRecords').select(['invoiceNumber', 'issueDate', 'fingerprint']).where('id', '=', head.lastRecordId).executeTakeFirstOrThrow()
    : null;
  const previous = last ? { issuerNif, invoiceNumber: last.invoiceNumber, issueDate: last.issueDate, fingerprint: last.fingerprint } : null;
  const record = build(previous, head.lastSeq);
  const id = newId();
  await trx
    .insertInto('billingRecords')
    .values({
      id,
      issuerNif,
      seq: head.lastSeq,
      ...record,
      previousFingerprint: previous?.fingerprint ?? null,
      previousInvoiceNumber: previous?.invoiceNumber ?? null,
      previousIssueDate: previous?.issueDate ?? null,
      createdAt: now.toISOString(),
    })
    .execute();
  await trx.updateTable('billingChain').set({ lastRecordId: id }).where('issuerNif', '=', issuerNif).execute();
}

interface BookingForInvoice {
  id: string;
  differentId: string;
  tkId: string | null;
  tourName: string;
  dayOne: string | null;
  retailerId: string | null;
  travelersStringify: string;
}

/** Who the invoice is made out to: the agency that sold it, with its CIF, or the lead traveller with their document. */
async function recipientOf(trx: Trx, booking: BookingForInvoice): Promise<RecordParty & { address: string | null; retailerId: string | null }> {
  if (booking.retailerId) {
    const agency = await trx
      .selectFrom('retailers')
      .select(['name', 'fiscalName', 'cif', 'address', 'postalCode', 'city'])
      .where('id', '=', booking.retailerId)
      .executeTakeFirst();
    if (agency) {
      const address = [agency.address, [agency.postalCode, agency.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
      return { name: agency.fiscalName ?? agency.name, taxId: agency.cif, idType: 'NIF', address, retailerId: booking.retailerId };
    }
  }
  const lead = findLeadTraveller(parseTravellers(booking.travelersStringify));
  const fields = lead?.reservationFields ?? {};
  const name = formatFullName(fields) || 'Titular de la reserva';
  const nationalId = fields['national_id']?.trim().toUpperCase();
  if (nationalId && /^[0-9XYZ]\d{7}[A-Z]$/.test(nationalId)) return { name, taxId: nationalId, idType: 'NIF', address: null, retailerId: null };
  const passport = fields['passport']?.trim().toUpperCase();
  const country = fields['nationality']?.trim().toUpperCase();
  if (passport)
    return { name, taxId: passport, idType: '03', country: country && /^[A-Z]{2}$/.test(country) ? country : null, address: null, retailerId: null };
  return { name, taxId: null, idType: '07', address: null, retailerId: null };
}

async function issueInvoice(
  trx: Trx,
  {
    config,
    booking,
    kind,
    amountCents,
    paymentId = null,
    corrects = [],
    reason = null,
    now,
    newId,
  }: {
    config: InvoicingConfig & { issuer: NonNullable<InvoicingConfig['issuer']> };
    booking: BookingForInvoice;
    kind: 'F1' | 'R1';
    amountCents: number;
    paymentId?: string | null;
    corrects?: { id: string; invoiceNumber: string; issueDate: string }[];
    reason?: string | null;
    now: Date;
    newId: () => string;
  },
): Promise<string> {
  const { issuer } = config;
  const issueDate = madridDay(now);
  const series = `${kind === 'F1' ? 'F' : 'R'}${issueDate.slice(0, 4)}`;
  const number = await nextNumber(trx, series);
  const invoiceNumber = `${series}-${String(number).padStart(6, '0')}`;
  const { baseCents, taxCents } = reavBreakdown(amountCents, { marginPercent: config.reavMarginPercent, ratePercent: REAV_RATE_PERCENT });
  const party = await recipientOf(trx, booking);
  const reference = booking.tkId ?? booking.differentId;
  const trip = `${booking.tourName}${booking.dayOne ? `, salida del ${recordDate(booking.dayOne)}` : ''} (reserva ${reference})`;
  const description = kind === 'F1' ? `Viaje combinado: ${trip}. ${REAV_MENTION}.` : `Rectificación${reason ? ` (${reason})` : ''}: ${trip}. ${REAV_MENTION}.`;
  const id = newId();
  await trx
    .insertInto('invoices')
    .values({
      id,
      series,
      number,
      invoiceNumber,
      invoiceType: kind,
      bookingId: booking.id,
      paymentId,
      corrects: corrects.length ? JSON.stringify(corrects.map((c) => c.id)) : null,
      reason,
      issueDate,
      issuedAt: now.toISOString(),
      issuerNif: issuer.nif,
      issuerName: issuer.name,
      issuerAddress: issuer.address,
      recipientName: party.name,
      recipientTaxId: party.taxId,
      recipientIdType: party.idType === '07' ? null : party.idType,
      recipientCountry: party.country ?? null,
      recipientAddress: party.address,
      retailerId: party.retailerId,
      description,
      totalCents: amountCents,
      baseCents,
      taxCents,
      status: 'ISSUED',
    })
    .execute();
  await appendAlta(trx, { invoiceId: id, software: softwareOf(issuer), correcting: null, now, newId });
  await trx.updateTable('bookings').set({ invoiceRef: invoiceNumber }).where('id', '=', booking.id).execute();
  await emitWebhook(trx, {
    type: 'invoice.issued',
    data: { invoiceId: id, invoiceNumber, type: kind, bookingId: booking.id, totalCents: amountCents, issueDate },
    now,
  });
  return id;
}

/**
 * Appends the registration record of an invoice, from the invoice as stored: the first one, or one that
 * corrects a record the AEAT refused or registered with errors ([D] "Operaciones": Subsanacion S, with
 * RechazoPrevio X after a refusal). The fingerprint is over the same texts the XML carries.
 */
async function appendAlta(
  trx: Trx,
  {
    invoiceId,
    software,
    correcting,
    now,
    newId,
  }: { invoiceId: string; software: SoftwareIdentity; correcting: 'rejected' | 'registered' | null; now: Date; newId: () => string },
): Promise<void> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const corrects = invoice.corrects
    ? await trx
        .selectFrom('invoices')
        .select(['invoiceNumber', 'issueDate'])
        .where('id', 'in', JSON.parse(invoice.corrects) as string[])
        .orderBy('number')
        .execute()
    : [];
  const generatedAt = madridTimestamp(now);
  const fields = {
    issuerNif: invoice.issuerNif,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: recordDate(invoice.issueDate),
    invoiceType: invoice.invoiceType as 'F1' | 'R1',
    taxTotal: recordAmount(invoice.taxCents),
    amountTotal: recordAmount(invoice.totalCents),
    generatedAt,
  };
  const recipient: RecordParty = {
    name: invoice.recipientName,
    taxId: invoice.recipientTaxId,
    idType: invoice.recipientIdType === 'NIF' || invoice.recipientIdType === '03' ? invoice.recipientIdType : '07',
    country: invoice.recipientCountry,
  };
  await appendRecord(
    trx,
    invoice.issuerNif,
    newId,
    (previous) => {
      const fingerprint = fingerprintOf(altaFingerprintInput({ ...fields, previous: previous?.fingerprint ?? '' }));
      const record: AltaRecord = {
        ...fields,
        issuerName: invoice.issuerName,
        correcting,
        corrects: corrects.map((c) => ({ invoiceNumber: c.invoiceNumber, issueDate: recordDate(c.issueDate) })),
        description: invoice.description,
        recipient,
        base: recordAmount(invoice.baseCents),
        tax: recordAmount(invoice.taxCents),
        ratePercent: recordAmount(REAV_RATE_PERCENT * 100),
        previous,
        software,
        fingerprint,
      };
      return { invoiceId, kind: 'ALTA', ...fields, fingerprint, xml: altaXml(record) };
    },
    now,
  );
}

/**
 * 'Subsanar' (docs/decisions/043): a new registration record for an invoice whose last one the AEAT refused or
 * registered with errors, once the data it named is right — the recipient's document, when that was it. The
 * invoice itself keeps its number, date and amounts; the new record goes at the end of the chain.
 */
export async function correctRecord(
  trx: Trx,
  {
    config,
    invoiceId,
    recipientTaxId,
    now,
    newId = () => crypto.randomUUID(),
  }: { config: InvoicingConfig; invoiceId: string; recipientTaxId?: string | null; now: Date; newId?: () => string },
): Promise<{ correcting: 'rejected' | 'registered' } | null> {
  const { issuer } = config;
  if (!issuer) return null;
  const last = await trx
    .selectFrom('billingRecords')
    .select('status')
    .where('invoiceId', '=', invoiceId)
    .where('kind', '=', 'ALTA')
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  if (!last || (last.status !== 'REJECTED' && last.status !== 'ACCEPTED_WITH_ERRORS')) return null;
  if (recipientTaxId !== undefined) {
    const taxId = recipientTaxId?.trim().toUpperCase() || null;
    const spanish = taxId !== null && /^[0-9XYZ]\d{7}[A-Z]$|^[A-HJNP-SUVW]\d{7}[0-9A-J]$/.test(taxId);
    await trx
      .updateTable('invoices')
      .set({ recipientTaxId: taxId, recipientIdType: taxId === null ? null : spanish ? 'NIF' : '03' })
      .where('id', '=', invoiceId)
      .execute();
  }
  const correcting = last.status === 'REJECTED' ? 'rejected' : 'registered';
  await appendAlta(trx, { invoiceId, software: softwareOf(issuer), correcting, now, newId });
  return { correcting };
}

/**
 * Brings a booking's invoices in line with its money (see the module's comment), in the caller's transaction.
 * Nothing is issued while the issuer is not configured (production without its data): the shop says so elsewhere.
 */
export async function reconcileInvoices(
  trx: Trx,
  {
    config,
    bookingId,
    now,
    reason = null,
    newId = () => crypto.randomUUID(),
  }: {
    config: InvoicingConfig;
    bookingId: string;
    now: Date;
    reason?: string | null;
    /** Ids of the rows written (the demo seed's are drawn from its generator, so it writes the same rows each time). */
    newId?: () => string;
  },
): Promise<void> {
  const { issuer } = config;
  if (!issuer) return;
  const booking = await trx
    .selectFrom('bookings')
    .innerJoin('periods', 'periods.id', 'bookings.periodId')
    .innerJoin('tours', 'tours.id', 'periods.tourId')
    .select([
      'bookings.id',
      'bookings.differentId',
      'bookings.tkId',
      'bookings.status',
      'bookings.priceCents',
      'bookings.quoteStringify',
      'bookings.retailerId',
      'bookings.travelersStringify',
      'periods.dayOne',
      'tours.name as tourName',
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) return;
  const [payments, invoices] = await Promise.all([
    trx
      .selectFrom('payments')
      .select(['id', 'amountCents', 'refundedCents'])
      .where('bookingId', '=', bookingId)
      .where('status', '=', 'CONFIRMED')
      .where('paymentMethod', '!=', 'points')
      .orderBy('confirmedAt')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('invoices')
      .select(['id', 'invoiceNumber', 'issueDate', 'paymentId', 'totalCents', 'invoiceType'])
      .where('bookingId', '=', bookingId)
      .where('status', '=', 'ISSUED')
      .orderBy('issuedAt')
      .orderBy('number')
      .execute(),
  ]);
  const withIssuer = { ...config, issuer };
  const invoiced = new Set(invoices.map((i) => i.paymentId).filter(Boolean));
  let invoicedCents = invoices.reduce((sum, i) => sum + i.totalCents, 0);
  const issued = [...invoices];
  for (const payment of payments) {
    if (invoiced.has(payment.id) || payment.amountCents <= 0) continue;
    const id = await issueInvoice(trx, { config: withIssuer, booking, kind: 'F1', amountCents: payment.amountCents, paymentId: payment.id, now, newId });
    issued.push({ id, invoiceNumber: '', issueDate: madridDay(now), paymentId: payment.id, totalCents: payment.amountCents, invoiceType: 'F1' });
    invoicedCents += payment.amountCents;
  }
  const kept = payments.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0);
  const price = parseQuoteSnapshot(booking.quoteStringify)?.totalCents ?? booking.priceCents;
  const target = booking.status === 'CANCELED' ? 0 : Math.max(0, Math.min(kept, price));
  if (invoicedCents > target) {
    // The correction names the invoices it takes back from, the latest first.
    const numbers = await trx
      .selectFrom('invoices')
      .select(['id', 'invoiceNumber', 'issueDate', 'totalCents'])
      .where('bookingId', '=', bookingId)
      .where('invoiceType', '=', 'F1')
      .where('status', '=', 'ISSUED')
      .orderBy('issuedAt', 'desc')
      .orderBy('number', 'desc')
      .execute();
    let left = invoicedCents - target;
    const corrects: { id: string; invoiceNumber: string; issueDate: string }[] = [];
    for (const invoice of numbers) {
      if (left <= 0) break;
      corrects.push(invoice);
      left -= invoice.totalCents;
    }
    await issueInvoice(trx, {
      config: withIssuer,
      booking,
      kind: 'R1',
      amountCents: target - invoicedCents,
      corrects,
      reason: reason ?? (booking.status === 'CANCELED' ? 'reserva cancelada' : 'devolución'),
      now,
      newId,
    });
  }
}

/** A cancellation record for an invoice that should never have been issued ([F] §17): the invoice is voided, never deleted. */
export async function voidInvoice(
  trx: Trx,
  { config, invoiceId, now, newId = () => crypto.randomUUID() }: { config: InvoicingConfig; invoiceId: string; now: Date; newId?: () => string },
): Promise<void> {
  const { issuer } = config;
  if (!issuer) return;
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'invoiceNumber', 'issueDate', 'issuerNif', 'status'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  await trx.updateTable('invoices').set({ status: 'VOIDED' }).where('id', '=', invoiceId).where('status', '=', 'ISSUED').execute();
  const generatedAt = madridTimestamp(now);
  const issueDate = recordDate(invoice.issueDate);
  await appendRecord(
    trx,
    invoice.issuerNif,
    newId,
    (previous) => {
      const fingerprint = fingerprintOf(
        anulacionFingerprintInput({
          issuerNif: invoice.issuerNif,
          invoiceNumber: invoice.invoiceNumber,
          issueDate,
          previous: previous?.fingerprint ?? '',
          generatedAt,
        }),
      );
      return {
        invoiceId,
        kind: 'ANULACION',
        invoiceNumber: invoice.invoiceNumber,
        issueDate,
        invoiceType: null,
        taxTotal: null,
        amountTotal: null,
        generatedAt,
        fingerprint,
        xml: anulacionXml({
          issuerNif: invoice.issuerNif,
          invoiceNumber: invoice.invoiceNumber,
          issueDate,
          previous,
          software: softwareOf(issuer),
          generatedAt,
          fingerprint,
        }),
      };
    },
    now,
  );
}
