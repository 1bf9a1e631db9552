/**
 * The demo's uploaded booking documents (tk-upload): a one-page e-ticket PDF per document, written by hand
 * (a few fixed objects and their offsets) so the seed knows its size when it builds the rows and writes
 * the same bytes every time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A minimal valid PDF showing `lines` in Helvetica (ASCII only: the demo's ticket has no accents). */
export function demoTicketPdf(lines: readonly string[]): Buffer {
  const pdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = ['BT /F1 14 Tf 56 780 Td 18 TL', ...lines.map((line) => `(${pdfString(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** What a demo document says: derived from its row, so the rows and the files agree. */
export const demoTicketLines = (doc: { bookingId: string; name: string }) => [
  'Different Roads',
  'Billete electronico (documento de demostracion)',
  `Archivo: ${doc.name}`,
  `Reserva: ${doc.bookingId}`,
];

export async function writeDemoDocuments(filesDir: string, documents: readonly { storageKey: string; bookingId: string; name: string }[]): Promise<void> {
  for (const doc of documents) {
    const target = join(filesDir, doc.storageKey);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, demoTicketPdf(demoTicketLines(doc)));
  }
}
