/**
 * The markers a text page may carry (`{{telefono}}`), with what each becomes: shown to staff beside the
 * in-place editor. Apart from shared/info-pages.ts, which renders Markdown, so the editor loads no Markdown.
 */
/** What staff see beside the editor: each marker and what it becomes. */
export const INFO_TOKEN_LABELS: Readonly<Record<string, string>> = {
  empresa: 'el nombre de la empresa',
  telefono: 'el teléfono de atención',
  enlace_telefono: 'el teléfono, como enlace para llamar',
  email: 'el correo de atención',
  enlace_email: 'el correo, como enlace',
  horario: 'el horario de atención',
  razon_social: 'la razón social',
  nif: 'el NIF',
  domicilio: 'el domicilio social',
  registro: 'los datos del Registro Mercantil',
  licencia: 'el título-licencia de agencia',
  garantia: 'la garantía de insolvencia',
  email_privacidad: 'el correo de privacidad',
  enlace_email_privacidad: 'el correo de privacidad, como enlace',
  dias_prerreserva: 'los días antes de la salida en que se paga solo la prerreserva',
  importe_prerreserva: 'el importe de la prerreserva',
  porcentaje_pago: 'el porcentaje que se paga al reservar',
  puntos_por_euro: 'los puntos por euro pagado',
  puntos_por_euro_descuento: 'los puntos que vale un euro de descuento',
  maximo_descuento_puntos: 'el descuento máximo con puntos',
  abono_puntos: 'cuándo se abonan los puntos',
  dias_campana: 'los días que se recuerda una visita (cookies)',
};
