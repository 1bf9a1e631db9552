/**
 * An invoice as a PDF (docs/decisions/043): at the top of its first page the AEAT's QR code between «QR
 * tributario:» and «Factura verificable en la sede electrónica de la AEAT»; then the invoice's number and date,
 * issuer and recipient, what it invoices under the travel agencies' regime (VAT included in the price, not shown
 * apart), and for a correction the invoices it corrects and why.
 */
import QRCode from 'qrcode';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { Db } from '../../db/database.ts';
import { paragraph, renderPdf, rows, section } from '../bookings/documents/pdf.ts';
import { REAV_MENTION } from './issue.ts';
import { AEAT_QR_URL, qrAddress, recordAmount, recordDate } from './verifactu.ts';

/** 35 mm in PDF points (the QR must be 30–40 mm, [O] art. 21). */
const QR_SIZE = (35 / 25.4) * 72;

export async function renderInvoicePdf(db: Db, invoiceId: string, { test }: { test: boolean }): Promise<{ pdf: Buffer; invoiceNumber: string } | null> {
  const invoice = await db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) return null;
  const corrected = invoice.corrects
    ? await db
        .selectFrom('invoices')
        .select(['invoiceNumber', 'issueDate'])
        .where('id', 'in', JSON.parse(invoice.corrects) as string[])
        .execute()
    : [];
  const address = qrAddress({
    base: test ? AEAT_QR_URL.test : AEAT_QR_URL.production,
    issuerNif: invoice.issuerNif,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: recordDate(invoice.issueDate),
    amountTotal: recordAmount(invoice.totalCents),
  });
  const qr = await QRCode.toBuffer(address, { errorCorrectionLevel: 'M', margin: 0, width: 300 });
  const correction = invoice.invoiceType === 'R1';
  const pdf = await renderPdf({
    title: correction ? 'Factura rectificativa' : 'Factura',
    subtitle: `${invoice.invoiceNumber} · ${formatSpanishDate({ date: invoice.issueDate })}`,
    issuedAt: invoice.issuedAt,
    top: (doc) => {
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
      const left = doc.page.margins.left + (width - QR_SIZE) / 2;
      doc.font('Helvetica').fontSize(10).fillColor('black').text('QR tributario:', doc.page.margins.left, doc.y, { width, align: 'center' });
      const y = doc.y + 2;
      doc.image(qr, left, y, { width: QR_SIZE, height: QR_SIZE });
      doc.y = y + QR_SIZE + 4;
      doc.text('Factura verificable en la sede electrónica de la AEAT', doc.page.margins.left, doc.y, { width, align: 'center' });
      doc.moveDown(1);
      doc.x = doc.page.margins.left;
    },
    draw: (doc) => {
      section(doc, 'Factura');
      rows(doc, [
        ['Número', invoice.invoiceNumber],
        ['Fecha de expedición', formatSpanishDate({ date: invoice.issueDate })],
        ['Tipo', correction ? 'Rectificativa por diferencias (art. 80 LIVA)' : 'Factura completa'],
        ...(corrected.length
          ? ([['Rectifica', corrected.map((c) => `${c.invoiceNumber} (${formatSpanishDate({ date: c.issueDate })})`).join(', ')]] as [string, string][])
          : []),
        ...(invoice.reason ? ([['Motivo', invoice.reason]] as [string, string][]) : []),
      ]);
      section(doc, 'Emisor');
      rows(doc, [
        ['Razón social', invoice.issuerName],
        ['NIF', invoice.issuerNif],
        ['Domicilio', invoice.issuerAddress],
      ]);
      section(doc, 'Destinatario');
      rows(doc, [
        ['Nombre', invoice.recipientName],
        ['Documento', invoice.recipientTaxId ? `${invoice.recipientIdType === '03' ? 'Pasaporte' : 'NIF'} ${invoice.recipientTaxId}` : 'No consta'],
        ...(invoice.recipientAddress ? ([['Domicilio', invoice.recipientAddress]] as [string, string][]) : []),
      ]);
      section(doc, 'Concepto');
      paragraph(doc, invoice.description);
      rows(doc, [['Importe total', formatEuros(invoice.totalCents)]]);
      doc.moveDown(0.5);
      paragraph(doc, `${REAV_MENTION}. El IVA va incluido en el precio y no se desglosa (art. 142 de la Ley 37/1992).`, { muted: true });
    },
  });
  return { pdf, invoiceNumber: invoice.invoiceNumber };
}
