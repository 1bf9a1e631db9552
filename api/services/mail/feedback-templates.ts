/**
 * The feedback mail (issue 13), the day after a trip comes back: the points the trip just earned, a link
 * to review the trip and one per optional activity taken, each carrying its own signed token. None of the
 * spec's mail types fits it; it is filed as FEEDBACK.
 */
import { formatDateRange } from '#shared/rules/dates.ts';
import { computePointsValueCents } from '#shared/rules/points.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { FEEDBACK_LINK_DAYS } from '#shared/rules/reviews.ts';
import { greet, type MailContent, renderMail } from './layout.ts';

export interface FeedbackMailData {
  travelerName: string | null;
  tourName: string;
  /** `YYYY-MM-DD`. */
  dayOne: string;
  returnDate: string;
  /** Points this trip credited (0 when it earned none, or none were credited). */
  points: number;
  /** The tour's feedback link, absolute. */
  tourLink: string;
  activities: { name: string; link: string }[];
}

const months = Math.round(FEEDBACK_LINK_DAYS / 30);

export function renderFeedbackMail(d: FeedbackMailData): MailContent {
  const worth = computePointsValueCents(d.points);
  return renderMail(`¿Qué tal tu viaje «${d.tourName}»?`, {
    greeting: greet(d.travelerName),
    paragraphs: [
      `Esperamos que hayas vuelto con muy buenos recuerdos de tu viaje «${d.tourName}», ${formatDateRange({ from: d.dayOne, to: d.returnDate })}.`,
      ...(d.points > 0
        ? [
            `Ya tienes en tu cuenta los ${d.points.toLocaleString('es-ES')} puntos que te ha dado este viaje${worth > 0 ? `: valen ${formatEuros(worth)} de descuento en tu próxima reserva` : ''}.`,
          ]
        : []),
      '¿Nos cuentas qué te pareció? Tu opinión ayuda a otros viajeros a elegir su viaje y a nosotros a mejorar. Solo te llevará un par de minutos.',
    ],
    button: { label: 'Valorar mi viaje', url: d.tourLink },
    ...(d.activities.length
      ? { links: { intro: 'También puedes valorar las actividades opcionales que hiciste:', items: d.activities.map((a) => ({ label: a.name, url: a.link })) } }
      : {}),
    footnote: `Los enlaces son personales: cada uno sirve para una opinión y caduca en ${months} meses. Publicamos las opiniones después de que nuestro equipo las revise. Si tienes cualquier duda, responde a este correo y te ayudamos.`,
  });
}
