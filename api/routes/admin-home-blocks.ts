import { mediaDir } from '#content-build/site-folder.ts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '#shared/schemas/cms.ts';
import {
  HOME_BLOCK_MESSAGES,
  type HomeBlocksAnswer,
  HomeActivitySaveSchema,
  HomeActivityVisibilitySchema,
  HomeIdParamSchema,
  HomeMoveSchema,
  HomePhotoCaptionSchema,
  HomePhotoVisibilitySchema,
  HomePressSchema,
  HomeUploadRequestSchema,
} from '#shared/schemas/home-blocks.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv, type AuthContext } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import {
  createHomeActivity,
  editHomeActivity,
  homeBlocks,
  homeBlocksChange,
  moveHomeItem,
  removeTravellerPhoto,
  setHomeActivityVisibility,
  setTravellerPhotoStatus,
  uploadHomeActivityPhoto,
  uploadTravellerPhoto,
} from '../services/content/home-blocks.ts';
import { validate } from '../validation.ts';

/** Room for the multipart envelope around the largest image allowed. */
const ENVELOPE_BYTES = 64 * 1024;

const uploadLimit = () =>
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
    },
  });

/** A multipart press: its request id and a non-empty file, refused in Spanish otherwise. */
async function readUpload(form: Record<string, unknown>) {
  const requestId = HomeUploadRequestSchema.safeParse(form.requestId);
  if (!requestId.success) throw invalidFields({ requestId: HOME_BLOCK_MESSAGES.badRequest }, HOME_BLOCK_MESSAGES.badRequest);
  const file = form.file as unknown;
  if (!(file instanceof File) || file.size === 0) throw invalidFields({ file: UPLOAD_MESSAGES.missing }, UPLOAD_MESSAGES.missing);
  return { requestId: requestId.data, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * `/api/admin/home-blocks`, admins only: the home's experiences and travellers' photos (/admin/portada). Every
 * press answers `applied` (false for one already applied), both lists as they now are, and the home's
 * publication when something changed.
 */
export function adminHomeBlockRoutes({ db, config, rebuilds }: AppDeps) {
  const view = () => homeBlocks(db, { secret: config.authSecret, now: new Date() });
  const answer = async (applied: boolean): Promise<HomeBlocksAnswer> => ({
    applied,
    publication: applied && rebuilds ? rebuilds.publish(homeBlocksChange, 'portada: experiencias y fotos') : null,
    ...(await view()),
  });
  const press = (auth: AuthContext | null, requestId: string) => ({ requestId, actor: actorOf(auth), now: new Date() });
  const files = () => ({ filesDir: config.filesDir, mediaDir: mediaDir(config.siteDir), secret: config.authSecret });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await view());
    })
    .post('/activities', allow('admin'), validate('json', HomeActivitySaveSchema), async (c) => {
      const { requestId, ...fields } = c.req.valid('json');
      const applied = await createHomeActivity(db, { ...press(c.var.auth, requestId), fields });
      return c.json(await answer(applied), applied ? 201 : 200);
    })
    .put('/activities/:id', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomeActivitySaveSchema), async (c) => {
      const { requestId, ...fields } = c.req.valid('json');
      return c.json(await answer(await editHomeActivity(db, { ...press(c.var.auth, requestId), id: c.req.valid('param').id, fields })));
    })
    .post('/activities/:id/visibility', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomeActivityVisibilitySchema), async (c) => {
      const { requestId, ...visibility } = c.req.valid('json');
      return c.json(await answer(await setHomeActivityVisibility(db, { ...press(c.var.auth, requestId), id: c.req.valid('param').id, ...visibility })));
    })
    .post('/activities/:id/move', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomeMoveSchema), async (c) => {
      const { requestId, direction } = c.req.valid('json');
      return c.json(await answer(await moveHomeItem(db, { ...press(c.var.auth, requestId), kind: 'activities', id: c.req.valid('param').id, direction })));
    })
    .post(
      '/activities/:id/photo',
      allow('admin'),
      validate('param', HomeIdParamSchema),
      uploadLimit(),
      // Checked by readUpload with the upload's own messages; declared so the screen's client knows the form.
      validator('form', (value) => value as { requestId: string; file: File }),
      async (c) => {
        const upload = await readUpload(c.req.valid('form'));
        const applied = await uploadHomeActivityPhoto(db, { ...press(c.var.auth, upload.requestId), ...upload, ...files(), id: c.req.valid('param').id });
        return c.json(await answer(applied));
      },
    )
    .post(
      '/photos',
      allow('admin'),
      uploadLimit(),
      validator('form', (value) => value as { requestId: string; caption: string; file: File }),
      async (c) => {
        const form = c.req.valid('form');
        const caption = HomePhotoCaptionSchema.safeParse(form.caption);
        if (!caption.success) throw invalidFields({ caption: HOME_BLOCK_MESSAGES.caption });
        const upload = await readUpload(form);
        const applied = await uploadTravellerPhoto(db, { ...press(c.var.auth, upload.requestId), ...upload, ...files(), caption: caption.data });
        return c.json(await answer(applied), applied ? 201 : 200);
      },
    )
    .post('/photos/:id/visibility', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomePhotoVisibilitySchema), async (c) => {
      const { requestId, status } = c.req.valid('json');
      return c.json(await answer(await setTravellerPhotoStatus(db, { ...press(c.var.auth, requestId), id: c.req.valid('param').id, status })));
    })
    .post('/photos/:id/move', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomeMoveSchema), async (c) => {
      const { requestId, direction } = c.req.valid('json');
      return c.json(await answer(await moveHomeItem(db, { ...press(c.var.auth, requestId), kind: 'travellerPhotos', id: c.req.valid('param').id, direction })));
    })
    .delete('/photos/:id', allow('admin'), validate('param', HomeIdParamSchema), validate('json', HomePressSchema), async (c) => {
      return c.json(await answer(await removeTravellerPhoto(db, { ...press(c.var.auth, c.req.valid('json').requestId), id: c.req.valid('param').id })));
    });
}
