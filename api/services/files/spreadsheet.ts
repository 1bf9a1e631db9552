/**
 * The back office's downloads as spreadsheets: a table with a few lines of title above it, as CSV (with the
 * byte-order mark Excel needs to read accents) and as XLSX. Values arrive as the table shows them (text);
 * numbers meant to be summed in a spreadsheet arrive as numbers.
 */
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

export type Cell = string | number;

export interface Sheet {
  name: string;
  /** Lines above the table: the first is the title. */
  title: readonly string[];
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
}

export const csvOf = ({ header, rows }: Pick<Sheet, 'header' | 'rows'>): string => `\uFEFF${stringify([[...header], ...rows.map((r) => [...r])])}`;

export async function workbookOf({ name, title, header, rows }: Sheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Different Roads';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: title.length + 1 }] });
  for (const [i, line] of title.entries()) {
    const added = sheet.addRow([line]);
    if (i === 0) added.font = { bold: true, size: 13 };
  }
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  for (const [i, column] of sheet.columns.entries()) {
    const widest = Math.max(header[i]?.length ?? 0, ...rows.map((r) => String(r[i] ?? '').length));
    column.width = Math.min(40, Math.max(10, widest + 2));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** A sheet as the back office downloads it: CSV or XLSX, named `{name}.{kind}`, never cached. */
export async function sheetDownload(sheet: Sheet, kind: 'csv' | 'xlsx', name: string): Promise<Response> {
  const body = kind === 'csv' ? csvOf(sheet) : new Uint8Array(await workbookOf(sheet));
  return new Response(body, {
    headers: { 'Content-Type': TYPES[kind], 'Content-Disposition': `attachment; filename="${name}.${kind}"`, 'Cache-Control': 'no-store' },
  });
}
