/** One image upload from an editor into one folder; the answer is the key to save, or why it was refused. */
import type { UploadedImage } from '#shared/schemas/cms.ts';
import { api, callApi } from '../lib/api-client.ts';

export async function uploadImage(folder: string, file: File): Promise<{ ok: true; image: UploadedImage } | { ok: false; message: string }> {
  const result = await callApi(() => api.cms.uploads.$post({ form: { folder, file } }));
  return result.ok ? { ok: true, image: result.data.image } : { ok: false, message: result.fields.file ?? result.fields.folder ?? result.message };
}

/**
 * The images of an editor being uploaded, one entry per upload: an answer takes only its own entry away, so
 * it does not clear what another still waits for ('Guardar' would save that image's previous key).
 */
export function withUpload<K extends string>(inFlight: readonly K[], kind: K, started: boolean): K[] {
  if (started) return [...inFlight, kind];
  const at = inFlight.indexOf(kind);
  return inFlight.filter((_, i) => i !== at);
}
