/**
 * Every mail the shop sends, by template: the account and waiting-list mails written here and the spec's
 * mail types (`booking-templates.ts`). A template turns its data into a Spanish subject, HTML and plain text.
 */
import { BRAND_NAME } from '#shared/constants.ts';
import type { MailType } from '#shared/enums.ts';
import type { MailRow } from '../../db/tables.ts';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { type AgencyBookingMailData, renderAgencyBookingMail } from './agency-templates.ts';
import { BOOKING_TEMPLATES, type BookingMailData, type BudgetMailData } from './booking-templates.ts';
import { type FeedbackMailData, renderFeedbackMail } from './feedback-templates.ts';
import { type ContactQuestionMailData, type ContactReplyMailData, renderContactQuestionMail, renderContactReplyMail } from './contact-templates.ts';
import { type GuideAssignmentMailData, type GuideHelpMailData, renderGuideAssignmentMail, renderGuideHelpMail } from './guide-templates.ts';
import { greet, type MailContent, renderMail } from './layout.ts';
import { type OpinionPublishedMailData, type OpinionReplyMailData, renderOpinionPublishedMail, renderOpinionReplyMail } from './opinion-templates.ts';

export type { BookingMailData, BudgetMailData } from './booking-templates.ts';
export type { MailContent } from './layout.ts';

export interface AccountVerificationData {
  code: string;
  link: string;
  hours: number;
}

export interface PasswordResetData {
  code: string;
  link: string;
  minutes: number;
  /** Staff asked for the reset: the old password no longer works. */
  forced?: boolean;
  /** The shop's operator made this account an administrator (`npm run admin:create`): its first password. */
  invited?: boolean;
}

export interface AccountExistsData {
  signInLink: string;
  forgotLink: string;
}

/** A departure someone waits for has seats again (api/services/bookings/waiting-list.ts). */
export interface WaitingListSeatData {
  name: string;
  tourName: string;
  /** The departure day, `YYYY-MM-DD`. */
  dayOne: string;
  travellers: number;
  /** The booking start of that departure (`/booking/{slug}?periodo={periodId}`), absolute. */
  link: string;
}

/** The data each template needs. */
export type MailDataByTemplate = {
  ACCOUNT_VERIFICATION: AccountVerificationData;
  PASSWORD_RESET: PasswordResetData;
  ACCOUNT_EXISTS: AccountExistsData;
  WAITING_LIST_SEAT: WaitingListSeatData;
  BUDGET: BudgetMailData;
  AGENCY_BOOKING: AgencyBookingMailData;
  FEEDBACK: FeedbackMailData;
  OPINION_PUBLISHED: OpinionPublishedMailData;
  OPINION_REPLY: OpinionReplyMailData;
  GUIDE_ASSIGNMENT: GuideAssignmentMailData;
  GUIDE_HELP: GuideHelpMailData;
  CONTACT_QUESTION: ContactQuestionMailData;
  CONTACT_REPLY: ContactReplyMailData;
} & Record<Exclude<MailType, 'BUDGET'>, BookingMailData>;

export type MailTemplate = keyof MailDataByTemplate;

const NOT_YOU = 'Si no has sido tú, ignora este correo: nadie puede entrar en tu cuenta sin este código.';

