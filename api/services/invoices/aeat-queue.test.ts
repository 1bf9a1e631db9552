/**
 * The VERI*FACTU queue against a local stand-in of the AEAT's service (docs/decisions/043), on SQLite and
 * PostgreSQL: records go in the order they were generated, each validated against the official schema and its
 * fingerprint checked; the waiting time the answer gives is kept, unless a full submission is ready; an outage
 * keeps everything queued and later sends it all once, in order, flagged as after an incident; a rejection and
 * a wrong fingerprint are kept with the AEAT's code and words; a lost answer resent is a duplicate of the first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, insertDeparture, jsonRequest, type TestApi } from '../../../tests/support/booking-fixtures.ts';
import { TEST_ORIGIN } from '../../../tests/support/auth-client.ts';
import { CALLERS } from '../../../tests/support/callers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/support/databases.ts';
import { seedCallers } from '../../../tests/support/callers.ts';
import { paidBooking } from '../../../tests/support/payment-fixtures.ts';
import { answerXml, type StandIn, startAeatStandIn } from '../../../tests/support/aeat-standin.ts';
import { testConfig } from '../../../tests/support/test-config.ts';
import { schemaErrors } from '../../../tests/support/xsd.ts';
import { certificateTransport, readAnswer, sendPendingRecords } from './aeat-queue.ts';

// On every engine, always: what is sent and recorded is the invoices' legal trail.
describe.each(dialects)('the VERI*FACTU queue on %s', (dialect) => {
  let t: TestDatabase;
  let api: TestApi;
  let aeat: StandIn;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    api = createTestApi(t.db, t.url);
    await insertDeparture(t.db, { seats: 100 });
    await seedCallers(t.db);
    aeat = await startAeatStandIn();
  });
  afterEach(async () => {
    await aeat.close();
    await t.drop();
  });

  const config = () => ({ ...testConfig({}).invoicing, aeat: { url: aeat.url, certPath: null, certPassword: null, test: true } });
  const send = (now: Date, maxRecords?: number) =>
    sendPendingRecords(t.db, { config: config(), transport: certificateTransport(config().aeat), now, ...(maxRecords ? { maxRecords } : {}) });
  const states = () => t.db.selectFrom('billingRecords').select(['seq', 'status', 'aeatCode', 'aeatMessage', 'aeatCsv']).orderBy('seq').execute();
  const at = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('sends the records in order, keeps the AEAT’s answer, and waits the time it gives unless a full submission is ready', async () => {
    for (let i = 0; i < 3; i++) await paidBooking(api, t.db);
    expect(await send(at(0), 2)).toEqual({ outcome: 'sent', records: 2 });
    expect(aeat.received.map((r) => r.numbers)).toEqual([[expect.stringMatching(/-000001\|Alta$/), expect.stringMatching(/-000002\|Alta$/)]]);
    expect((await states()).map((r) => r.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'PENDING']);
    expect((await states())[0]?.aeatCsv).toMatch(/^A-STANDIN/);
    // One record waiting is not a full submission: the 60 s of the answer hold it.
    expect(await send(at(30), 2)).toEqual({ outcome: 'waiting', records: 0 });
    await paidBooking(api, t.db);
    // Two make a full submission (of 2, here): they go at once.
    expect(await send(at(31), 2)).toEqual({ outcome: 'sent', records: 2 });
    expect(await send(at(200), 2)).toEqual({ outcome: 'nothing', records: 0 });
    expect(aeat.received.flatMap((r) => r.numbers)).toHaveLength(4);
  });

  it('keeps everything queued through an outage, then sends it all once, in order, flagged as after an incident', async () => {
    await paidBooking(api, t.db);
    aeat.mode = 'outage';
    expect((await send(at(0))).outcome).toBe('unreachable');
    await paidBooking(api, t.db);
    expect((await send(at(30))).outcome).toBe('waiting');
    aeat.mode = 'server-fault';
    expect((await send(at(61))).outcome).toBe('unreachable');
    expect((await states()).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    aeat.mode = 'accept';
    expect(await send(at(400))).toEqual({ outcome: 'sent', records: 2 });
    expect(aeat.received).toEqual([{ numbers: [expect.stringMatching(/-000001\|Alta$/), expect.stringMatching(/-000002\|Alta$/)], incident: true }]);
    expect((await states()).map((r) => r.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
    // The answer of a submission that arrived was lost: sent again, it is the first one's duplicate, accepted.
    await t.db.updateTable('billingRecords').set({ status: 'PENDING' }).execute();
    expect((await send(at(500))).outcome).toBe('sent');
    expect((await states()).map((r) => [r.status, r.aeatCode])).toEqual([
      ['ACCEPTED', null],
      ['ACCEPTED', null],
    ]);
  });

  it('keeps a rejection and a wrong fingerprint with the AEAT’s code and words', async () => {
    await paidBooking(api, t.db);
    aeat.mode = 'reject';
    await send(at(0));
    expect((await states())[0]).toMatchObject({ status: 'REJECTED', aeatCode: '1110', aeatMessage: 'El NIF no está identificado en el censo de la AEAT.' });
    aeat.mode = 'accept';
    await paidBooking(api, t.db);
    // The second record's fingerprint changed in its XML: the AEAT accepts it, with error 2000.
    const [, second] = await t.db.selectFrom('billingRecords').select(['id', 'fingerprint', 'xml']).orderBy('seq').execute();
    const wrong = `${second?.fingerprint.slice(0, -1)}${second?.fingerprint.endsWith('A') ? 'B' : 'A'}`;
    await t.db
      .updateTable('billingRecords')
      .set({
        xml: (second?.xml ?? '').replace(
          `<sf:Huella>${second?.fingerprint}</sf:Huella></sf:RegistroAlta>`,
          `<sf:Huella>${wrong}</sf:Huella></sf:RegistroAlta>`,
        ),
      })
      .where('id', '=', second?.id ?? '')
      .execute();
    await send(at(61));
    expect((await states())[1]).toMatchObject({
      status: 'ACCEPTED_WITH_ERRORS',
      aeatCode: '2000',
      aeatMessage: 'El cálculo de la huella suministrada es incorrecta.',
    });
  });

  it('corrects a rejected record with the recipient’s document: a new record, marked as correcting a refusal, accepted', async () => {
    const { id } = await paidBooking(api, t.db);
    aeat.mode = 'reject';
    await send(at(0));
    aeat.mode = 'accept';
    const [invoice] = await t.db.selectFrom('invoices').select('id').where('bookingId', '=', id).execute();
    const press = async (body: object) =>
      api.request(`/admin/invoices/${invoice?.id}/correct-record`, {
        ...jsonRequest('POST', body),
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-test-auth': JSON.stringify(CALLERS.admin) },
      });
    expect((await press({ requestId: 'correct-record-1', recipientTaxId: 'x' })).status).toBe(422);
    const [one, two] = await Promise.all([
      press({ requestId: 'correct-record-2', recipientTaxId: '87654321X' }),
      press({ requestId: 'correct-record-2', recipientTaxId: '87654321X' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const records = await t.db.selectFrom('billingRecords').select(['seq', 'status', 'xml']).orderBy('seq').execute();
    expect(records.map((r) => r.status)).toEqual(['REJECTED', 'PENDING']);
    expect(records[1]?.xml).toContain('<sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>X</sf:RechazoPrevio>');
    expect(records[1]?.xml).toContain('<sf:NIF>87654321X</sf:NIF>');
    await send(at(61));
    expect((await states()).map((r) => r.status)).toEqual(['REJECTED', 'ACCEPTED']);
    // Nothing is left to correct.
    expect((await press({ requestId: 'correct-record-3' })).status).toBe(409);
  });

  it('reads the AEAT’s answers and faults, whose form the response schema accepts', async () => {
    const answer = answerXml({
      issuer: { name: 'Different Roads Viajes, S.L.', nif: 'B00000000' },
      wait: 120,
      lines: [{ nif: 'B00000000', number: 'F2027-000001', date: '04-01-2027', operation: 'Alta', state: 'AceptadoConErrores', code: '2004', text: 'Fecha' }],
    });
    expect(await schemaErrors(answer, 'RespuestaSuministro.xsd')).toEqual([]);
    expect(readAnswer(answer)).toMatchObject({
      kind: 'answer',
      waitSeconds: 120,
      lines: [{ number: 'F2027-000001', operation: 'ALTA', status: 'ACCEPTED_WITH_ERRORS', code: '2004' }],
    });
    const fault =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring></env:Fault></env:Body></env:Envelope>';
    expect(readAnswer(fault)).toEqual({ kind: 'fault', server: false, code: '4102', message: 'Codigo[4102].El XML no cumple el esquema.' });
  });
});
