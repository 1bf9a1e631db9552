/**
 * The VERI*FACTU rules against the AEAT's own worked examples ([H] §6, docs/decisions/043) and against an
 * independent implementation: the fingerprint text assembled by hand and hashed by coreutils' sha256sum.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  altaFingerprintInput,
  anulacionFingerprintInput,
  fingerprintOf,
  madridTimestamp,
  qrAddress,
  reavBreakdown,
  recordAmount,
  recordDate,
} from './verifactu.ts';

const CASE_1 = {
  issuerNif: '89890001K',
  invoiceNumber: '12345678/G33',
  issueDate: '01-01-2024',
  invoiceType: 'F1',
  taxTotal: '12.35',
  amountTotal: '123.45',
  previous: '',
  generatedAt: '2024-01-01T19:20:30+01:00',
};

describe('the fingerprint, as the AEAT computes it', () => {
  it('matches the AEAT example of a first registration record', () => {
    expect(altaFingerprintInput(CASE_1)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(fingerprintOf(altaFingerprintInput(CASE_1))).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('matches the AEAT example of a second registration record, chained to the first', () => {
    const second = {
      ...CASE_1,
      invoiceNumber: '12345679/G34',
      previous: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      generatedAt: '2024-01-01T19:20:35+01:00',
    };
    expect(fingerprintOf(altaFingerprintInput(second))).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('matches the AEAT example of a cancellation record', () => {
    const input = anulacionFingerprintInput({
      issuerNif: '89890001K',
      invoiceNumber: '12345679/G34',
      issueDate: '01-01-2024',
      previous: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      generatedAt: '2024-01-01T19:20:40+01:00',
    });
    expect(input.startsWith('IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&')).toBe(true);
    expect(fingerprintOf(input)).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('trims values, keeps inner spaces, and hashes the amount as written', () => {
    expect(altaFingerprintInput({ ...CASE_1, invoiceNumber: ' 12345678 / G33 ' })).toContain('NumSerieFactura=12345678 / G33&');
    const written = fingerprintOf(altaFingerprintInput({ ...CASE_1, taxTotal: '26.00' }));
    expect(fingerprintOf(altaFingerprintInput({ ...CASE_1, taxTotal: '26' }))).not.toBe(written);
  });

  it('agrees with an independent implementation (the text built by hand, hashed by sha256sum) on the shop’s own records', () => {
    const records = [
      {
        ...CASE_1,
        issuerNif: 'B00000000',
        invoiceNumber: 'F2027-000001',
        issueDate: '04-01-2027',
        taxTotal: recordAmount(2_603),
        amountTotal: recordAmount(100_000),
      },
      {
        ...CASE_1,
        issuerNif: 'B00000000',
        invoiceNumber: 'R2027-000001',
        invoiceType: 'R1',
        issueDate: '05-01-2027',
        taxTotal: recordAmount(-2_603),
        amountTotal: recordAmount(-100_000),
        previous: 'ABCDEF',
        generatedAt: '2027-01-05T09:00:00+01:00',
      },
    ];
    for (const r of records) {
      const byHand = `IDEmisorFactura=${r.issuerNif}&NumSerieFactura=${r.invoiceNumber}&FechaExpedicionFactura=${r.issueDate}&TipoFactura=${r.invoiceType}&CuotaTotal=${r.taxTotal}&ImporteTotal=${r.amountTotal}&Huella=${r.previous}&FechaHoraHusoGenRegistro=${r.generatedAt}`;
      const coreutils = execFileSync('sha256sum', { input: Buffer.from(byHand, 'utf8') })
        .toString()
        .split(' ')[0]
        ?.toUpperCase();
      expect(fingerprintOf(altaFingerprintInput(r))).toBe(coreutils);
    }
  });
});

describe('how the records write amounts, dates and times', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12_345, '123.45'],
    [100_000, '1000.00'],
    [-2_603, '-26.03'],
  ])('%i cents is %s', (cents, text) => expect(recordAmount(cents)).toBe(text));

  it('writes the issue date day first, and the generation time in Madrid with its offset, to the second', () => {
    expect(recordDate('2027-01-04')).toBe('04-01-2027');
    expect(madridTimestamp(new Date('2027-01-04T09:15:00.123Z'))).toBe('2027-01-04T10:15:00+01:00');
    expect(madridTimestamp(new Date('2027-07-04T09:15:00Z'))).toBe('2027-07-04T11:15:00+02:00');
  });

  it('splits a REAV amount into the margin’s base and VAT, signs following the amount', () => {
    expect(reavBreakdown(100_000, { marginPercent: 15, ratePercent: 21 })).toEqual({ baseCents: 12_397, taxCents: 2_603 });
    expect(reavBreakdown(-100_000, { marginPercent: 15, ratePercent: 21 })).toEqual({ baseCents: -12_397, taxCents: -2_603 });
  });

  it('builds the QR’s address with its four parameters URL-encoded', () => {
    expect(
      qrAddress({
        base: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
        issuerNif: '89890001K',
        invoiceNumber: '12345678&G33',
        issueDate: '01-01-2024',
        amountTotal: '241.40',
      }),
    ).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40');
  });
});
