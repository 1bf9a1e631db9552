/**
 * Images that staff upload from the editors (cms-and-backoffice.md §5, §8): the type is read from the
 * bytes, never from the name or the browser's word; the name keeps only safe characters (spaces become
 * underscores, as the spec says) so it cannot climb out of its folder; the responsive variants and the
 * blur placeholder are made at once, as the build makes them for seeded images. The original is reached
 * only through a signed link that expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILE_LINK_EXPIRY_SECONDS } from '#shared/constants.ts';
import { UPLOAD_MESSAGES, type UploadedImage } from '#shared/schemas/cms.ts';
import { prepareImageKeys } from '#content-build/images.ts';
import { AppError, invalidFields } from '../../errors.ts';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The image type the bytes say, or null: JPEG, PNG, WebP and AVIF signatures. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}

const EXTENSIONS: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/**
 * A file name safe to store: the last path segment only, spaces as underscores, accents dropped, nothing
 * but letters, digits, dots, dashes and underscores, and the extension of the type the bytes have.
 *
 * @example safeFileName('../../Plaza Mayor de Madrid.JPG', 'jpeg') // 'Plaza_Mayor_de_Madrid.jpg'
 */
export function safeFileName(name: string, type: ImageType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const clean = base
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/^[-_]+/, '')
    .slice(0, 80);
  return `${clean || 'imagen'}.${EXTENSIONS[type]}`;
}

const signatureOf = (secret: string, key: string, expires: number) => createHmac('sha256', secret).update(`files:${key}:${expires}`).digest('base64url');

/** A link to an uploaded file that works for FILE_LINK_EXPIRY_SECONDS (7 days). */
export function signFileLink({ key, secret, now }: { key: string; secret: string; now: Date }): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_LINK_EXPIRY_SECONDS;
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `/files/${path}?expires=${expires}&signature=${signatureOf(secret, key, expires)}`;
}

/** Whether a `/files/{key}` request carries a signature of ours that has not expired. */
export function isFileLinkValid({
  key,
  expires,
  signature,
  secret,
  now,
}: {
  key: string;
  expires: string | undefined;
  signature: string | undefined;
  secret: string;
  now: Date;
}): boolean {
  const at = Number(expires);
  if (!signature || !Number.isInteger(at) || at < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(signatureOf(secret, key, at));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Stores an uploaded image under `folder` (already checked against UploadFolderSchema) and makes its
 * variants. Refuses, writing nothing, a file that is not a JPG, PNG, WebP or AVIF by its bytes, one over
 * the limit and one that does not decode.
 */
export async function storeUploadedImage({
  filesDir,
  mediaDir,
  folder,
  name,
  bytes,
  maxBytes,
  secret,
  now,
}: {
  filesDir: string;
  mediaDir: string;
  folder: string;
  name: string;
  bytes: Uint8Array;
  maxBytes: number;
  secret: string;
  now: Date;
}): Promise<UploadedImage> {
  if (bytes.byteLength > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
  const type = detectImageType(bytes);
  if (!type) throw invalidFields({ file: UPLOAD_MESSAGES.notImage }, UPLOAD_MESSAGES.notImage);
  const key = `${folder}/${safeFileName(name, type)}`;
  // Checked under a temporary name: a file that does not decode never replaces a good one.
  const checking = `${key}.upload-${process.pid}-${now.getTime()}`;
  await mkdir(dirname(join(filesDir, key)), { recursive: true });
  await writeFile(join(filesDir, checking), bytes);
  const entry = await prepareImageKeys({ keys: [checking], filesDir, mediaDir })
    .then((manifest) => manifest[checking])
    .catch(() => undefined);
  if (!entry) {
    await rm(join(filesDir, checking), { force: true });
    throw invalidFields({ file: UPLOAD_MESSAGES.unreadable }, UPLOAD_MESSAGES.unreadable);
  }
  await rename(join(filesDir, checking), join(filesDir, key));
  return {
    key,
    url: signFileLink({ key, secret, now }),
    mediaUrl: entry.variants.at(-1)?.url ?? '',
    width: entry.width,
    height: entry.height,
    placeholder: entry.placeholder,
  };
}
