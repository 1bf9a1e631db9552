/**
 * The admin card tools (cms-and-backoffice.md §2): 'Subir foto' uploads a photo into the tour's folder and
 * makes it the thumbnail; 'Sincronizar' checks the tour's data and rebuilds its pages. Each card shows a
 * spinner while its request runs and while the tour reports UPDATING on the event stream.
 */
import { map } from 'nanostores';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { uploadImage } from './cms-uploads.ts';

export interface CardState {
  busy: boolean;
  /** The outcome or the reason it failed, in Spanish. */
  message: string | null;
}

export const $cards = map<Record<string, CardState>>({});
const set = (tourId: string, state: CardState) => $cards.setKey(tourId, state);

/** 'Subir foto': upload, then the tour's thumbnail saved from the version read just before. */
export async function uploadCardPhoto(tourId: string, file: File): Promise<'saved' | 'failed'> {
  set(tourId, { busy: true, message: null });
  const fail = (message: string) => {
    set(tourId, { busy: false, message });
    return 'failed' as const;
  };
  const current = await callApi(() => api.cms.tours[':id'].$get({ param: { id: tourId } }));
  if (!current.ok) return fail(current.message);
  const uploaded = await uploadImage(tourId, file);
  if (!uploaded.ok) return fail(uploaded.message);
  const saved = await callApi(() =>
    api.cms.tours[':id'].thumbnail.$put({ param: { id: tourId }, json: { version: current.data.tour.version, thumbnail: uploaded.image.key } }),
  );
  if (!saved.ok) return fail(saved.message);
  followPublication(saved.data.publication);
  set(tourId, { busy: false, message: 'Foto guardada.' });
  return 'saved';
}

/** 'Sincronizar': what keeps the tour off the shop, if anything, and its pages rebuilt. */
export async function syncCard(tourId: string): Promise<'synced' | 'failed'> {
  set(tourId, { busy: true, message: null });
  const result = await callApi(() => api.cms.tours[':id'].sync.$post({ param: { id: tourId } }));
  if (!result.ok) {
    set(tourId, { busy: false, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  const { issues } = result.data.saved;
  set(tourId, { busy: false, message: issues.length ? `Revisa: ${issues.join(' ')}` : result.data.message });
  return 'synced';
}
