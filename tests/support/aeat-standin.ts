/**
 * A local stand-in for the AEAT's VERI*FACTU service (docs/decisions/043), for tests: a real HTTP server that
 * takes the SOAP submissions the shop sends, validates each against the official schema (xmllint), checks each
 * record's fingerprint as the AEAT does, and answers as the AEAT documents: accepted, accepted with errors
 * (a wrong fingerprint, code 2000), rejected, a duplicate of a record it has (3000, with the first one's state),
 * a waiting time, a server fault, or no answer at all (an outage).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { altaFingerprintInput, anulacionFingerprintInput, fingerprintOf } from '#api/services/invoices/verifactu.ts';
import { schemaErrors } from './xsd.ts';

export type StandInMode = 'accept' | 'reject' | 'outage' | 'server-fault';

export interface StandIn {
  url: string;
  /** What the next submissions get. */
  mode: StandInMode;
  /** The waiting time each answer gives, in seconds. */
  waitSeconds: number;
  /** Every submission that arrived, in order: the records' numbers and operations. */
  received: { numbers: string[]; incident: boolean }[];
  /** Records registered, by 'number|operation', with the state they got. */
  registered: Map<string, 'Correcta' | 'AceptadaConErrores'>;
  close: () => Promise<void>;
}

const NS_R = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_I = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
// biome-ignore lint/suspicious/noExplicitAny: a parsed submission, read by the names its schema gives (it was validated first).
type XmlNode = any;

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'RegistroFactura' });

const fault = (code: 'Client' | 'Server', text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:${code}</faultcode><faultstring>${text}</faultstring></env:Fault></env:Body></env:Envelope>`;

/** The answer's body alone (the part the response schema describes). */
export function answerXml({
  issuer,
  wait,
  lines,
}: {
  issuer: { name: string; nif: string };
  wait: number;
  lines: {
    nif: string;
    number: string;
    date: string;
    operation: 'Alta' | 'Anulacion';
    state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
    code?: string;
    text?: string;
    duplicateOf?: string;
  }[];
}): string {
  const states = lines.map((l) => l.state);
  const overall = states.every((s) => s === 'Correcto') ? 'Correcto' : states.every((s) => s === 'Incorrecto') ? 'Incorrecto' : 'ParcialmenteCorrecto';
  const csv = overall === 'Incorrecto' ? '' : `<tikR:CSV>A-STANDIN${Date.now()}</tikR:CSV>`;
  return `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS_R}" xmlns:tik="${NS_I}">${csv}<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${issuer.name}</tik:NombreRazon><tik:NIF>${issuer.nif}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera><tikR:TiempoEsperaEnvio>${wait}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${overall}</tikR:EstadoEnvio>${lines
    .map(
      (l) =>
        `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${l.nif}</tik:IDEmisorFactura><tik:NumSerieFactura>${l.number}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${l.date}</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>${l.operation}</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${l.state}</tikR:EstadoRegistro>${
          l.code
            ? `<tikR:CodigoErrorRegistro>${l.code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${l.text ?? ''}</tikR:DescripcionErrorRegistro>`
            : ''
        }${l.duplicateOf ? `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202701150000000001</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>${l.duplicateOf}</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>` : ''}</tikR:RespuestaLinea>`,
    )
    .join('')}</tikR:RespuestaRegFactuSistemaFacturacion>`;
}

export async function startAeatStandIn(): Promise<StandIn> {
  const state: Omit<StandIn, 'url' | 'close'> = { mode: 'accept', waitSeconds: 60, received: [], registered: new Map() };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (state.mode === 'outage') {
          response.socket?.destroy();
          return;
        }
        const send = (status: number, body: string) => {
          response.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' });
          response.end(body);
        };
        if (state.mode === 'server-fault') return send(500, fault('Server', 'Codigo[20009].Error interno en el servidor'));
        const envelope = Buffer.concat(chunks).toString('utf8');
        const body = /<soapenv:Body>([\s\S]*)<\/soapenv:Body>/.exec(envelope)?.[1] ?? '';
        const problems = await schemaErrors(body, 'SuministroLR.xsd');
        if (problems.length) return send(500, fault('Client', `Codigo[4102].El XML no cumple el esquema. ${problems[0] ?? ''}`));
        const parsed = parser.parse(body)['RegFactuSistemaFacturacion'];
        const issuer = { name: parsed.Cabecera.ObligadoEmision.NombreRazon, nif: parsed.Cabecera.ObligadoEmision.NIF };
        const records = (parsed.RegistroFactura as Record<string, Record<string, unknown>>[]).map((r) => {
          const alta = r['RegistroAlta'] as XmlNode;
          const anulacion = r['RegistroAnulacion'] as XmlNode;
          const record = (alta ?? anulacion) as XmlNode;
          const previous = record['Encadenamiento']?.['RegistroAnterior']?.['Huella'] ?? '';
          if (alta) {
            const id = alta['IDFactura'];
            const expected = fingerprintOf(
              altaFingerprintInput({
                issuerNif: id['IDEmisorFactura'],
                invoiceNumber: id['NumSerieFactura'],
                issueDate: id['FechaExpedicionFactura'],
                invoiceType: alta['TipoFactura'],
                taxTotal: alta['CuotaTotal'],
                amountTotal: alta['ImporteTotal'],
                previous,
                generatedAt: alta['FechaHoraHusoGenRegistro'],
              }),
            );
            return {
              nif: id['IDEmisorFactura'],
              number: id['NumSerieFactura'],
              date: id['FechaExpedicionFactura'],
              operation: 'Alta' as const,
              rightPrint: expected === alta['Huella'],
              correcting: alta['Subsanacion'] === 'S',
            };
          }
          const id = record['IDFactura'];
          const expected = fingerprintOf(
            anulacionFingerprintInput({
              issuerNif: id['IDEmisorFacturaAnulada'],
              invoiceNumber: id['NumSerieFacturaAnulada'],
              issueDate: id['FechaExpedicionFacturaAnulada'],
              previous,
              generatedAt: record['FechaHoraHusoGenRegistro'],
            }),
          );
          return {
            nif: id['IDEmisorFacturaAnulada'],
            number: id['NumSerieFacturaAnulada'],
            date: id['FechaExpedicionFacturaAnulada'],
            operation: 'Anulacion' as const,
            rightPrint: expected === record['Huella'],
            correcting: false,
          };
        });
        state.received.push({ numbers: records.map((r) => `${r.number}|${r.operation}`), incident: parsed.Cabecera.RemisionVoluntaria?.Incidencia === 'S' });
        const lines = records.map((r) => {
          const key = `${r.number}|${r.operation}`;
          const before = state.registered.get(key);
          // A correcting record (Subsanacion S) replaces what the AEAT has; any other second copy is a duplicate.
          if (before && !r.correcting)
            return { ...r, state: 'Incorrecto' as const, code: '3000', text: 'Registro de facturación duplicado.', duplicateOf: before };
          if (state.mode === 'reject') return { ...r, state: 'Incorrecto' as const, code: '1110', text: 'El NIF no está identificado en el censo de la AEAT.' };
          if (!r.rightPrint) {
            state.registered.set(key, 'AceptadaConErrores');
            return { ...r, state: 'AceptadoConErrores' as const, code: '2000', text: 'El cálculo de la huella suministrada es incorrecta.' };
          }
          state.registered.set(key, 'Correcta');
          return { ...r, state: 'Correcto' as const };
        });
        const answer = answerXml({ issuer, wait: state.waitSeconds, lines });
        send(
          200,
          `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>${answer}</env:Body></env:Envelope>`,
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn = state as StandIn;
  standIn.url = `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}
