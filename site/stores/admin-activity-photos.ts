/**
 * The photos of one optional activity (/admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}):
 * upload, move up or down, remove (asked first). Each press carries a request id of its own, so a press
 * sent twice is applied once; the answer is the photos as the server now has them.
 */
import { map } from 'nanostores';
import type { ActivityPhotosAnswer, ActivityPhotosView, ActivityPhotoView } from '#shared/schemas/activity-photos.ts';
import { api, callApi } from '../lib/api-client.ts';
import { nextRequestId } from '../staff-kit/press.ts';

export interface ActivityPhotosState {
  status: 'loading' | 'ready' | 'failed';
  ids: { tourId: string; activityId: string };
  view: ActivityPhotosView | null;
  message: string | null;
  /** The upload's chosen file and its error. */
  file: File | null;
  fileError: string | null;
  uploading: boolean;
  /** The photo whose move is on its way. */
  busy: string | null;
  /** The photo asked about ('Quitar'), with its press. */
  removing: { photo: ActivityPhotoView; position: number; requestId: string; sending: boolean; error: string | null } | null;
  /** What the last action did, for the live region. */
  done: string | null;
  /** The button to give focus back to after a move: `{photoId}:{up|down}`. */
  focus: string | null;
  /**
   * The press whose answer never came ('upload', or a move as `{photoId}:{up|down}`) and its id: pressed
   * again, it sends the same id, so an upload or a move that did arrive is not applied twice.
   */
  unanswered: { press: string; requestId: string } | null;
}

export const $activityPhotos = map<ActivityPhotosState>({
  status: 'loading',
  ids: { tourId: '', activityId: '' },
  view: null,
  message: null,
  file: null,
  fileError: null,
  uploading: false,
  busy: null,
  removing: null,
  done: null,
  focus: null,
  unanswered: null,
});

const patch = (changes: Partial<ActivityPhotosState>) => $activityPhotos.set({ ...$activityPhotos.get(), ...changes });
/** The id `press` sends: the one of the same press left unanswered, or a new one. */
const requestIdOf = (press: string) => {
  const { unanswered } = $activityPhotos.get();
  return unanswered?.press === press ? unanswered.requestId : crypto.randomUUID();
};
/** The kit's rule (staff-kit/press.ts): a press that got no answer goes again with its id. */
const unansweredAfter = (press: string, requestId: string, result: { ok: boolean; status: number }) =>
  nextRequestId(result, requestId) === requestId ? { press, requestId } : null;
const published = (answer: ActivityPhotosAnswer) => (answer.publication ? ' La página del viaje se actualiza en unos segundos.' : '');

export async function openActivityPhotos(tourId: string, activityId: string) {
  patch({ status: 'loading', ids: { tourId, activityId }, view: null, message: null, unanswered: null });
  const result = await callApi(() => api.admin['activity-photos'][':tourId'][':activityId'].$get({ param: { tourId, activityId } }));
  patch(result.ok ? { status: 'ready', view: result.data } : { status: 'failed', message: result.message });
}

/** A new choice of file is a new upload: an unanswered move stays as it was. */
export const chooseFile = (file: File | null) => {
  const { unanswered } = $activityPhotos.get();
  patch({ file, fileError: null, done: null, unanswered: unanswered?.press === 'upload' ? null : unanswered });
};

/** 'Subir foto': the chosen image, checked by the server (type from its bytes, size, that it decodes). */
export async function uploadPhoto() {
  const { ids, file, uploading } = $activityPhotos.get();
  if (uploading) return;
  if (!file) {
    patch({ fileError: 'Elige una imagen.' });
    return;
  }
  patch({ uploading: true, fileError: null, done: null, message: null });
  const requestId = requestIdOf('upload');
  const result = await callApi(() => api.admin['activity-photos'][':tourId'][':activityId'].$post({ param: ids, form: { requestId, file } }));
  const unanswered = unansweredAfter('upload', requestId, result);
  if (!result.ok) {
    patch({ uploading: false, fileError: result.fields.file ?? result.message, unanswered });
    return;
  }
  // A file chosen while this one went up is the next upload's: only the one sent is done with.
  const chosen = $activityPhotos.get().file;
  patch({ uploading: false, unanswered, file: chosen === file ? null : chosen, view: result.data, done: `Foto añadida.${published(result.data)}` });
}

/** 'Mover arriba' / 'Mover abajo': one place earlier or later; focus stays on the photo's buttons. */
export async function movePhoto(photo: ActivityPhotoView, direction: 'up' | 'down') {
  const { ids, busy } = $activityPhotos.get();
  if (busy) return;
  patch({ busy: photo.id, done: null, message: null });
  const press = `${photo.id}:${direction}`;
  const requestId = requestIdOf(press);
  const result = await callApi(() =>
    api.admin['activity-photos'][':tourId'][':activityId'][':photoId'].move.$post({
      param: { ...ids, photoId: photo.id },
      json: { requestId, direction },
    }),
  );
  const unanswered = unansweredAfter(press, requestId, result);
  if (!result.ok) {
    patch({ busy: null, message: result.message, unanswered });
    return;
  }
  const position = result.data.photos.findIndex((p) => p.id === photo.id) + 1;
  patch({ busy: null, unanswered, view: result.data, focus: `${photo.id}:${direction}`, done: `Foto movida al puesto ${position}.${published(result.data)}` });
}

export const askRemove = (photo: ActivityPhotoView, position: number) =>
  patch({ removing: { photo, position, requestId: crypto.randomUUID(), sending: false, error: null }, done: null });
export const cancelRemove = () => patch({ removing: null });

/** 'Quitar la foto', confirmed: one request id for the dialog, however many times it is pressed. */
export async function confirmRemove() {
  const { ids, removing } = $activityPhotos.get();
  if (!removing || removing.sending) return;
  patch({ removing: { ...removing, sending: true, error: null } });
  const result = await callApi(() =>
    api.admin['activity-photos'][':tourId'][':activityId'][':photoId'].$delete({
      param: { ...ids, photoId: removing.photo.id },
      json: { requestId: removing.requestId },
    }),
  );
  if (!result.ok) {
    patch({ removing: { ...removing, sending: false, error: result.message } });
    return;
  }
  patch({ removing: null, view: result.data, done: `Foto ${removing.position} quitada.${published(result.data)}` });
}

export const focusDone = () => patch({ focus: null });
