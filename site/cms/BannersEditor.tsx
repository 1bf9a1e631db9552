/**
 * The home's main banners or a region page's banners in edit mode: every banner (drafts and hidden ones
 * dimmed and labelled), 'Añadir banner', and one open at a time with its text (rich text for the home,
 * a description for a region), order, status or visibility, 'Destacar en el menú' (home) and its desktop
 * and mobile images.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { MOBILE_BANNER_BREAKPOINT_PX } from '#shared/constants.ts';
import { DRAFT_STATUSES, type DraftStatus, SLIDER_STATUS_LABELS } from '#shared/enums.ts';
import { hasRichTextContent } from '#shared/rich-text.ts';
import {
  $bannersEditor,
  addBanner,
  type BannerTarget,
  closeBanner,
  deleteBanner,
  loadBanners,
  openBanner,
  removeImage,
  saveBanner,
  setBannerDraft,
  uploadBannerImage,
} from '../stores/cms-banners.ts';
import { uploadImage } from '../stores/cms-uploads.ts';
import { ImageField, RichTextField } from './LandingEditors.tsx';
import { ConfirmDelete, FieldError } from './RollEditor.tsx';

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function BannerForm({ target }: { target: BannerTarget }) {
  const { draft, errors, saving, uploading } = useStore($bannersEditor);
  if (!draft) return null;
  const main = target.kind === 'main';
  const id = (name: string) => `cms-banner-${draft.id}-${name}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveBanner();
  };
  return (
    <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar banner">
      {main ? (
        <div className="cms-field">
          <span className="cms-label">Contenido</span>
          <RichTextField
            initial={draft.text}
            label="Contenido del banner"
            onChange={(text) => setBannerDraft({ text })}
            onImage={async (file) => {
              const result = await uploadImage('landing/home/content', file);
              return result.ok ? result.image.mediaUrl : null;
            }}
          />
        </div>
      ) : (
        <div className="cms-field">
          <label htmlFor={id('text')}>Descripción</label>
          <textarea id={id('text')} rows={3} maxLength={2000} value={draft.text} onChange={(e) => setBannerDraft({ text: e.target.value })} />
        </div>
      )}
      <div className="cms-fields">
        <div className="cms-field cms-field--narrow">
          <label htmlFor={id('order')}>Orden</label>
          <input
            id={id('order')}
            type="number"
            inputMode="numeric"
            min={0}
            value={draft.order}
            onChange={(e) => setBannerDraft({ order: e.target.value })}
            aria-describedby={errors.order ? `${id('order')}-error` : undefined}
          />
          <FieldError id={`${id('order')}-error`} message={errors.order} />
        </div>
        {main ? (
          <>
            <div className="cms-field">
              <label htmlFor={id('status')}>Estado</label>
              <select id={id('status')} value={draft.status} onChange={(e) => setBannerDraft({ status: e.target.value as DraftStatus })}>
                {DRAFT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {SLIDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="cms-field cms-field--check">
              <input id={id('menu')} type="checkbox" checked={draft.enhanceMenu} onChange={(e) => setBannerDraft({ enhanceMenu: e.target.checked })} />
              <label htmlFor={id('menu')}>Destacar en el menú</label>
            </div>
          </>
        ) : (
          <div className="cms-field cms-field--check">
            <input
              id={id('visible')}
              type="checkbox"
              checked={draft.status === 'ACTIVE'}
              onChange={(e) => setBannerDraft({ status: e.target.checked ? 'ACTIVE' : 'INACTIVE' })}
            />
            <label htmlFor={id('visible')}>Visible</label>
          </div>
        )}
      </div>
      <div className="cms-fields">
        <ImageField
          id={id('desktop')}
          label="Imagen de escritorio"
          preview={draft.desktopPreview}
          uploading={uploading.includes('desktop')}
          error={errors.desktop}
          onFile={(file) => void uploadBannerImage('desktop', file)}
          onRemove={() => removeImage('desktop')}
        />
        <ImageField
          id={id('mobile')}
          label={`Imagen para móvil (pantallas de ${MOBILE_BANNER_BREAKPOINT_PX} px o menos)`}
          preview={draft.mobilePreview}
          uploading={uploading.includes('mobile')}
          error={errors.mobile}
          onFile={(file) => void uploadBannerImage('mobile', file)}
          onRemove={() => removeImage('mobile')}
        />
      </div>
      <div className="cms-actions">
        <button type="submit" className="cms-button cms-button--primary" disabled={saving || uploading.length > 0}>
          {saving && <span className="cms-spinner" aria-hidden="true" />}
          {saving ? 'Guardando…' : 'Guardar'}
        </button>
        <button type="button" className="cms-button" onClick={closeBanner} disabled={saving}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

export default function BannersEditor({ target, title }: { target: BannerTarget; title: string }) {
  const { status, banners, draft, saving, message } = useStore($bannersEditor);
  const key = target.kind === 'main' ? 'main' : target.region;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is identified by its key.
  useEffect(() => {
    void loadBanners(target);
  }, [key]);
  return (
    <section className="cms-panel" aria-labelledby="cms-banners">
      <div className="cms-panel__head">
        <h2 id="cms-banners">{title}</h2>
        <button type="button" className="cms-button cms-button--primary" onClick={() => void addBanner()} disabled={saving}>
          Añadir banner
        </button>
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {message ?? ''}
      </p>
      {status === 'loading' && <p className="cms-muted">Cargando banners…</p>}
      <ul className="cms-list">
        {banners.map((banner, index) => {
          const shown = 'status' in banner ? banner.status === 'ACTIVE' : banner.visible;
          const text = 'content' in banner ? (hasRichTextContent(banner.content) ? plain(banner.content) : '') : banner.description;
          const name = `Banner ${index + 1}`;
          const open = draft?.id === banner.id;
          return (
            <li key={banner.id} className={shown || open ? 'cms-item' : 'cms-item cms-item--dimmed'} data-testid="cms-banner">
              <div className="cms-item__head">
                <strong>{name}</strong>
                <span className={`cms-badge cms-badge--${shown ? 'active' : 'draft'}`}>
                  {'status' in banner ? SLIDER_STATUS_LABELS[banner.status] : banner.visible ? 'Visible' : 'Oculto'}
                </span>
                <span className="cms-muted">
                  orden {banner.order} · {text ? text.slice(0, 60) : 'sin texto'}
                </span>
                <span className="cms-item__actions">
                  {!open && (
                    <button type="button" className="cms-button" onClick={() => openBanner(banner.id)} aria-label={`Editar ${name.toLowerCase()}`}>
                      Editar
                    </button>
                  )}
                  <ConfirmDelete label={`Eliminar ${name.toLowerCase()}`} onConfirm={() => void deleteBanner(banner.id)} />
                </span>
              </div>
              {open && <BannerForm target={target} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
