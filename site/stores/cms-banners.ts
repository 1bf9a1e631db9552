/**
 * The home's main banners or a region's banners in edit mode: the list (drafts and hidden ones too), one
 * banner open at a time with its text, order, visibility and images, and create and delete. What was
 * typed stays on screen whatever the server answers.
 */
import { map } from 'nanostores';
import type { DraftStatus } from '#shared/enums.ts';
import { MainBannerSaveSchema, type MainBannerView, RegionBannerSaveSchema, type RegionBannerView } from '#shared/schemas/cms.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../lib/api-client.ts';
import { followPublication } from './cms-publish.ts';
import { uploadImage, withUpload } from './cms-uploads.ts';

export type BannerTarget = { kind: 'main' } | { kind: 'region'; region: string };
type AnyBanner = MainBannerView | RegionBannerView;

export interface BannerDraft {
  id: string;
  version: number;
  /** The main banner's content (rich text) or the region banner's description. */
  text: string;
  order: string;
  /** Main banners: their status; region banners: ACTIVE when visible, INACTIVE when not. */
  status: DraftStatus;
  enhanceMenu: boolean;
  desktop: string | null;
  mobile: string | null;
  desktopPreview: string | null;
  mobilePreview: string | null;
}

export interface BannersEditorState {
  target: BannerTarget | null;
  status: 'loading' | 'ready' | 'failed';
  banners: AnyBanner[];
  draft: BannerDraft | null;
  /** The images being uploaded (an input is disabled while its own is). */
  uploading: readonly ('desktop' | 'mobile')[];
  saving: boolean;
  errors: Record<string, string>;
  message: string | null;
}

const initial = (): BannersEditorState => ({
  target: null,
  status: 'loading',
  banners: [],
  draft: null,
  uploading: [],
  saving: false,
  errors: {},
  message: null,
});
export const $bannersEditor = map<BannersEditorState>(initial());
const patch = (changes: Partial<BannersEditorState>) => $bannersEditor.set({ ...$bannersEditor.get(), ...changes });

const isMain = (banner: AnyBanner): banner is MainBannerView => 'content' in banner;

const draftOf = (banner: AnyBanner): BannerDraft =>
  isMain(banner)
    ? {
        id: banner.id,
        version: banner.version,
        text: banner.content,
        order: String(banner.order),
        status: banner.status,
        enhanceMenu: banner.enhanceMenu,
        desktop: banner.backgroundImageDesktop,
        mobile: banner.backgroundImageMobile,
        desktopPreview: banner.desktopUrl,
        mobilePreview: banner.mobileUrl,
      }
    : {
        id: banner.id,
        version: banner.version,
        text: banner.description,
        order: String(banner.order),
        status: banner.visible ? 'ACTIVE' : 'INACTIVE',
        enhanceMenu: false,
        desktop: banner.imageDesktop,
        mobile: banner.imageMobile,
        desktopPreview: banner.desktopUrl,
        mobilePreview: banner.mobileUrl,
      };

/** The folder a banner's images are uploaded into. */
export const bannerFolder = (target: BannerTarget, image: 'desktop' | 'mobile') => `landing/${target.kind === 'main' ? 'home' : target.region}/${image}`;

export async function loadBanners(target: BannerTarget): Promise<void> {
  patch({ target });
  const result =
    target.kind === 'main'
      ? await callApi(() => api.cms.banners.main.$get())
      : await callApi(() => api.cms.banners.region[':region'].$get({ param: { region: target.region } }));
  if (!result.ok) return patch({ status: 'failed', message: result.message });
  patch({ status: 'ready', banners: result.data.banners });
}

const replace = (view: AnyBanner) =>
  [...$bannersEditor.get().banners.filter((b) => b.id !== view.id), view].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

/** 'Añadir banner': a draft (main) or hidden (region) banner, opened for editing. */
export async function addBanner(): Promise<void> {
  const { target } = $bannersEditor.get();
  if (!target) return;
  patch({ saving: true, message: null });
  const json = { requestId: crypto.randomUUID() };
  const result =
    target.kind === 'main'
      ? await callApi(() => api.cms.banners.main.$post({ json }))
      : await callApi(() => api.cms.banners.region[':region'].$post({ param: { region: target.region }, json }));
  if (!result.ok) return patch({ saving: false, message: result.message });
  const view = result.data.saved;
  patch({ saving: false, banners: replace(view), draft: draftOf(view), errors: {} });
}

export function openBanner(id: string): void {
  const banner = $bannersEditor.get().banners.find((b) => b.id === id);
  if (banner) patch({ draft: draftOf(banner), errors: {}, message: null });
}

export function closeBanner(): void {
  patch({ draft: null, errors: {}, message: null });
}

