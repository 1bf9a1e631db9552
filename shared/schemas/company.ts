/**
 * The company's data staff edit on /admin/empresa (CompanyInfo, issue 33): the name, phone, e-mail and
 * opening hours every page's footer, the mails and the documents show, and the offers' validity the offer
 * pages print. The screen and `PUT /api/admin/company` check input with this one schema.
 */
import { z } from 'zod';
import { isValidEmail } from '../rules/validation.ts';
import { isPlausiblePhone } from './contact.ts';

export const COMPANY_LIMITS = { name: 120, phone: 25, email: 254, schedules: 300, offerValidity: 400 } as const;

export const COMPANY_MESSAGES = {
  name: `Escribe el nombre de la empresa (hasta ${COMPANY_LIMITS.name} caracteres).`,
  phone: 'Escribe un teléfono válido, por ejemplo +34 910 000 000.',
  email: 'Escribe un correo electrónico válido: a él llegan las consultas de los clientes.',
  schedules: `El horario admite como máximo ${COMPANY_LIMITS.schedules} caracteres.`,
  offerValidity: `La validez de las ofertas admite como máximo ${COMPANY_LIMITS.offerValidity} caracteres.`,
  saved: 'Datos de la empresa guardados. Se están publicando en todas las páginas; los correos y documentos nuevos ya los llevan.',
  unchanged: 'No había nada que cambiar.',
  changed: 'Otra persona ha cambiado los datos de la empresa mientras los editabas. Carga sus cambios y vuelve a escribir los tuyos.',
} as const;

/** The company's data as the screen shows and edits it. */
export interface CompanyData {
  name: string;
  phone: string | null;
  email: string | null;
  schedules: string | null;
  offerValidity: string | null;
  /** 0 before anything was ever saved. */
  version: number;
  updatedAt: string | null;
}

const optional = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const CompanyFieldsSchema = z.strictObject({
  name: z.string({ error: COMPANY_MESSAGES.name }).trim().min(2, COMPANY_MESSAGES.name).max(COMPANY_LIMITS.name, COMPANY_MESSAGES.name),
  phone: optional(COMPANY_LIMITS.phone, COMPANY_MESSAGES.phone).refine((phone) => phone === null || isPlausiblePhone(phone), COMPANY_MESSAGES.phone),
  email: z.string({ error: COMPANY_MESSAGES.email }).trim().max(COMPANY_LIMITS.email, COMPANY_MESSAGES.email).refine(isValidEmail, COMPANY_MESSAGES.email),
  schedules: optional(COMPANY_LIMITS.schedules, COMPANY_MESSAGES.schedules),
  offerValidity: optional(COMPANY_LIMITS.offerValidity, COMPANY_MESSAGES.offerValidity),
});
export type CompanyFields = z.output<typeof CompanyFieldsSchema>;

export const CompanySaveSchema = CompanyFieldsSchema.extend({
  version: z.number().int().min(0),
  requestId: z.string().trim().min(8).max(100),
});
