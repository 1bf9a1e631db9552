/**
 * `npm run invoices -- verify` (docs/decisions/043): every record of every issuer's chain recomputed — its
 * fingerprint over its own fields, its link to the one before, its number in the sequence, and what it says
 * against the invoice it records — and the first one that does not match named.
 */
import type { Db } from '../../db/database.ts';
import { altaFingerprintInput, anulacionFingerprintInput, fingerprintOf, recordAmount, recordDate } from './verifactu.ts';

export interface ChainReport {
  issuerNif: string;
  records: number;
  /** The first record that does not match, and why; null when the whole chain holds. */
  broken: { seq: number; invoiceNumber: string; reason: string } | null;
}

export async function verifyChains(db: Db): Promise<ChainReport[]> {
  const issuers = await db.selectFrom('billingRecords').select('issuerNif').distinct().orderBy('issuerNif').execute();
  const reports: ChainReport[] = [];
  for (const { issuerNif } of issuers) {
    const records = await db
      .selectFrom('billingRecords')
      .innerJoin('invoices', 'invoices.id', 'billingRecords.invoiceId')
      .select([
        'billingRecords.seq',
        'billingRecords.kind',
        'billingRecords.invoiceNumber',
        'billingRecords.issueDate',
        'billingRecords.invoiceType',
        'billingRecords.taxTotal',
        'billingRecords.amountTotal',
        'billingRecords.previousFingerprint',
        'billingRecords.generatedAt',
        'billingRecords.fingerprint',
        'billingRecords.xml',
        'invoices.invoiceNumber as invoiceOwnNumber',
        'invoices.issueDate as invoiceIssueDate',
        'invoices.totalCents',
        'invoices.taxCents',
        'invoices.invoiceType as invoiceOwnType',
      ])
      .where('billingRecords.issuerNif', '=', issuerNif)
      .orderBy('billingRecords.seq')
      .execute();
    let broken: ChainReport['broken'] = null;
    let previous = '';
    for (const [i, r] of records.entries()) {
      const fail = (reason: string) => ({ seq: r.seq, invoiceNumber: r.invoiceNumber, reason });
      const expected =
        r.kind === 'ALTA'
          ? altaFingerprintInput({
              issuerNif,
              invoiceNumber: r.invoiceNumber,
              issueDate: r.issueDate,
              invoiceType: r.invoiceType ?? '',
              taxTotal: r.taxTotal ?? '',
              amountTotal: r.amountTotal ?? '',
              previous: r.previousFingerprint ?? '',
              generatedAt: r.generatedAt,
            })
          : anulacionFingerprintInput({
              issuerNif,
              invoiceNumber: r.invoiceNumber,
              issueDate: r.issueDate,
              previous: r.previousFingerprint ?? '',
              generatedAt: r.generatedAt,
            });
      if (r.seq !== i + 1) broken = fail(`falta el registro ${i + 1} de la cadena`);
      else if ((r.previousFingerprint ?? '') !== previous) broken = fail('no enlaza con la huella del registro anterior');
      else if (fingerprintOf(expected) !== r.fingerprint) broken = fail('su huella no corresponde a sus datos');
      else if (!r.xml.includes(`<sf:Huella>${r.fingerprint}</sf:Huella>`)) broken = fail('el XML guardado no lleva su huella');
      else if (r.invoiceNumber !== r.invoiceOwnNumber || r.issueDate !== recordDate(r.invoiceIssueDate)) broken = fail('no corresponde a su factura');
      else if (
        r.kind === 'ALTA' &&
        (r.amountTotal !== recordAmount(r.totalCents) || r.taxTotal !== recordAmount(r.taxCents) || r.invoiceType !== r.invoiceOwnType)
      )
        broken = fail('los importes o el tipo de la factura no son los del registro');
      if (broken) break;
      previous = r.fingerprint;
    }
    reports.push({ issuerNif, records: records.length, broken });
  }
  return reports;
}
