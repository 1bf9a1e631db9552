/**
 * The admin card tools (cms-and-backoffice.md §2: "upload photo, sync, remove"): 'Subir foto' uploads a photo
 * into the tour's folder and makes it the thumbnail; 'Sincronizar' checks the tour's data and rebuilds its
 * pages; 'Quitar', once confirmed, takes the tour off the web (the spec's DELETE of a tour: its page and cards go,
 * its bookings stay, and the tour editor publishes it again). Each card shows a spinner while its request
 * runs and while the tour reports UPDATING on the event stream.
 */
import { map } from 'nanostores';
import { api, callApi } from '../lib/api-client.ts';
import { nextRequestId } from '../staff-kit/press.ts';
import { followPublication } from './cms-publish.ts';
import { uploadImage } from './cms-uploads.ts';

export interface CardState {
  busy: boolean;
  /** The outcome or the reason it failed, in Spanish. */
  message: string | null;
  /** 'Quitar' pressed: the card asks to confirm, with the id its press will send. */
  removal?: { requestId: string } | null;
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

export const CARD_REMOVED_MESSAGE = 'Quitado de la web. Se vuelve a publicar desde el editor del tour.';

/** 'Quitar': the card asks to confirm first. */
export function askRemoveCard(tourId: string): void {
  set(tourId, { busy: false, message: null, removal: { requestId: crypto.randomUUID() } });
}

export function cancelRemoveCard(tourId: string): void {
  set(tourId, { busy: false, message: null, removal: null });
}

/** 'Sí, quitar': once per press (a press whose answer was lost goes again with its id). */
export async function removeCard(tourId: string): Promise<'removed' | 'failed'> {
  const removal = $cards.get()[tourId]?.removal;
  if (!removal) return 'failed';
  set(tourId, { busy: true, message: null, removal });
  const result = await callApi(() => api.admin.tours[':id'].publish.$delete({ param: { id: tourId }, json: { requestId: removal.requestId } }));
  if (!result.ok) {
    set(tourId, { busy: false, message: result.message, removal: { requestId: nextRequestId(result, removal.requestId) } });
    return 'failed';
  }
  followPublication(result.data.publication);
  set(tourId, { busy: false, message: CARD_REMOVED_MESSAGE, removal: null });
  return 'removed';
}
