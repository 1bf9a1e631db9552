/**
 * The invoices desk (/admin/facturas, docs/decisions/043): the invoices issued, filtered by month, kind, the state
 * of their record at the AEAT and text; the chain's figures; the month's export for the accountant; and voiding
 * an invoice that should never have been issued (a cancellation record, recorded with its reason, once).
 */
import { sql } from 'kysely';
import { INVOICE_MESSAGES, INVOICE_PAGE_SIZE, type InvoiceListAnswer, type InvoiceListQuery } from '#shared/schemas/invoices.ts';
import { INVOICE_KIND_LABELS, RECORD_STATUS_LABELS, type RecordStatus } from '#shared/schemas/labels.ts';
import type { InvoicingConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Sheet } from '../files/spreadsheet.ts';
import { type Actor, applyOnce } from '../kit/apply-once.ts';
import { readPage } from '../kit/paged-query.ts';
import { correctRecord, voidInvoice } from './issue.ts';
import { likeContaining } from '../kit/search.ts';

const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/** Each invoice's latest registration record: its state at the AEAT. */
const latestRecord = (db: Db) =>
  db
    .selectFrom('billingRecords as r')
    .select(['r.invoiceId', 'r.status', 'r.aeatCode', 'r.aeatMessage'])
    .where('r.kind', '=', 'ALTA')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('billingRecords as later')
            .select('later.id')
            .whereRef('later.invoiceId', '=', 'r.invoiceId')
            .where('later.kind', '=', 'ALTA')
            .whereRef('later.seq', '>', 'r.seq'),
        ),
      ),
    );

function filtered(db: Db, query: Omit<InvoiceListQuery, 'sort' | 'dir' | 'page'>) {
  const like = query.q === undefined ? null : likeContaining(query.q.toLocaleLowerCase('es'));
  return db
    .selectFrom('invoices')
    .innerJoin('bookings', 'bookings.id', 'invoices.bookingId')
    .leftJoin(latestRecord(db).as('record'), 'record.invoiceId', 'invoices.id')
    .$if(query.month !== undefined, (q) =>
      q.where('invoices.issueDate', '>=', `${query.month}-01`).where('invoices.issueDate', '<', `${nextMonth(query.month ?? '')}-01`),
    )
    .$if(query.kind !== undefined, (q) => q.where('invoices.invoiceType', '=', query.kind ?? 'F1'))
    .$if(query.record !== undefined, (q) => q.where('record.status', '=', query.record ?? 'PENDING'))
    .$if(like !== null, (q) =>
      q.where((eb) =>
        eb.or([
          sql<boolean>`lower(${sql.ref('invoices.invoiceNumber')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${sql.ref('invoices.recipientName')}) like ${like} escape '\\'`,
          sql<boolean>`lower(coalesce(${sql.ref('invoices.recipientTaxId')}, '')) like ${like} escape '\\'`,
          sql<boolean>`lower(coalesce(${sql.ref('bookings.tkId')}, ${sql.ref('bookings.differentId')})) like ${like} escape '\\'`,
        ]),
      ),
    );
}

