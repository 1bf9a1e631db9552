/**
 * The spec's two review notifications (cms-and-backoffice.md §7 `published-opinion` and `opinion`): the
 * author is told once when the team publishes the review, and gets each reply the team writes to it.
 * Neither is one of the spec's mail types: they are filed as OPINION_PUBLISHED and OPINION_REPLY.
 */
import { greet, type MailContent, renderMail } from './layout.ts';

export interface OpinionPublishedMailData {
  name: string | null;
  tourName: string;
  /** The tour's page, absolute. */
  tourLink: string;
}

export interface OpinionReplyMailData {
  name: string | null;
  tourName: string;
  /** The review's title, or null when it has none. */
  title: string | null;
  reply: string;
}

export function renderOpinionPublishedMail(d: OpinionPublishedMailData): MailContent {
  return renderMail(`Hemos publicado tu opinión sobre «${d.tourName}»`, {
    greeting: greet(d.name),
    paragraphs: [
      `Gracias por contarnos qué te pareció tu viaje «${d.tourName}». Ya hemos publicado tu opinión en la página del viaje, donde ayudará a otros viajeros a elegir.`,
    ],
    button: { label: 'Ver el viaje', url: d.tourLink },
    footnote: 'Te escribimos porque dejaste una opinión sobre este viaje. Si quieres cambiarla o retirarla, responde a este correo.',
  });
}

export function renderOpinionReplyMail(d: OpinionReplyMailData): MailContent {
  return renderMail(`Respuesta a tu opinión sobre «${d.tourName}»`, {
    greeting: greet(d.name),
    paragraphs: [
      `Hemos leído tu opinión${d.title ? ` «${d.title}»` : ''} sobre el viaje «${d.tourName}» y queremos responderte:`,
      ...d.reply
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    footnote: 'Si quieres contarnos algo más, responde a este correo.',
  });
}
