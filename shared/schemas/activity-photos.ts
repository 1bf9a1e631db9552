/**
 * The photos of one optional activity (/admin/actividad-opcional/fotos/{tourID}/{optionalActivityId},
 * cms-and-backoffice.md §2): upload (the CMS upload pipeline: type from the bytes, size limit, variants),
 * order and remove. Each press carries a request id, so a press sent twice is applied once.
 */
import { z } from 'zod';

export const ACTIVITY_PHOTO_MESSAGES = {
  notFound: 'No encontramos esta actividad opcional en este tour.',
  photoNotFound: 'Esta foto ya no está en la actividad.',
  edge: 'La foto ya está en ese extremo.',
  badRequest: 'Falta el identificador de la acción: recarga la página.',
} as const;

const RequestId = z.string().trim().min(8, ACTIVITY_PHOTO_MESSAGES.badRequest).max(100, ACTIVITY_PHOTO_MESSAGES.badRequest);

export const ActivityParamSchema = z.strictObject({
  tourId: z.string().trim().min(1).max(100),
  activityId: z.string().trim().min(1).max(100),
});
export const PhotoParamSchema = ActivityParamSchema.extend({ photoId: z.string().trim().min(1).max(100) });

export const PhotoMoveSchema = z.strictObject({ requestId: RequestId, direction: z.enum(['up', 'down']) });
export const PhotoRemoveSchema = z.strictObject({ requestId: RequestId });
export const PhotoUploadRequestSchema = RequestId;

export interface ActivityPhotoView {
  id: string;
  /** The storage key the pages are built from. */
  key: string;
  /** A signed link to the original, for the screen only; it expires. */
  url: string;
  position: number;
}

export interface ActivityPhotosView {
  tour: { id: string; name: string; slug: string };
  activity: { id: string; name: string; periodId: string; dayOne: string };
  photos: ActivityPhotoView[];
  /** The tour's other departures' copies of this activity (same catalogue activity), for moving between them. */
  otherDepartures: { id: string; dayOne: string; photos: number }[];
}

export interface ActivityPhotosAnswer extends ActivityPhotosView {
  /** False for a press already applied. */
  applied: boolean;
  /** The publication of the tour's pages this change started (null when none was needed). */
  publication: string | null;
}
