/**
 * Sending the VERI*FACTU records to the AEAT (docs/decisions/043, [O] art. 16): the issuer's pending records,
 * in the order they were generated, at most 1,000 per submission, never sooner than the waiting time the last
 * answer gave (60 s before any), as SOAP 1.1 with the company's certificate. Each record keeps the AEAT's
 * state, code and words. A service that cannot be reached is tried again later with the same records
 * unchanged, flagged as sent after an incident; a duplicate answer means the first submission arrived.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { XMLParser } from 'fast-xml-parser';
import type { InvoicingConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { soapEnvelope, submissionXml } from './records.ts';

export const MAX_RECORDS_PER_SUBMISSION = 1000;
export const FIRST_WAIT_SECONDS = 60;
/** After the service could not be reached: 1, 2, 4… minutes, never more than an hour. */
const retryAfter = (attempts: number) => Math.min(60 * 60, 60 * 2 ** Math.max(0, attempts - 1));

/** One POST of a SOAP envelope: the HTTP status and body, or a thrown error when nothing came back. */
export type AeatTransport = (url: string, envelope: string) => Promise<{ status: number; body: string }>;

/** The AEAT over HTTPS with the company's certificate (PKCS#12); plain HTTP only for a local stand-in. */
export function certificateTransport(aeat: InvoicingConfig['aeat']): AeatTransport {
  const agent =
    aeat.certPath && aeat.url.startsWith('https:')
      ? new https.Agent({ pfx: readFileSync(aeat.certPath), passphrase: aeat.certPassword ?? undefined, keepAlive: true, maxSockets: 1 })
      : undefined;
  return (url, envelope) =>
    new Promise((resolve, reject) => {
      const client = url.startsWith('https:') ? https : http;
      const request = client.request(
        url,
        { method: 'POST', agent, timeout: 60_000, headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('sin respuesta de la AEAT en 60 s')));
      request.on('error', reject);
      request.end(envelope);
    });
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'RespuestaLinea' });

interface AnswerLine {
  number: string;
  operation: 'ALTA' | 'ANULACION';
  status: 'ACCEPTED' | 'ACCEPTED_WITH_ERRORS' | 'REJECTED';
  code: string | null;
  message: string | null;
}

type Answer =
  | { kind: 'answer'; csv: string | null; waitSeconds: number; lines: AnswerLine[] }
  | { kind: 'fault'; server: boolean; code: string | null; message: string };

/** Reads the AEAT's answer: its waiting time and each record's state, or a SOAP fault. */
export function readAnswer(body: string): Answer {
  const parsed = parser.parse(body) as Record<string, unknown>;
  const envelopeBody = ((parsed['Envelope'] as Record<string, unknown> | undefined)?.['Body'] ?? parsed) as Record<string, unknown>;
  const fault = envelopeBody['Fault'] as Record<string, string> | undefined;
  if (fault) {
    const message = String(fault['faultstring'] ?? 'Error de la AEAT');
    return { kind: 'fault', server: /server/i.test(String(fault['faultcode'] ?? '')), code: /Codigo\[(\d+)\]/.exec(message)?.[1] ?? null, message };
  }
  const answer = envelopeBody['RespuestaRegFactuSistemaFacturacion'] as Record<string, unknown> | undefined;
  if (!answer) throw new Error('La AEAT ha respondido algo que no es una respuesta de registro');
  const lines = ((answer['RespuestaLinea'] as Record<string, unknown>[] | undefined) ?? []).map((line): AnswerLine => {
    const id = line['IDFactura'] as Record<string, string>;
    const state = String(line['EstadoRegistro']);
    const duplicate = line['RegistroDuplicado'] as Record<string, string> | undefined;
    const code = line['CodigoErrorRegistro'] ? String(line['CodigoErrorRegistro']) : null;
    // The same record sent again after an answer was lost: the AEAT keeps the first one's state.
    const first = duplicate?.['EstadoRegistroDuplicado'];
    const status =
      code === '3000' && first === 'Correcta'
        ? 'ACCEPTED'
        : code === '3000' && first === 'AceptadaConErrores'
          ? 'ACCEPTED_WITH_ERRORS'
          : state === 'Correcto'
            ? 'ACCEPTED'
            : state === 'AceptadoConErrores'
              ? 'ACCEPTED_WITH_ERRORS'
              : 'REJECTED';
    return {
      number: String(id['NumSerieFactura'] ?? id['NumSerieFacturaAnulada'] ?? ''),
      operation: String((line['Operacion'] as Record<string, string>)?.['TipoOperacion']) === 'Anulacion' ? 'ANULACION' : 'ALTA',
      status,
      code: status === 'ACCEPTED' ? null : code,
      message: status === 'ACCEPTED' ? null : line['DescripcionErrorRegistro'] ? String(line['DescripcionErrorRegistro']) : null,
    };
  });
  const wait = Number.parseInt(String(answer['TiempoEsperaEnvio'] ?? FIRST_WAIT_SECONDS), 10);
  return { kind: 'answer', csv: answer['CSV'] ? String(answer['CSV']) : null, waitSeconds: Number.isFinite(wait) ? wait : FIRST_WAIT_SECONDS, lines };
}

