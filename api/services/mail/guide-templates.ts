/**
 * The guides' mails (issue 14): the guide is told when staff assign them a departure, and the office is
 * told when a guide asks for urgent help. Neither is one of the spec's mail types: they are filed as
 * GUIDE_ASSIGNMENT and GUIDE_HELP.
 */
import { formatDateRange } from '#shared/rules/dates.ts';
import { greet, type MailContent, renderMail } from './layout.ts';

export interface GuideAssignmentMailData {
  guideName: string;
  tourName: string;
  dayOne: string;
  returnDate: string;
  /** The departure in the guides' area, absolute. */
  link: string;
}

export interface GuideHelpMailData {
  guideName: string;
  guideEmail: string;
  guidePhone: string | null;
  /** The departure it is about, if the guide chose one. */
  departure: { tourName: string; dayOne: string; returnDate: string } | null;
  message: string;
  /** Where staff open the departure, absolute, or null. */
  link: string | null;
}

export function renderGuideAssignmentMail(d: GuideAssignmentMailData): MailContent {
  return renderMail(`Te hemos asignado la salida de «${d.tourName}»`, {
    greeting: greet(d.guideName),
    paragraphs: [
      `Serás guía de «${d.tourName}» ${formatDateRange({ from: d.dayOne, to: d.returnDate })}.`,
      'En el área de guías tienes el itinerario día a día, los vuelos, las habitaciones y los viajeros de la salida.',
    ],
    button: { label: 'Ver la salida', url: d.link },
    footnote: 'Te escribimos porque la oficina te ha asignado esta salida. Si no puedes llevarla, avísanos cuanto antes.',
  });
}

export function renderGuideHelpMail(d: GuideHelpMailData): MailContent {
  const about = d.departure ? ` (${d.departure.tourName}, ${formatDateRange({ from: d.departure.dayOne, to: d.departure.returnDate })})` : '';
  return renderMail(`Ayuda urgente: ${d.guideName}${d.departure ? ` · ${d.departure.tourName}` : ''}`, {
    greeting: greet(null),
    paragraphs: [
      `${d.guideName} pide ayuda urgente desde el área de guías${about}:`,
      ...d.message
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    rows: [
      { label: 'Correo del guía', value: d.guideEmail },
      { label: 'Teléfono del guía', value: d.guidePhone ?? 'Sin teléfono' },
    ],
    ...(d.link ? { button: { label: 'Abrir la salida', url: d.link } } : {}),
    footnote: 'Este aviso llega a la oficina desde el formulario de soporte para guías. Responde al guía por teléfono o correo.',
  });
}
