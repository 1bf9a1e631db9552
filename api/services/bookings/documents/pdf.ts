/**
 * The look every PDF of the shop shares (booking voucher, payment receipt): A4, the brand on top, blocks
 * of label–value rows, the organiser's legal identity at the foot. pdfkit's standard Helvetica covers
 * Spanish (WinAnsi: ñ, á, €); streams are left uncompressed so the documents are small text a test can read.
 */
import PDFDocument from 'pdfkit';
import { BRAND_NAME } from '#shared/constants.ts';
import legal from '../../../../site/content/company-legal.json' with { type: 'json' };

/** The organiser as site/content/company-legal.json states it (the same data the legal pages show). */
export interface CompanyLegal {
  legalName: string;
  taxId: string;
  address: string;
  registry: string;
  agencyLicence: string;
  insolvencyGuarantee: string;
}

export const COMPANY_LEGAL: CompanyLegal = legal;

const BRAND_COLOUR = '#0b5d4b';
const MUTED = '#52606d';
const MARGIN = 50;

export type Pdf = InstanceType<typeof PDFDocument>;

/** A heading for a block of rows. */
export function section(doc: Pdf, title: string): void {
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND_COLOUR).text(title);
  doc.moveDown(0.3);
  doc.fillColor('black');
}

/** Label–value rows, the label in a fixed column. */
export function rows(doc: Pdf, entries: readonly (readonly [string, string])[]): void {
  const labelWidth = 150;
  for (const [label, value] of entries) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('black')
      .text(value, MARGIN + labelWidth, y, { width: doc.page.width - 2 * MARGIN - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = MARGIN;
}

/** A plain paragraph. */
export function paragraph(doc: Pdf, text: string, { muted = false, size = 10 }: { muted?: boolean; size?: number } = {}): void {
  doc
    .font('Helvetica')
    .fontSize(size)
    .fillColor(muted ? MUTED : 'black')
    .text(text, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
  doc.fillColor('black');
}

/**
 * Renders a document: the brand and `title` on top, `draw`'s body, the organiser's legal identity at the
 * end. `issuedAt` is also the PDF's creation date, so the same data gives the same document.
 */
export function renderPdf({
  title,
  subtitle,
  issuedAt,
  top,
  draw,
  office,
}: {
  title: string;
  subtitle: string;
  issuedAt: string;
  /** Drawn above the brand, at the top of the first page (an invoice's QR code goes there). */
  top?: (doc: Pdf) => void;
  draw: (doc: Pdf) => void;
  /** How the traveller reaches the office (the company's data staff edit), printed under the organiser. */
  office?: { phone: string | null; email: string | null; schedules: string | null } | null;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    lang: 'es-ES',
    info: { Title: title, Author: BRAND_NAME, Creator: BRAND_NAME, Producer: BRAND_NAME, CreationDate: new Date(issuedAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  top?.(doc);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND_COLOUR).text(BRAND_NAME);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(title);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(subtitle);
  doc.fillColor('black');
  draw(doc);
  section(doc, 'Organizador del viaje');
  paragraph(doc, `${COMPANY_LEGAL.legalName} · NIF ${COMPANY_LEGAL.taxId}`, { size: 9 });
  paragraph(doc, COMPANY_LEGAL.address, { size: 9 });
  paragraph(doc, COMPANY_LEGAL.agencyLicence, { size: 9, muted: true });
  paragraph(
    doc,
    `${COMPANY_LEGAL.registry}. Viaje combinado sujeto al Real Decreto Legislativo 1/2007 y a la Directiva (UE) 2015/2302, con ${COMPANY_LEGAL.insolvencyGuarantee}.`,
    { size: 9, muted: true },
  );
  const contact = [office?.phone, office?.email, office?.schedules].filter((part): part is string => Boolean(part?.trim()));
  if (contact.length > 0) paragraph(doc, `Atención al viajero: ${contact.join(' · ')}`, { size: 9 });
  doc.end();
  return done;
}
