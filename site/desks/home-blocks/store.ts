/**
 * /admin/portada (issue 33): the home's experiences and travellers' photos. Each press carries its own request
 * id (a press whose answer was lost is sent again with it); the experience form is checked with the API's
 * schema before sending; every applied press answers both lists and publishes the home.
 */
import { map } from 'nanostores';
import { issuesToFields } from '#shared/schemas/errors.ts';
import {
  HOME_BLOCK_MESSAGES,
  HomeActivityFieldsSchema,
  HomePhotoCaptionSchema,
  type HomeActivityView,
  type HomeBlocksAnswer,
  type HomeBlocksView,
} from '#shared/schemas/home-blocks.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { newPress, type Press, type RowPress, sendPress, sendRowPress } from '../../staff-kit/press.ts';

export type ActivityForm = Record<'name' | 'city' | 'country' | 'description', string>;

export interface ActivityEditor extends Press {
  /** null: a new experience. */
  id: string | null;
  form: ActivityForm;
}

export interface PhotoUpload extends Press {
  caption: string;
}

export interface HomeBlocksState {
  status: 'loading' | 'ready' | 'failed';
  view: HomeBlocksView | null;
  editor: ActivityEditor | null;
  upload: PhotoUpload;
  /** The row whose press is on its way, and that press. */
  row: RowPress | null;
  message: string | null;
  done: string | null;
}

export const $homeBlocks = map<HomeBlocksState>({
  status: 'loading',
  view: null,
  editor: null,
  upload: { ...newPress(), caption: '' },
  row: null,
  message: null,
  done: null,
});
const patch = (changes: Partial<HomeBlocksState>) => $homeBlocks.set({ ...$homeBlocks.get(), ...changes });

export async function openHomeBlocks() {
  const result = await callApi(() => api.admin['home-blocks'].$get());
  patch(result.ok ? { status: 'ready', view: result.data, message: null } : { status: 'failed', message: result.message });
}

const settle = (answer: HomeBlocksAnswer) =>
  patch({ view: { activities: answer.activities, photos: answer.photos }, done: answer.applied ? HOME_BLOCK_MESSAGES.saved : null, message: null });

const formOf = (a: HomeActivityView | null): ActivityForm => ({
  name: a?.name ?? '',
  city: a?.city ?? '',
  country: a?.country ?? '',
  description: a?.description ?? '',
});

export function editActivity(id: string | null) {
  const found = id ? ($homeBlocks.get().view?.activities.find((a) => a.id === id) ?? null) : null;
  patch({ editor: { ...newPress(), id, form: formOf(found) }, done: null });
}

export const closeActivity = () => patch({ editor: null });

export function setActivityField(field: keyof ActivityForm, value: string) {
  const { editor } = $homeBlocks.get();
  if (!editor) return;
  const { [field]: _cleared, ...fields } = editor.fields;
  patch({ editor: { ...editor, form: { ...editor.form, [field]: value }, fields } });
}

/** 'Guardar' of the experience form: refused at its fields before sending; once per press. */
export async function saveActivity(): Promise<boolean> {
  const { editor } = $homeBlocks.get();
  if (!editor) return false;
  const checked = HomeActivityFieldsSchema.safeParse(editor.form);
  if (!checked.success) {
    const fields = issuesToFields(checked.error.issues, '', { depth: 1 });
    patch({ editor: { ...editor, fields, error: 'Revisa los campos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $homeBlocks.get().editor,
    (next) => patch({ editor: next }),
    (requestId, press) =>
      callApi(() =>
        press.id
          ? api.admin['home-blocks'].activities[':id'].$put({ param: { id: press.id }, json: { ...checked.data, requestId } })
          : api.admin['home-blocks'].activities.$post({ json: { ...checked.data, requestId } }),
      ),
  );
  if (!sent?.ok) return false;
  settle(sent.data);
  patch({ editor: null });
  return true;
}

/** A press on one row (move, show or hide, a photo, remove): one at a time, once each (the kit's `sendRowPress`). */
async function rowPress(id: string, send: (requestId: string) => Promise<ApiResult<HomeBlocksAnswer>>): Promise<boolean> {
  const sent = await sendRowPress(
    () => $homeBlocks.get().row,
    (row) => patch({ row }),
    id,
    send,
  );
  if (!sent) return false;
  if (!sent.ok) {
    patch({ message: sent.message });
    return false;
  }
  settle(sent.data);
  return true;
}

export const moveActivity = (id: string, direction: 'up' | 'down') =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].activities[':id'].move.$post({ param: { id }, json: { requestId, direction } })));

export const setActivityVisibility = (id: string, change: { homeViewable?: boolean; status?: 'ACTIVE' | 'INACTIVE' }) =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].activities[':id'].visibility.$post({ param: { id }, json: { requestId, ...change } })));

export const uploadActivityPhoto = (id: string, file: File) =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].activities[':id'].photo.$post({ param: { id }, form: { requestId, file } })));

export const movePhoto = (id: string, direction: 'up' | 'down') =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].photos[':id'].move.$post({ param: { id }, json: { requestId, direction } })));

export const setPhotoStatus = (id: string, status: 'ACTIVE' | 'INACTIVE') =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].photos[':id'].visibility.$post({ param: { id }, json: { requestId, status } })));

export const removePhoto = (id: string) =>
  rowPress(id, (requestId) => callApi(() => api.admin['home-blocks'].photos[':id'].$delete({ param: { id }, json: { requestId } })));

export function setCaption(caption: string) {
  const { upload } = $homeBlocks.get();
  const { caption: _cleared, ...fields } = upload.fields;
  patch({ upload: { ...upload, caption, fields } });
}

/** 'Subir foto' of a traveller: its caption checked before sending; once per press. */
export async function uploadPhoto(file: File | null): Promise<boolean> {
  const { upload } = $homeBlocks.get();
  const caption = HomePhotoCaptionSchema.safeParse(upload.caption);
  const fields: Record<string, string> = {};
  if (!caption.success) fields.caption = HOME_BLOCK_MESSAGES.caption;
  if (!file) fields.file = 'Elige la foto.';
  if (Object.keys(fields).length > 0 || !file || !caption.success) {
    patch({ upload: { ...upload, fields, error: 'Revisa los campos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => $homeBlocks.get().upload,
    (next) => patch({ upload: next }),
    (requestId) => callApi(() => api.admin['home-blocks'].photos.$post({ form: { requestId, caption: caption.data, file } })),
  );
  if (!sent?.ok) return false;
  settle(sent.data);
  patch({ upload: { ...newPress(), caption: '' } });
  return true;
}