// The mails the shop sends itself: accounts, the waiting list, the agency's copy, the feedback after a trip and the review notifications.
const OWN_TEMPLATES = {
  ACCOUNT_VERIFICATION: (d: AccountVerificationData) =>
    renderMail('Confirma tu correo electrónico', {
      greeting: greet(null),
      paragraphs: [`Gracias por crear tu cuenta en ${BRAND_NAME}. Para confirmar tu correo electrónico, escribe este código en la página de acceso:`],
      code: d.code,
      button: { label: 'Confirmar mi correo', url: d.link },
      footnote: `El código y el enlace caducan en ${d.hours} horas y solo sirven una vez. ${NOT_YOU}`,
    }),
  PASSWORD_RESET: (d: PasswordResetData) =>
    renderMail(d.invited ? `Tu acceso a la administración de ${BRAND_NAME}` : 'Restablece tu contraseña', {
      greeting: greet(null),
      paragraphs: [
        d.invited
          ? `Te hemos dado acceso a la administración de la tienda de ${BRAND_NAME}. Para entrar, elige primero tu contraseña.`
          : d.forced
            ? `Por seguridad, nuestro equipo ha pedido que elijas una contraseña nueva para tu cuenta de ${BRAND_NAME}. La próxima vez que entres con la anterior te pediremos una nueva antes de dejarte pasar.`
            : `Hemos recibido una petición para restablecer la contraseña de tu cuenta de ${BRAND_NAME}.`,
        'Escribe este código en la página de acceso o usa el botón para elegir una contraseña nueva:',
      ],
      code: d.code,
      button: { label: 'Elegir una contraseña nueva', url: d.link },
      footnote:
        `El código y el enlace caducan en ${d.minutes % 60 === 0 && d.minutes > 60 ? `${d.minutes / 60} horas` : `${d.minutes} minutos`} y solo sirven una vez. Al cambiar la contraseña se cierran las sesiones abiertas. ${d.forced ? '' : NOT_YOU}`.trim(),
    }),
  ACCOUNT_EXISTS: (d: AccountExistsData) =>
    renderMail(`Ya tienes una cuenta en ${BRAND_NAME}`, {
      greeting: greet(null),
      paragraphs: [
        'Alguien ha intentado crear una cuenta con este correo electrónico, pero ya tienes una.',
        'Puedes entrar con tu contraseña o con la red social que usaste. Si no la recuerdas, pide una nueva desde «¿Has olvidado tu contraseña?».',
      ],
      button: { label: 'Entrar en mi cuenta', url: d.signInLink },
      footnote: `¿Has olvidado tu contraseña? ${d.forgotLink} — Si no has sido tú, ignora este correo: tu cuenta sigue igual.`,
    }),
  WAITING_LIST_SEAT: (d: WaitingListSeatData) =>
    renderMail(`Hay plazas libres en «${d.tourName}»`, {
      greeting: greet(d.name),
      paragraphs: [
        `Se han liberado plazas en la salida del ${formatSpanishDate({ date: d.dayOne })} del viaje «${d.tourName}», y nos pediste que te avisáramos: ahora hay plaza ${d.travellers === 1 ? 'para ti' : `para los ${d.travellers} viajeros que buscabas`}.`,
        'Las plazas no quedan apartadas para ti: se las lleva quien reserva primero, así que si te interesa, no esperes.',
      ],
      button: { label: 'Reservar ahora', url: d.link },
      footnote:
        'Te escribimos porque te apuntaste a la lista de espera de esta salida. Solo te avisamos una vez; si vuelve a llenarse, puedes apuntarte de nuevo.',
    }),
  AGENCY_BOOKING: renderAgencyBookingMail,
  FEEDBACK: renderFeedbackMail,
  OPINION_PUBLISHED: renderOpinionPublishedMail,
  OPINION_REPLY: renderOpinionReplyMail,
  GUIDE_ASSIGNMENT: renderGuideAssignmentMail,
  GUIDE_HELP: renderGuideHelpMail,
  CONTACT_QUESTION: renderContactQuestionMail,
  CONTACT_REPLY: renderContactReplyMail,
} satisfies { [K in Exclude<MailTemplate, MailType>]: (data: MailDataByTemplate[K]) => MailContent };

const RENDERERS = { ...OWN_TEMPLATES, ...BOOKING_TEMPLATES } as { [K in MailTemplate]: (data: MailDataByTemplate[K]) => MailContent };

/** Subject, HTML and plain text of one mail. */
export function renderTemplate<T extends MailTemplate>(template: T, data: MailDataByTemplate[T]): MailContent {
  return RENDERERS[template](data);
}

/**
 * The `mails.type` a template is stored under. The outbox's types are a frozen set: "you already
 * have an account" answers a sign-up, so it is filed with the verification mails; a waiting-list seat
 * offer with the waiting-list mails; the agency mail of a booking with the vouchers.
 */
const STORED_AS: Partial<Record<MailTemplate, MailRow['type']>> = {
  ACCOUNT_EXISTS: 'ACCOUNT_VERIFICATION',
  WAITING_LIST_SEAT: 'WAITING_LIST',
  // The agency's copy of a booking's documents (its voucher when confirmed): filed with the vouchers.
  AGENCY_BOOKING: 'BONO_RESERVA',
  // The office's inbox: a new question to the office, and its reply to the customer.
  CONTACT_QUESTION: 'CONTACT',
  CONTACT_REPLY: 'CONTACT',
};
export function storedMailType(template: MailTemplate): MailRow['type'] {
  // Every other template is stored under its own name, which the mails table's CHECK lists.
  return STORED_AS[template] ?? (template as MailRow['type']);
}
