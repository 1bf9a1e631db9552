import { mediaDir } from '#content-build/site-folder.ts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UploadFolderSchema } from '#shared/schemas/cms.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { landingExists } from '../services/content/landings.ts';
import { storeUploadedImage } from '../services/files/uploads.ts';

/** Room for the multipart envelope around the largest image allowed. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `POST /api/cms/uploads`, admins only: one image (`file`) into one folder (`folder`: a landing's
 * `landing/{slug}/desktop|mobile`, or a tour id). Answers the storage key to save in the content, a signed
 * preview link and the variant a rich-text block embeds. Saving the key is the editor's next call.
 */
export function cmsUploadRoutes({ db, config }: AppDeps) {
  return new Hono<ApiEnv>().post(
    '/',
    allow('admin'),
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
      },
    }),
    // Checked below with the upload's own messages; declared so the editors' client knows the form.
    validator('form', (value) => value as { folder: string; file: File }),
    async (c) => {
      const form = c.req.valid('form');
      const file = form.file as unknown;
      if (!(file instanceof File) || file.size === 0) throw invalidFields({ file: UPLOAD_MESSAGES.missing }, UPLOAD_MESSAGES.missing);
      const folder = UploadFolderSchema.safeParse(form.folder);
      if (!folder.success) throw invalidFields({ folder: UPLOAD_MESSAGES.badFolder }, UPLOAD_MESSAGES.badFolder);
      if (!folder.data.startsWith('landing/')) {
        const tour = await db.selectFrom('tours').select('id').where('id', '=', folder.data).executeTakeFirst();
        if (!tour) throw invalidFields({ folder: UPLOAD_MESSAGES.badFolder }, UPLOAD_MESSAGES.badFolder);
      } else if (!(await landingExists(db, folder.data.split('/')[1] ?? ''))) {
        throw invalidFields({ folder: UPLOAD_MESSAGES.noLanding }, UPLOAD_MESSAGES.noLanding);
      }
      const image = await storeUploadedImage({
        filesDir: config.filesDir,
        mediaDir: mediaDir(config.siteDir),
        folder: folder.data,
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        maxBytes: MAX_UPLOAD_BYTES,
        secret: config.authSecret,
        now: new Date(),
      });
      return c.json({ image }, 201);
    },
  );
}
