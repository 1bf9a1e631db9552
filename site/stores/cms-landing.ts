/**
 * A page's landing in edit mode (cms-and-backoffice.md §2.6, §2.7, §5): the banner (title, subtitle,
 * desktop and mobile images) and the rich-text block, each opened on its own with 'Cancelar' and
 * 'Guardar'. Images are uploaded first (the answer is a storage key and a signed preview), then saved
 * with the banner. What was typed stays on screen whatever the server answers.
 */
import { map } from 'nanostores';
import type { LandingView, UploadedImage } from '#shared/schemas/cms.ts';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { uploadImage, withUpload } from './cms-uploads.ts';

export type BannerImageKind = 'desktop' | 'mobile';

export interface BannerDraft {
  title: string;
  subtitle: string;
  desktopImage: string | null;
  mobileImage: string | null;
  desktopPreview: string | null;
  mobilePreview: string | null;
}

export interface LandingEditorState {
  status: 'loading' | 'ready' | 'failed';
  landing: LandingView | null;
  editing: 'banner' | 'text' | null;
  banner: BannerDraft;
  html: string;
  /** The images being uploaded (an input is disabled while its own is). */
  uploading: readonly (BannerImageKind | 'content')[];
  saving: boolean;
  errors: Record<string, string>;
  message: string | null;
  /** The block the message is about. */
  messageFor: 'banner' | 'text' | null;
}

const emptyBanner = (): BannerDraft => ({ title: '', subtitle: '', desktopImage: null, mobileImage: null, desktopPreview: null, mobilePreview: null });
const initial = (): LandingEditorState => ({
  status: 'loading',
  landing: null,
  editing: null,
  banner: emptyBanner(),
  html: '',
  uploading: [],
  saving: false,
  errors: {},
  message: null,
  messageFor: null,
});

export const $landingEditor = map<LandingEditorState>(initial());
const patch = (changes: Partial<LandingEditorState>) => $landingEditor.set({ ...$landingEditor.get(), ...changes });

const bannerOf = (landing: LandingView): BannerDraft => ({
  title: landing.title,
  subtitle: landing.subtitle,
  desktopImage: landing.desktopImage,
  mobileImage: landing.mobileImage,
  desktopPreview: landing.desktopImageUrl,
  mobilePreview: landing.mobileImageUrl,
});

export async function loadLanding(slug: string): Promise<void> {
  const result = await callApi(() => api.cms.landings[':slug'].$get({ param: { slug } }));
  if (!result.ok) return patch({ status: 'failed', message: result.message });
  patch({ status: 'ready', landing: result.data.landing });
}

/** View mode → edit mode of one block, with what is saved. */
export function openEditor(block: 'banner' | 'text'): void {
  const { landing } = $landingEditor.get();
  if (!landing) return;
  patch({ editing: block, banner: bannerOf(landing), html: landing.html, errors: {}, message: null });
}

/** 'Cancelar': back to view mode without saving. */
export function cancelEditor(): void {
  patch({ editing: null, errors: {}, message: null });
}

export function setBannerField(field: 'title' | 'subtitle', value: string): void {
  patch({ banner: { ...$landingEditor.get().banner, [field]: value } });
}

export function setHtml(html: string): void {
  patch({ html });
}

/** Uploads one image into the landing's folder for it; the answer's key waits for 'Guardar'. */
export async function uploadLandingImage(kind: BannerImageKind | 'content', file: File): Promise<UploadedImage | null> {
  const { landing } = $landingEditor.get();
  if (!landing) return null;
  const now = $landingEditor.get();
  patch({ uploading: withUpload(now.uploading, kind, true), message: null, errors: { ...now.errors, [`${kind}Image`]: '' } });
  const result = await uploadImage(`landing/${landing.slug}/${kind}`, file);
  const { uploading, errors, banner } = $landingEditor.get();
  if (!result.ok) {
    patch({ uploading: withUpload(uploading, kind, false), errors: { ...errors, [`${kind}Image`]: result.message } });
    return null;
  }
  const { image } = result;
  patch({
    uploading: withUpload(uploading, kind, false),
    ...(kind !== 'content' && { banner: { ...banner, [`${kind}Image`]: image.key, [`${kind}Preview`]: image.url } }),
  });
  return image;
}

/** Removes one banner image (saved with 'Guardar'). */
export function removeBannerImage(kind: BannerImageKind): void {
  patch({ banner: { ...$landingEditor.get().banner, [`${kind}Image`]: null, [`${kind}Preview`]: null } });
}

/** 'Guardar': the open block, from the version the editor opened; a new landing is created first. */
export async function saveEditor(): Promise<'saved' | 'failed'> {
  const { landing, editing, banner, html } = $landingEditor.get();
  if (!landing || !editing) return 'failed';
  const json =
    editing === 'banner'
      ? { version: landing.version, title: banner.title, subtitle: banner.subtitle, desktopImage: banner.desktopImage, mobileImage: banner.mobileImage }
      : { version: landing.version, html };
  patch({ saving: true, message: null });
  const result = await callApi(() => api.cms.landings[':slug'].$put({ param: { slug: landing.slug }, json }));
  if (!result.ok) {
    patch({ saving: false, errors: result.fields, message: result.message, messageFor: editing });
    return 'failed';
  }
  followPublication(result.data.publication);
  patch({ saving: false, editing: null, landing: result.data.saved, errors: {}, message: 'Cambios guardados.', messageFor: editing });
  return 'saved';
}

export function resetLandingEditor(): void {
  $landingEditor.set(initial());
}
