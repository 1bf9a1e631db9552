/**
 * The in-place editors, loaded only for a browser where an admin signed in (Base.astro's loader). It checks
 * the session first: without an admin session nothing is mounted and the hint is dropped. Each editable
 * block of the page (`data-cms`) gets its editor beside it, and one bar tells where the last change is on
 * its way to the live pages.
 */
import { createRoot } from 'react-dom/client';
import { isAdmin } from '#shared/rules/session.ts';
import { $session, loadSession } from '../stores/session.ts';
import { connectCmsEvents } from '../stores/cms-publish.ts';
import BannersEditor from './BannersEditor.tsx';
import CardTools from './CardTools.tsx';
import CarouselsEditor from './CarouselsEditor.tsx';
import GridEditor from './GridEditor.tsx';
import { BannerEditor, RichTextEditor } from './LandingEditors.tsx';
import OffersEditor from './OffersEditor.tsx';
import PublishStatus from './PublishStatus.tsx';
// As text in this chunk, put into the page when an admin's editors mount: imported as a stylesheet, the build
// inlined it into every page whose script can load this chunk, 6 KB of each visitor's page.
import cmsStyles from './cms.css?inline';

/** A container for an editor, placed before `anchor`; marked so the page knows edit mode is on. */
function mountBefore(anchor: Element, name: string): HTMLElement {
  const host = document.createElement('div');
  host.className = 'cms-host';
  host.dataset.cmsEditor = name;
  anchor.before(host);
  return host;
}

async function boot(): Promise<void> {
  await loadSession();
  const user = $session.get().user;
  if (!user || !isAdmin(user.groups)) return;
  document.documentElement.dataset.cmsMode = 'on';
  const styles = document.createElement('style');
  styles.textContent = cmsStyles;
  document.head.append(styles);
  connectCmsEvents();

  const carousels = document.querySelector<HTMLElement>('[data-cms="carousels"]');
  if (carousels) {
    const anchor = carousels.closest('[data-cms-host]') ?? carousels;
    createRoot(mountBefore(anchor, 'carousels')).render(<CarouselsEditor website={carousels.dataset.cmsWebsite ?? 'WEBDR'} />);
  }
  const offers = document.querySelector<HTMLElement>('[data-cms="offers"]');
  const slider = offers?.dataset.cmsSlider;
  if (offers && (slider === 'ultimas-plazas' || slider === 'ofertas')) {
    createRoot(mountBefore(offers, 'offers')).render(<OffersEditor slider={slider} />);
  }
  const grid = document.querySelector<HTMLElement>('[data-cms="grid"]');
  if (grid?.dataset.cmsSlug) createRoot(mountBefore(grid, 'grid')).render(<GridEditor slug={grid.dataset.cmsSlug} />);
  const banner = document.querySelector<HTMLElement>('[data-cms="banner"]');
  if (banner?.dataset.cmsSlug) createRoot(mountBefore(banner, 'banner')).render(<BannerEditor slug={banner.dataset.cmsSlug} />);
  const text = document.querySelector<HTMLElement>('[data-cms="rich-text"]');
  if (text?.dataset.cmsSlug)
    createRoot(mountBefore(text, 'rich-text')).render(<RichTextEditor slug={text.dataset.cmsSlug} markers={'cmsMarkers' in text.dataset} />);
  const mainBanners = document.querySelector<HTMLElement>('[data-cms="main-banners"]');
  if (mainBanners)
    createRoot(mountBefore(mainBanners, 'main-banners')).render(<BannersEditor target={{ kind: 'main' }} title="Banners de portada · edición" />);
  const regionBanners = document.querySelector<HTMLElement>('[data-cms="region-banners"]');
  const region = regionBanners?.dataset.cmsRegion;
  if (regionBanners && region) {
    createRoot(mountBefore(regionBanners, 'region-banners')).render(
      <BannersEditor target={{ kind: 'region', region }} title="Banners de la región · edición" />,
    );
  }
  // The card tools go inside every tour card of the page (carousels, grids, listings).
  const cards = [...document.querySelectorAll<HTMLElement>('[data-cms-tour]')].map((card) => {
    const host = document.createElement('div');
    host.dataset.cmsEditor = 'card-tools';
    card.append(host);
    return { host, tourId: card.dataset.cmsTour ?? '', name: card.querySelector('h2, h3')?.textContent?.trim() ?? '' };
  });
  const bar = document.createElement('div');
  document.body.append(bar);
  createRoot(bar).render(
    <>
      <PublishStatus />
      {cards.length > 0 && <CardTools cards={cards} />}
    </>,
  );
}

void boot();
