/**
 * The office's inbox mails (issue 33): the office is told of each new question, and the customer gets the
 * office's reply with their question quoted. Both are filed as CONTACT.
 */
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { greet, type MailContent, renderMail } from './layout.ts';

export interface ContactQuestionMailData {
  name: string;
  email: string;
  phone: string | null;
  tourName: string | null;
  /** The departure asked about, 'YYYY-MM-DD' (absent in mails queued before departures were sent). */
  dayOne?: string | null;
  question: string;
  /** The question on /admin/consultas, absolute. */
  link: string;
}

export interface ContactReplyMailData {
  name: string;
  tourName: string | null;
  question: string;
  reply: string;
  /** Where the traveller reads the conversation (their profile), absolute. */
  link: string;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

export function renderContactQuestionMail(d: ContactQuestionMailData): MailContent {
  return renderMail(`Consulta nueva${d.tourName ? ` sobre «${d.tourName}»` : ''}: ${d.name}`, {
    greeting: greet(null),
    paragraphs: [`${d.name} ha escrito${d.tourName ? ` sobre «${d.tourName}»` : ''}:`, ...paragraphs(d.question)],
    rows: [
      ...(d.dayOne ? [{ label: 'Salida', value: formatSpanishDate({ date: d.dayOne }) }] : []),
      { label: 'Correo', value: d.email },
      { label: 'Teléfono', value: d.phone ?? 'Sin teléfono' },
    ],
    button: { label: 'Responder desde la administración', url: d.link },
    footnote: 'Este aviso llega a la oficina por cada consulta del formulario de contacto o de la página de un viaje.',
  });
}

export function renderContactReplyMail(d: ContactReplyMailData): MailContent {
  return renderMail(`Respuesta a tu consulta${d.tourName ? ` sobre «${d.tourName}»` : ''}`, {
    greeting: greet(d.name),
    paragraphs: [...paragraphs(d.reply), `Tu consulta: «${d.question.length > 600 ? `${d.question.slice(0, 600)}…` : d.question}»`],
    button: { label: 'Ver la conversación', url: d.link },
    footnote: 'Puedes responder a este correo o escribirnos de nuevo desde la web.',
  });
}
