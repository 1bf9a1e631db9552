/**
 * The VERI*FACTU records as XML (docs/decisions/043): a registration (RegistroAlta) or cancellation
 * (RegistroAnulacion) record in the AEAT's `SuministroInformacion` namespace, in the order its schema requires,
 * and the submission (RegFactuSistemaFacturacion) that carries up to 1,000 of them. The amounts, dates and
 * times are the texts the fingerprint was computed over.
 */
export const NS = {
  lr: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd',
  info: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd',
  answer: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd',
} as const;

/** Text for an XML element: the five characters XML gives a meaning to, escaped. */
export const xmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `<sf:name>value</sf:name>`, or nothing for a value that is absent. */
const el = (name: string, value: string | null | undefined) => (value === null || value === undefined ? '' : `<sf:${name}>${xmlText(value)}</sf:${name}>`);
const group = (name: string, ...children: string[]) => `<sf:${name}>${children.join('')}</sf:${name}>`;

/** The software that generates the records ([D] sheet 5): the operator produces its own, one installation. */
export interface SoftwareIdentity {
  producerName: string;
  producerNif: string;
  name: string;
  id: string;
  version: string;
  installation: string;
}

export interface RecordParty {
  name: string;
  /** A Spanish NIF/NIE (`NIF`), or another document (`IDOtro` with its IDType: '03' passport, '07' not registered). */
  taxId: string | null;
  idType: 'NIF' | '03' | '07';
  country?: string | null;
}

export interface PreviousRecord {
  issuerNif: string;
  invoiceNumber: string;
  /** DD-MM-YYYY */
  issueDate: string;
  fingerprint: string;
}

const chaining = (previous: PreviousRecord | null) =>
  group(
    'Encadenamiento',
    previous
      ? group(
          'RegistroAnterior',
          el('IDEmisorFactura', previous.issuerNif),
          el('NumSerieFactura', previous.invoiceNumber),
          el('FechaExpedicionFactura', previous.issueDate),
          el('Huella', previous.fingerprint),
        )
      : el('PrimerRegistro', 'S'),
  );

const software = (s: SoftwareIdentity) =>
  group(
    'SistemaInformatico',
    el('NombreRazon', s.producerName),
    el('NIF', s.producerNif),
    el('NombreSistemaInformatico', s.name),
    el('IdSistemaInformatico', s.id),
    el('Version', s.version),
    el('NumeroInstalacion', s.installation),
    el('TipoUsoPosibleSoloVerifactu', 'S'),
    el('TipoUsoPosibleMultiOT', 'N'),
    el('IndicadorMultiplesOT', 'N'),
  );

const recipient = (party: RecordParty) =>
  group(
    'IDDestinatario',
    el('NombreRazon', party.name),
    party.idType === 'NIF' && party.taxId
      ? el('NIF', party.taxId)
      : group('IDOtro', el('CodigoPais', party.country ?? null), el('IDType', party.idType), el('ID', party.taxId ?? 'SIN DOCUMENTO')),
  );

export interface AltaRecord {
  issuerNif: string;
  issuerName: string;
  invoiceNumber: string;
  issueDate: string;
  invoiceType: 'F1' | 'R1';
  /**
   * A correcting record ([D] "Operaciones"): 'rejected' after the AEAT refused the first one (Subsanacion S,
   * RechazoPrevio X), 'registered' for one it registered with errors (Subsanacion S).
   */
  correcting?: 'rejected' | 'registered' | null;
  /** For an R1: the invoices it corrects. */
  corrects: { invoiceNumber: string; issueDate: string }[];
  description: string;
  recipient: RecordParty;
  /** The REAV breakdown, as written. */
  base: string;
  tax: string;
  ratePercent: string;
  taxTotal: string;
  amountTotal: string;
  previous: PreviousRecord | null;
  software: SoftwareIdentity;
  generatedAt: string;
  fingerprint: string;
}

export function altaXml(r: AltaRecord): string {
  return `<sf:RegistroAlta xmlns:sf="${NS.info}">${[
    el('IDVersion', '1.0'),
    group('IDFactura', el('IDEmisorFactura', r.issuerNif), el('NumSerieFactura', r.invoiceNumber), el('FechaExpedicionFactura', r.issueDate)),
    el('NombreRazonEmisor', r.issuerName),
    r.correcting ? el('Subsanacion', 'S') : '',
    r.correcting === 'rejected' ? el('RechazoPrevio', 'X') : '',
    el('TipoFactura', r.invoiceType),
    r.invoiceType === 'R1' ? el('TipoRectificativa', 'I') : '',
    r.corrects.length
      ? group(
          'FacturasRectificadas',
          ...r.corrects.map((c) =>
            group(
              'IDFacturaRectificada',
              el('IDEmisorFactura', r.issuerNif),
              el('NumSerieFactura', c.invoiceNumber),
              el('FechaExpedicionFactura', c.issueDate),
            ),
          ),
        )
      : '',
    el('DescripcionOperacion', r.description.slice(0, 500)),
    group('Destinatarios', recipient(r.recipient)),
    group(
      'Desglose',
      group(
        'DetalleDesglose',
        el('Impuesto', '01'),
        el('ClaveRegimen', '05'),
        el('CalificacionOperacion', 'S1'),
        el('TipoImpositivo', r.ratePercent),
        el('BaseImponibleOimporteNoSujeto', r.base),
        el('CuotaRepercutida', r.tax),
      ),
    ),
    el('CuotaTotal', r.taxTotal),
    el('ImporteTotal', r.amountTotal),
    chaining(r.previous),
    software(r.software),
    el('FechaHoraHusoGenRegistro', r.generatedAt),
    el('TipoHuella', '01'),
    el('Huella', r.fingerprint),
  ].join('')}</sf:RegistroAlta>`;
}

export interface AnulacionRecord {
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  previous: PreviousRecord | null;
  software: SoftwareIdentity;
  generatedAt: string;
  fingerprint: string;
}

export function anulacionXml(r: AnulacionRecord): string {
  return `<sf:RegistroAnulacion xmlns:sf="${NS.info}">${[
    el('IDVersion', '1.0'),
    group(
      'IDFactura',
      el('IDEmisorFacturaAnulada', r.issuerNif),
      el('NumSerieFacturaAnulada', r.invoiceNumber),
      el('FechaExpedicionFacturaAnulada', r.issueDate),
    ),
    chaining(r.previous),
    software(r.software),
    el('FechaHoraHusoGenRegistro', r.generatedAt),
    el('TipoHuella', '01'),
    el('Huella', r.fingerprint),
  ].join('')}</sf:RegistroAnulacion>`;
}

/** A submission of records (at most 1,000), as the body of the AEAT's SOAP call. */
export function submissionXml({
  issuer,
  records,
  incident = false,
}: {
  issuer: { name: string; nif: string };
  records: readonly string[];
  /** Sent late after the service could not be reached ([O] art. 16.4). */
  incident?: boolean;
}): string {
  const header = `<sfLR:Cabecera>${group('ObligadoEmision', el('NombreRazon', issuer.name), el('NIF', issuer.nif))}${
    incident ? group('RemisionVoluntaria', el('Incidencia', 'S')) : ''
  }</sfLR:Cabecera>`;
  return `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NS.lr}" xmlns:sf="${NS.info}">${header}${records
    .map((r) => `<sfLR:RegistroFactura>${r}</sfLR:RegistroFactura>`)
    .join('')}</sfLR:RegFactuSistemaFacturacion>`;
}

/** The SOAP 1.1 envelope around a submission. */
export const soapEnvelope = (body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
