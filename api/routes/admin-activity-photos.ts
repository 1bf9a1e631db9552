import { mediaDir } from '#content-build/site-folder.ts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { contentKeys } from '#shared/page-deps.ts';
import {
  ACTIVITY_PHOTO_MESSAGES,
  ActivityParamSchema,
  type ActivityPhotosAnswer,
  PhotoMoveSchema,
  PhotoParamSchema,
  PhotoRemoveSchema,
  PhotoUploadRequestSchema,
} from '#shared/schemas/activity-photos.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { activityPhotos, moveActivityPhoto, type PhotoChange, removeActivityPhoto, uploadActivityPhoto } from '../services/content/activity-photos.ts';
import { validate } from '../validation.ts';

/** Room for the multipart envelope around the largest image allowed. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `/api/admin/activity-photos/{tourId}/{activityId}`, admins only (group drAdmin): the photos of one
 * optional activity for /admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}. An activity whose
 * departure is not of that tour answers 404. Every change answers `applied` (false for a press already
 * applied), the photos as they now are, and the publication of the tour's pages, which show them.
 */
export function adminActivityPhotoRoutes({ db, config, rebuilds }: AppDeps) {
  const viewCtx = () => ({ secret: config.authSecret, now: new Date() });
  const answer = async (ids: { tourId: string; activityId: string }, { applied, republish }: PhotoChange): Promise<ActivityPhotosAnswer> => {
    // The tour page lists the activity with its photos: its pages are rendered again with the activity's photos as they now are.
    const publication =
      republish && rebuilds
        ? rebuilds.publish(
            {
              changed: [contentKeys.tour(republish.tourId)],
              tours: [{ id: republish.tourId, activityPhotos: { [republish.activityId]: republish.keys } }],
            },
            `fotos de la actividad ${republish.activityId}`,
          )
        : null;
    return { applied, publication, ...(await activityPhotos(db, ids, viewCtx())) };
  };
  return new Hono<ApiEnv>()
    .get('/:tourId/:activityId', allow('admin'), validate('param', ActivityParamSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await activityPhotos(db, c.req.valid('param'), viewCtx()));
    })
    .post(
      '/:tourId/:activityId',
      allow('admin'),
      validate('param', ActivityParamSchema),
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
        },
      }),
      // Checked below with the upload's own messages; declared so the screen's client knows the form.
      validator('form', (value) => value as { requestId: string; file: File }),
      async (c) => {
        const ids = c.req.valid('param');
        const form = c.req.valid('form');
        const requestId = PhotoUploadRequestSchema.safeParse(form.requestId);
        if (!requestId.success) throw invalidFields({ requestId: ACTIVITY_PHOTO_MESSAGES.badRequest }, ACTIVITY_PHOTO_MESSAGES.badRequest);
        const file = form.file as unknown;
        if (!(file instanceof File) || file.size === 0) throw invalidFields({ file: UPLOAD_MESSAGES.missing }, UPLOAD_MESSAGES.missing);
        const change = await uploadActivityPhoto(db, {
          ...ids,
          requestId: requestId.data,
          actor: actorOf(c.var.auth),
          now: new Date(),
          name: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
          filesDir: config.filesDir,
          mediaDir: mediaDir(config.siteDir),
          secret: config.authSecret,
        });
        return c.json(await answer(ids, change), change.applied ? 201 : 200);
      },
    )
    .post('/:tourId/:activityId/:photoId/move', allow('admin'), validate('param', PhotoParamSchema), validate('json', PhotoMoveSchema), async (c) => {
      const { photoId, ...ids } = c.req.valid('param');
      const { requestId, direction } = c.req.valid('json');
      const change = await moveActivityPhoto(db, { ...ids, photoId, direction, requestId, actor: actorOf(c.var.auth), now: new Date() });
      return c.json(await answer(ids, change));
    })
    .delete('/:tourId/:activityId/:photoId', allow('admin'), validate('param', PhotoParamSchema), validate('json', PhotoRemoveSchema), async (c) => {
      const { photoId, ...ids } = c.req.valid('param');
      const { requestId } = c.req.valid('json');
      const change = await removeActivityPhoto(db, { ...ids, photoId, requestId, actor: actorOf(c.var.auth), now: new Date() });
      return c.json(await answer(ids, change));
    });
}
