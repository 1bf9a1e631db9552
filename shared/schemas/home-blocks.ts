/**
 * /admin/portada (issue 33): the home's experiences (Activity) and travellers' photos (TravellerPhoto), which
 * staff create, order, hide and illustrate through the image pipeline. The screen and the API check input
 * with these schemas.
 */
import { z } from 'zod';

export const HOME_BLOCK_MESSAGES = {
  name: 'Escribe el nombre (de 2 a 120 caracteres).',
  caption: 'Escribe un pie de foto (de 2 a 160 caracteres).',
  place: 'Escribe como mucho 80 caracteres.',
  description: 'Escribe como mucho 400 caracteres.',
  notFound: 'Ya no existe: recarga la página.',
  edge: 'Ya está en ese extremo.',
  badRequest: 'Falta el identificador de la acción: recarga la página.',
  saved: 'Guardado. Se está publicando la portada.',
} as const;

const RequestId = z.string().trim().min(8, HOME_BLOCK_MESSAGES.badRequest).max(100, HOME_BLOCK_MESSAGES.badRequest);
const Place = z
  .string()
  .trim()
  .max(80, HOME_BLOCK_MESSAGES.place)
  .nullish()
  .transform((v) => v || null);

export const HomeActivityFieldsSchema = z.strictObject({
  name: z.string({ error: HOME_BLOCK_MESSAGES.name }).trim().min(2, HOME_BLOCK_MESSAGES.name).max(120, HOME_BLOCK_MESSAGES.name),
  city: Place,
  country: Place,
  description: z
    .string()
    .trim()
    .max(400, HOME_BLOCK_MESSAGES.description)
    .nullish()
    .transform((v) => v || null),
});
export type HomeActivityFields = z.output<typeof HomeActivityFieldsSchema>;

export const HomeActivitySaveSchema = HomeActivityFieldsSchema.extend({ requestId: RequestId });
export const HomeMoveSchema = z.strictObject({ requestId: RequestId, direction: z.enum(['up', 'down']) });
export const HomeActivityVisibilitySchema = z
  .strictObject({ requestId: RequestId, homeViewable: z.boolean().optional(), status: z.enum(['ACTIVE', 'INACTIVE']).optional() })
  .refine((v) => v.homeViewable !== undefined || v.status !== undefined, { message: HOME_BLOCK_MESSAGES.badRequest });
export const HomePhotoVisibilitySchema = z.strictObject({ requestId: RequestId, status: z.enum(['ACTIVE', 'INACTIVE']) });
export const HomePressSchema = z.strictObject({ requestId: RequestId });
export const HomePhotoCaptionSchema = z.string().trim().min(2, HOME_BLOCK_MESSAGES.caption).max(160, HOME_BLOCK_MESSAGES.caption);
export const HomeUploadRequestSchema = RequestId;
export const HomeIdParamSchema = z.strictObject({ id: z.string().trim().min(1).max(100) });

export interface HomeActivityView {
  id: string;
  name: string;
  city: string | null;
  country: string | null;
  description: string | null;
  thumbnail: string | null;
  /** A signed link to preview the photo (it expires). */
  previewUrl: string | null;
  homeViewable: boolean;
  status: 'ACTIVE' | 'DRAFT' | 'INACTIVE';
}

export interface HomePhotoView {
  id: string;
  name: string;
  thumbnail: string;
  previewUrl: string;
  status: 'ACTIVE' | 'DRAFT' | 'INACTIVE';
}

export interface HomeBlocksView {
  activities: HomeActivityView[];
  photos: HomePhotoView[];
}

export interface HomeBlocksAnswer extends HomeBlocksView {
  applied: boolean;
  publication: string | null;
}