export type SendOutcome = 'nothing' | 'waiting' | 'sent' | 'unreachable' | 'refused' | 'not-issuing';

/** One round of the queue: sends what may be sent now, and records what the AEAT answered. */
export async function sendPendingRecords(
  db: Db,
  {
    config,
    transport,
    now,
    maxRecords = MAX_RECORDS_PER_SUBMISSION,
  }: { config: InvoicingConfig; transport: AeatTransport; now: Date /** The AEAT's limit; smaller only in tests. */; maxRecords?: number },
): Promise<{ outcome: SendOutcome; records: number }> {
  const { issuer } = config;
  if (!issuer) return { outcome: 'not-issuing', records: 0 };
  const chain = await db.selectFrom('billingChain').selectAll().where('issuerNif', '=', issuer.nif).executeTakeFirst();
  if (!chain) return { outcome: 'nothing', records: 0 };
  const pending = await db
    .selectFrom('billingRecords')
    .select(['id', 'seq', 'kind', 'invoiceNumber', 'xml', 'attempts'])
    .where('issuerNif', '=', issuer.nif)
    .where('status', '=', 'PENDING')
    .orderBy('seq')
    .limit(maxRecords)
    .execute();
  if (pending.length === 0) return { outcome: 'nothing', records: 0 };
  // The waiting time, unless a full submission is ready ([O] art. 16.2.c: whichever comes first).
  if (chain.nextSendAt && chain.nextSendAt > now.toISOString() && (pending.length < maxRecords || chain.outageSince)) return { outcome: 'waiting', records: 0 };
  const stamp = now.toISOString();
  const ids = pending.map((r) => r.id);
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const envelope = soapEnvelope(submissionXml({ issuer, records: pending.map((r) => r.xml), incident: chain.outageSince !== null }));
  let reply: { status: number; body: string } | null = null;
  try {
    reply = await transport(config.aeat.url, envelope);
  } catch {
    reply = null;
  }
  const answer = reply?.body ? safeRead(reply.body) : null;
  if (!reply || !answer || (answer.kind === 'fault' && answer.server)) {
    const attempts = Math.max(...pending.map((r) => r.attempts)) + 1;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('billingRecords').set({ attempts, submittedAt: stamp }).where('id', 'in', ids).execute();
      await trx
        .updateTable('billingChain')
        .set({ outageSince: chain.outageSince ?? stamp, nextSendAt: later(retryAfter(attempts)) })
        .where('issuerNif', '=', issuer.nif)
        .execute();
    });
    return { outcome: 'unreachable', records: pending.length };
  }
  await db.transaction().execute(async (trx) => {
    if (answer.kind === 'fault') {
      // The submission itself was refused (its form): every record in it shows why, for staff to act on.
      await trx
        .updateTable('billingRecords')
        .set({ status: 'REJECTED', aeatCode: answer.code, aeatMessage: answer.message, submittedAt: stamp, answeredAt: stamp })
        .where('id', 'in', ids)
        .execute();
    } else {
      for (const record of pending) {
        const line = answer.lines.find((l) => l.number === record.invoiceNumber && l.operation === record.kind);
        if (!line) continue;
        await trx
          .updateTable('billingRecords')
          .set({
            status: line.status,
            aeatCode: line.code,
            aeatMessage: line.message,
            aeatCsv: answer.csv,
            attempts: record.attempts + 1,
            submittedAt: stamp,
            answeredAt: stamp,
          })
          .where('id', '=', record.id)
          .execute();
      }
    }
    const wait = answer.kind === 'answer' ? answer.waitSeconds : FIRST_WAIT_SECONDS;
    await trx
      .updateTable('billingChain')
      .set({ outageSince: null, nextSendAt: later(wait) })
      .where('issuerNif', '=', issuer.nif)
      .execute();
  });
  return { outcome: answer.kind === 'fault' ? 'refused' : 'sent', records: pending.length };
}

function safeRead(body: string): Answer | null {
  try {
    return readAnswer(body);
  } catch {
    return null;
  }
}