export function setBannerDraft(changes: Partial<Pick<BannerDraft, 'text' | 'order' | 'status' | 'enhanceMenu'>>): void {
  const { draft } = $bannersEditor.get();
  if (draft) patch({ draft: { ...draft, ...changes } });
}

export async function uploadBannerImage(image: 'desktop' | 'mobile', file: File): Promise<void> {
  const { target } = $bannersEditor.get();
  if (!target) return;
  const before = $bannersEditor.get();
  const forBanner = before.draft?.id;
  patch({ uploading: withUpload(before.uploading, image, true), errors: { ...before.errors, [image]: '' } });
  const result = await uploadImage(bannerFolder(target, image), file);
  const { draft, errors, uploading } = $bannersEditor.get();
  if (!result.ok) return patch({ uploading: withUpload(uploading, image, false), errors: { ...errors, [image]: result.message } });
  // Only into the banner it was chosen for: another may have been opened meanwhile.
  const into = draft && draft.id === forBanner ? { draft: { ...draft, [image]: result.image.key, [`${image}Preview`]: result.image.url } } : {};
  patch({ uploading: withUpload(uploading, image, false), ...into });
}

export function removeImage(image: 'desktop' | 'mobile'): void {
  const { draft } = $bannersEditor.get();
  if (draft) patch({ draft: { ...draft, [image]: null, [`${image}Preview`]: null } });
}

/** Field errors under the names the form shows (the API names the images by their columns). */
const FIELD_NAMES: Record<string, string> = {
  backgroundImageDesktop: 'desktop',
  backgroundImageMobile: 'mobile',
  imageDesktop: 'desktop',
  imageMobile: 'mobile',
  content: 'text',
  description: 'text',
};
const formFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [FIELD_NAMES[k] ?? k, v]));

export async function saveBanner(): Promise<'saved' | 'failed'> {
  const { target, draft } = $bannersEditor.get();
  if (!target || !draft) return 'failed';
  const order = draft.order.trim() === '' ? Number.NaN : Number(draft.order);
  const fail = (fields: Record<string, string>, message: string) => {
    patch({ saving: false, errors: formFields(fields), message });
    return 'failed' as const;
  };
  patch({ saving: true, message: null });
  let saved: AnyBanner;
  let publication: string | null;
  if (target.kind === 'main') {
    const checked = MainBannerSaveSchema.safeParse({
      version: draft.version,
      content: draft.text,
      order,
      status: draft.status,
      enhanceMenu: draft.enhanceMenu,
      backgroundImageDesktop: draft.desktop,
      backgroundImageMobile: draft.mobile,
    });
    if (!checked.success) return fail(issuesToFields(checked.error.issues), 'Revisa los campos marcados.');
    const result = await callApi(() => api.cms.banners.main[':id'].$put({ param: { id: draft.id }, json: checked.data }));
    if (!result.ok) return fail(result.fields, result.message);
    ({ saved, publication } = result.data);
  } else {
    const checked = RegionBannerSaveSchema.safeParse({
      version: draft.version,
      description: draft.text,
      order,
      visible: draft.status === 'ACTIVE',
      imageDesktop: draft.desktop,
      imageMobile: draft.mobile,
    });
    if (!checked.success) return fail(issuesToFields(checked.error.issues), 'Revisa los campos marcados.');
    const result = await callApi(() => api.cms.banners.region[':region'][':id'].$put({ param: { region: target.region, id: draft.id }, json: checked.data }));
    if (!result.ok) return fail(result.fields, result.message);
    ({ saved, publication } = result.data);
  }
  followPublication(publication);
  patch({ saving: false, banners: replace(saved), draft: null, errors: {}, message: 'Cambios guardados.' });
  return 'saved';
}

export async function deleteBanner(id: string): Promise<'deleted' | 'failed'> {
  const { target, banners } = $bannersEditor.get();
  const banner = banners.find((b) => b.id === id);
  if (!target || !banner) return 'failed';
  patch({ saving: true, message: null });
  const query = { version: String(banner.version) };
  const result =
    target.kind === 'main'
      ? await callApi(() => api.cms.banners.main[':id'].$delete({ param: { id }, query }))
      : await callApi(() => api.cms.banners.region[':region'][':id'].$delete({ param: { region: target.region, id }, query }));
  if (!result.ok) {
    patch({ saving: false, message: result.message });
    return 'failed';
  }
  followPublication(result.data.publication);
  const { draft } = $bannersEditor.get();
  patch({ saving: false, banners: banners.filter((b) => b.id !== id), draft: draft?.id === id ? null : draft, message: 'Banner eliminado.' });
  return 'deleted';
}

export function resetBannersEditor(): void {
  $bannersEditor.set(initial());
}