export async function listInvoices(db: Db, query: InvoiceListQuery, config: InvoicingConfig): Promise<InvoiceListAnswer> {
  const [page, counts] = await Promise.all([
    readPage(
      () => filtered(db, query),
      (q) =>
        q
          .select([
            'invoices.id',
            'invoices.invoiceNumber',
            'invoices.invoiceType',
            'invoices.issueDate',
            'invoices.recipientName',
            'invoices.recipientTaxId',
            'invoices.totalCents',
            'invoices.status',
            'invoices.bookingId',
            'bookings.tkId',
            'bookings.differentId',
            'record.status as recordStatus',
            'record.aeatCode',
            'record.aeatMessage',
          ])
          .orderBy('invoices.issuedAt', query.dir)
          .orderBy('invoices.invoiceNumber', query.dir),
      { page: query.page, pageSize: INVOICE_PAGE_SIZE },
    ),
    db
      .selectFrom('billingRecords')
      .select((eb) => [
        eb.fn.countAll<number>().as('records'),
        sql<number>`sum(case when ${sql.ref('status')} = 'PENDING' then 1 else 0 end)`.as('pending'),
        sql<number>`sum(case when ${sql.ref('status')} = 'REJECTED' then 1 else 0 end)`.as('rejected'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      invoiceNumber: r.invoiceNumber,
      invoiceType: r.invoiceType as 'F1' | 'R1',
      issueDate: r.issueDate,
      recipientName: r.recipientName,
      recipientTaxId: r.recipientTaxId,
      totalCents: r.totalCents,
      status: r.status as 'ISSUED' | 'VOIDED',
      bookingId: r.bookingId,
      bookingReference: r.tkId ?? r.differentId,
      record: r.recordStatus ? { status: r.recordStatus as RecordStatus, code: r.aeatCode, message: r.aeatMessage } : null,
    })),
    issuing: config.issuer !== null,
    chain: { records: Number(counts.records), pending: Number(counts.pending ?? 0), rejected: Number(counts.rejected ?? 0), broken: null },
  };
}

const euros = (cents: number) => Math.round(cents) / 100;

/** The month's invoices for the accountant: one line each with base, VAT and total, the totals per series. */
export async function invoiceMonthSheet(db: Db, month: string): Promise<Sheet> {
  const rows = await filtered(db, { month })
    .select([
      'invoices.series',
      'invoices.invoiceNumber',
      'invoices.invoiceType',
      'invoices.issueDate',
      'invoices.recipientName',
      'invoices.recipientTaxId',
      'invoices.baseCents',
      'invoices.taxCents',
      'invoices.totalCents',
      'invoices.corrects',
      'invoices.status',
      'bookings.tkId',
      'bookings.differentId',
      'record.status as recordStatus',
    ])
    .orderBy('invoices.series')
    .orderBy('invoices.number')
    .execute();
  const numbers = new Map(
    (await db.selectFrom('invoices').select(['id', 'invoiceNumber']).where('invoiceType', '=', 'F1').execute()).map((i) => [i.id, i.invoiceNumber]),
  );
  const series = [...new Set(rows.map((r) => r.series))];
  return {
    name: 'Facturas',
    title: [`Facturas de ${month}`, 'Régimen especial de las agencias de viajes: la base y el IVA son los del margen; el total, el precio cobrado.'],
    header: [
      'Serie',
      'Número',
      'Tipo',
      'Fecha',
      'Destinatario',
      'NIF o documento',
      'Reserva',
      'Base del margen (€)',
      'IVA (€)',
      'Total (€)',
      'Rectifica',
      'Estado',
      'AEAT',
    ],
    rows: [
      ...rows.map((r) => [
        r.series,
        r.invoiceNumber,
        INVOICE_KIND_LABELS[r.invoiceType as 'F1' | 'R1'],
        r.issueDate,
        r.recipientName,
        r.recipientTaxId ?? '',
        r.tkId ?? r.differentId,
        euros(r.baseCents),
        euros(r.taxCents),
        euros(r.totalCents),
        r.corrects ? (JSON.parse(r.corrects) as string[]).map((id) => numbers.get(id) ?? id).join(' ') : '',
        r.status === 'VOIDED' ? 'Anulada' : 'Emitida',
        r.recordStatus ? RECORD_STATUS_LABELS[r.recordStatus as RecordStatus] : '',
      ]),
      ...series.map((s) => {
        const of = rows.filter((r) => r.series === s && r.status === 'ISSUED');
        const sum = (key: 'baseCents' | 'taxCents' | 'totalCents') => euros(of.reduce((total, r) => total + r[key], 0));
        return [s, `Total de la serie (${of.length})`, '', '', '', '', '', sum('baseCents'), sum('taxCents'), sum('totalCents'), '', '', ''];
      }),
    ],
  };
}

/** 'Anular': for an invoice issued by mistake only ([F] §17); a cancellation record goes to the AEAT. Once per press. */
export async function voidInvoiceByStaff(
  db: Db,
  {
    config,
    invoiceId,
    reason,
    requestId,
    actor,
    now,
  }: { config: InvoicingConfig; invoiceId: string; reason: string; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  return applyOnce(
    db,
    { entityType: 'invoice', entityId: invoiceId, requestId, actor, now },
    async (trx, record) => {
      const invoice = await trx.selectFrom('invoices').select(['status', 'invoiceNumber']).where('id', '=', invoiceId).executeTakeFirst();
      if (!invoice) throw notFound('No encontramos esa factura.');
      if (invoice.status === 'VOIDED') throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyVoided);
      if (!config.issuer) throw new AppError('CONFLICT', INVOICE_MESSAGES.notConfigured);
      await voidInvoice(trx, { config, invoiceId, now });
      await record({ action: 'void-invoice', reason, before: { status: 'ISSUED' }, after: { status: 'VOIDED', invoiceNumber: invoice.invoiceNumber } });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}

/** 'Subsanar', once per press: the invoice's record again, corrected ([D] "Operaciones"). */
export async function correctRecordByStaff(
  db: Db,
  {
    config,
    invoiceId,
    recipientTaxId,
    requestId,
    actor,
    now,
  }: { config: InvoicingConfig; invoiceId: string; recipientTaxId: string | null | undefined; requestId: string; actor: Actor; now: Date },
): Promise<{ applied: boolean }> {
  return applyOnce(
    db,
    { entityType: 'invoice', entityId: invoiceId, requestId, actor, now },
    async (trx, record) => {
      const invoice = await trx.selectFrom('invoices').select(['recipientTaxId']).where('id', '=', invoiceId).executeTakeFirst();
      if (!invoice) throw notFound('No encontramos esa factura.');
      const done = await correctRecord(trx, { config, invoiceId, ...(recipientTaxId !== undefined ? { recipientTaxId } : {}), now });
      if (!done) throw new AppError('CONFLICT', INVOICE_MESSAGES.nothingToCorrect);
      await record({
        action: 'correct-record',
        before: { recipientTaxId: invoice.recipientTaxId },
        after: { recipientTaxId: recipientTaxId ?? invoice.recipientTaxId, ...done },
      });
      return { applied: true };
    },
    () => ({ applied: false }),
  );
}
