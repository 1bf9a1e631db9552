import { Hono } from 'hono';
import { CorrectRecordSchema, InvoiceListQuerySchema, MonthQuerySchema, VoidInvoiceSchema } from '#shared/schemas/invoices.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { notFound } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { sheetDownload } from '../services/files/spreadsheet.ts';
import { correctRecordByStaff, invoiceMonthSheet, listInvoices, voidInvoiceByStaff } from '../services/invoices/desk.ts';
import { renderInvoicePdf } from '../services/invoices/invoice-pdf.ts';
import { submissionXml } from '../services/invoices/records.ts';
import { verifyChains } from '../services/invoices/verify.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/admin/invoices`, admins only (docs/decisions/043): the invoices issued and their records' states, the
 * chain checked whole, the month's export for the accountant, an invoice's PDF and its records' XML, and voiding
 * an invoice issued by mistake.
 */
export function adminInvoiceRoutes({ db, config }: AppDeps) {
  const download = (body: Uint8Array<ArrayBuffer> | string, type: string, name: string) =>
    new Response(body, { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' } });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', InvoiceListQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listInvoices(db, c.req.valid('query'), config.invoicing));
    })
    .get('/chain', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ chains: await verifyChains(db) });
    })
    .get('/export.csv', allow('admin'), validate('query', MonthQuerySchema), async (c) => {
      const { month } = c.req.valid('query');
      return sheetDownload(await invoiceMonthSheet(db, month), 'csv', `facturas-${month}`);
    })
    .get('/export.xlsx', allow('admin'), validate('query', MonthQuerySchema), async (c) => {
      const { month } = c.req.valid('query');
      return sheetDownload(await invoiceMonthSheet(db, month), 'xlsx', `facturas-${month}`);
    })
    .get('/:id/invoice.pdf', allow('admin'), validate('param', IdParam), async (c) => {
      const rendered = await renderInvoicePdf(db, c.req.valid('param').id, { test: config.invoicing.aeat.test });
      if (!rendered) throw notFound('No encontramos esa factura.');
      return download(new Uint8Array(rendered.pdf), 'application/pdf', `factura-${rendered.invoiceNumber}.pdf`);
    })
    .get('/:id/records.xml', allow('admin'), validate('param', IdParam), async (c) => {
      const records = await db
        .selectFrom('billingRecords')
        .innerJoin('invoices', 'invoices.id', 'billingRecords.invoiceId')
        .select(['billingRecords.xml', 'invoices.invoiceNumber', 'invoices.issuerName', 'invoices.issuerNif'])
        .where('billingRecords.invoiceId', '=', c.req.valid('param').id)
        .orderBy('billingRecords.seq')
        .execute();
      const [first] = records;
      if (!first) throw notFound('No encontramos esa factura.');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>${submissionXml({ issuer: { name: first.issuerName, nif: first.issuerNif }, records: records.map((r) => r.xml) })}`;
      return download(xml, 'application/xml; charset=utf-8', `registros-${first.invoiceNumber}.xml`);
    })
    .post('/:id/correct-record', allow('admin'), validate('param', IdParam), validate('json', CorrectRecordSchema), async (c) => {
      const { requestId, recipientTaxId } = c.req.valid('json');
      const { applied } = await correctRecordByStaff(db, {
        config: config.invoicing,
        invoiceId: c.req.valid('param').id,
        recipientTaxId,
        requestId,
        actor: actorOf(c.var.auth),
        now: new Date(),
      });
      return c.json({ applied });
    })
    .post('/:id/void', allow('admin'), validate('param', IdParam), validate('json', VoidInvoiceSchema), async (c) => {
      const { requestId, reason } = c.req.valid('json');
      const { applied } = await voidInvoiceByStaff(db, {
        config: config.invoicing,
        invoiceId: c.req.valid('param').id,
        reason,
        requestId,
        actor: actorOf(c.var.auth),
        now: new Date(),
      });
      return c.json({ applied });
    });
}
