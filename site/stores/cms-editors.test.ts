/**
 * The in-place editors' stores against the real API, as the demo admin (tests/support/island-api.ts): what
 * each action sends, what it keeps on screen and what it tells the admin.
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { VERSION_CONFLICT_MESSAGE } from '#shared/schemas/cms.ts';
import {
  $carouselsEditor,
  addCarousel,
  addPickedTour,
  closeCarousel,
  deleteCarousel,
  loadCarousels,
  loadHistory,
  resetCarouselsEditor,
  restoreVersion,
  SAVED_MESSAGE,
  saveCarousel,
  searchTours,
  setDraftField,
  setPicker,
  openCarousel,
} from './cms-carousels.ts';
import {
  $offersEditor,
  cancelEdit,
  chooseOfferTour,
  createOffer,
  deleteOffer,
  loadOffers,
  openCreate,
  openEdit,
  saveOffer,
  searchOfferTours,
  setCreateField,
  setEditField,
} from './cms-offers.ts';
import {
  $gridEditor,
  addGridTour,
  loadGrid,
  loadGridHistory,
  openGrid,
  removeGridTour,
  resetGridEditor,
  restoreGridVersion,
  saveGrid,
  searchGridTours,
  setGridPicker,
  setGridTitle,
} from './cms-grid.ts';
import { $bannersEditor, addBanner, deleteBanner, loadBanners, resetBannersEditor, saveBanner, setBannerDraft, uploadBannerImage } from './cms-banners.ts';
import {
  $landingEditor,
  cancelEditor,
  loadLanding,
  openEditor,
  resetLandingEditor,
  saveEditor,
  setBannerField,
  setHtml,
  uploadLandingImage,
} from './cms-landing.ts';
import { $publish, describePublish, followPublication, receiveCmsEvent } from './cms-publish.ts';

const island = withIslandApi({ as: 'admin' });

const picture = async (name: string, width: number, height: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
          .png()
          .toBuffer(),
      ),
    ],
    name,
    { type: 'image/png' },
  );
const notAnImage = () => new File(['no soy una imagen'], 'notas.png', { type: 'image/png' });

/**
 * Holds the answers to uploads into folders ending in `/mobile` until `release()`: the mobile image is still
 * on its way while the admin picks another file, as with a large photo on a slow line.
 */
function holdMobileUploads() {
  const through = globalThis.fetch;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await through(input, init);
    const folder = init?.body instanceof FormData ? String(init.body.get('folder')) : '';
    if (folder.endsWith('/mobile')) await released;
    return answer;
  };
  return release;
}

describe('the carousels editor store', () => {
  beforeEach(() => resetCarouselsEditor());

  it('adds a draft with the defaults, picks two tours with positions, saves and lists it', async () => {
    await loadCarousels('WEBDR');
    expect($carouselsEditor.get()).toMatchObject({ status: 'ready', carousels: [] });
    await addCarousel();
    expect($carouselsEditor.get().draft).toMatchObject({ label: '', category: 'GROUP', position: '0', status: 'DRAFT', isNew: true });
    setDraftField('label', 'Japón y más');
    setDraftField('status', 'ACTIVE');

    await searchTours('jap');
    expect($carouselsEditor.get().picker.results.map((t) => t.id)).toEqual(['t1']);
    setPicker({ position: '2' });
    expect(addPickedTour()).toBe(true);
    // Once in the roll, a tour is no longer offered.
    await searchTours('jap');
    expect($carouselsEditor.get().picker.results).toEqual([]);
    await searchTours('otro');
    setPicker({ tourId: 't2', position: '1' });
    expect(addPickedTour()).toBe(true);
    expect($carouselsEditor.get().draft?.tours.map((t) => [t.tourId, t.position])).toEqual([
      ['t2', 1],
      ['t1', 2],
    ]);

    expect(await saveCarousel()).toBe('saved');
    const state = $carouselsEditor.get();
    expect(state.message).toBe(SAVED_MESSAGE);
    expect(state.draft).toBeNull();
    expect(state.carousels).toMatchObject([{ label: 'Japón y más', status: 'ACTIVE', version: 2 }]);
    expect(island.calls).toContain(`PUT /api/cms/carousels/${state.carousels[0]?.id}`);
  });

  it('keeps what was typed and says why when someone else saved first', async () => {
    await loadCarousels('WEBDR');
    await addCarousel();
    const id = $carouselsEditor.get().draft?.id as string;
    await island.t.db.updateTable('sliders').set({ version: 7, label: 'De otra persona' }).where('id', '=', id).execute();
    setDraftField('label', 'Mi título');
    expect(await saveCarousel()).toBe('failed');
    expect($carouselsEditor.get().message).toBe(VERSION_CONFLICT_MESSAGE);
    expect($carouselsEditor.get().draft?.label).toBe('Mi título');
  });

  it('marks a position that is not a number before sending anything', async () => {
    await loadCarousels('WEBDR');
    await addCarousel();
    const sent = island.calls.length;
    setDraftField('position', '');
    expect(await saveCarousel()).toBe('failed');
    expect($carouselsEditor.get().errors.position).toBe('Indica la posición.');
    expect(island.calls.length).toBe(sent);
  });

  it('restores an earlier version and deletes a carousel', async () => {
    await loadCarousels('WEBDR');
    await addCarousel();
    setDraftField('label', 'Primera versión');
    await saveCarousel();
    const id = $carouselsEditor.get().carousels[0]?.id as string;
    openCarousel(id);
    setDraftField('label', 'Segunda versión');
    await saveCarousel();
    openCarousel(id);
    await loadHistory();
    const first = $carouselsEditor.get().history?.find((h) => (h.after as { label: string } | null)?.label === 'Primera versión');
    expect(await restoreVersion(first?.id as string)).toBe('restored');
    expect($carouselsEditor.get().carousels[0]).toMatchObject({ label: 'Primera versión', version: 4 });
    closeCarousel();
    expect(await deleteCarousel(id)).toBe('deleted');
    expect($carouselsEditor.get().carousels).toEqual([]);
  });
});

describe('the campaign grid editor store', () => {
  beforeEach(() => resetGridEditor());

  it("shows the defaults for a new campaign, adds two tours, removes one with 'Eliminar', saves and restores", async () => {
    await loadGrid('mercados-de-viena');
    expect($gridEditor.get().grid).toMatchObject({ id: null, title: 'Viajes en grid', category: 'GRID', status: 'ACTIVE', tours: [] });
    openGrid();
    await searchGridTours('jap');
    setGridPicker({ position: '2' });
    expect(addGridTour()).toBe(true);
    await searchGridTours('otro');
    setGridPicker({ tourId: 't2', position: '1' });
    expect(addGridTour()).toBe(true);
    expect($gridEditor.get().tours.map((t) => [t.tourId, t.position])).toEqual([
      ['t2', 1],
      ['t1', 2],
    ]);
    expect(await saveGrid()).toBe('saved');
    expect($gridEditor.get()).toMatchObject({ open: false, message: 'Cambios guardados.', grid: { version: 1, title: 'Viajes en grid' } });
    expect(island.calls).toContain('PUT /api/cms/grids/mercados-de-viena');

    openGrid();
    removeGridTour('t2');
    setGridTitle('Mercados de Viena');
    expect(await saveGrid()).toBe('saved');
    expect($gridEditor.get().grid?.tours.map((t) => t.tourId)).toEqual(['t1']);

    openGrid();
    await loadGridHistory();
    const first = $gridEditor.get().history?.find((h) => h.version === 1);
    expect(await restoreGridVersion(first?.id as string)).toBe('restored');
    expect($gridEditor.get().grid).toMatchObject({ title: 'Viajes en grid', version: 3 });
    expect($gridEditor.get().grid?.tours.map((t) => t.tourId)).toEqual(['t2', 't1']);
  });

  it('keeps the edited roll on screen when someone else saved first', async () => {
    await loadGrid('mercados-de-viena');
    openGrid();
    expect(await saveGrid()).toBe('saved');
    await island.t.db.updateTable('sliders').set({ version: 5 }).where('sliderSlug', '=', 'mercados-de-viena').execute();
    openGrid();
    setGridTitle('Mío');
    expect(await saveGrid()).toBe('failed');
    expect($gridEditor.get()).toMatchObject({ open: true, title: 'Mío', message: VERSION_CONFLICT_MESSAGE });
  });
});

describe('the landing editor store', () => {
  beforeEach(() => resetLandingEditor());

  it("keeps 'Guardar' waiting for the mobile image while a wrong desktop file is refused, and saves both images", async () => {
    await loadLanding('black-friday');
    openEditor('banner');
    await uploadLandingImage('desktop', await picture('Banner escritorio.png', 1600, 600));
    const release = holdMobileUploads();
    const mobile = uploadLandingImage('mobile', await picture('Banner movil.png', 600, 900));
    await uploadLandingImage('desktop', notAnImage());
    // What the form disables 'Guardar' on: the mobile image is not in the banner yet.
    expect($landingEditor.get()).toMatchObject({
      uploading: ['mobile'],
      banner: { desktopImage: 'landing/black-friday/desktop/Banner_escritorio.png', mobileImage: null },
    });
    release();
    await mobile;
    expect($landingEditor.get()).toMatchObject({ uploading: [], banner: { mobileImage: 'landing/black-friday/mobile/Banner_movil.png' } });
    expect(await saveEditor()).toBe('saved');
    expect($landingEditor.get().landing).toMatchObject({
      desktopImage: 'landing/black-friday/desktop/Banner_escritorio.png',
      mobileImage: 'landing/black-friday/mobile/Banner_movil.png',
    });
  });

  it("'Cancelar' drops the edit; 'Guardar' creates the landing with its rich text, then the banner saves on its version", async () => {
    await loadLanding('mercados-de-viena');
    expect($landingEditor.get().landing).toMatchObject({ id: null, version: null, html: '' });
    openEditor('text');
    setHtml('<p>Descartado</p>');
    cancelEditor();
    expect($landingEditor.get()).toMatchObject({ editing: null, landing: { html: '' } });
    expect(island.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    openEditor('text');
    expect($landingEditor.get().html).toBe('');
    setHtml('<h2>Viena</h2><p>Ponche <strong>caliente</strong><script>x()</script></p>');
    expect(await saveEditor()).toBe('saved');
    expect($landingEditor.get()).toMatchObject({
      editing: null,
      message: 'Cambios guardados.',
      messageFor: 'text',
      landing: { version: 1, html: '<h2>Viena</h2><p>Ponche <strong>caliente</strong></p>' },
    });

    openEditor('banner');
    setBannerField('title', 'Mercados de Viena');
    expect(await saveEditor()).toBe('saved');
    expect($landingEditor.get().landing).toMatchObject({
      version: 2,
      title: 'Mercados de Viena',
      html: '<h2>Viena</h2><p>Ponche <strong>caliente</strong></p>',
    });
  });
});

describe('the banners editor store', () => {
  beforeEach(() => resetBannersEditor());

  it("keeps 'Guardar' waiting for an image still uploading when another upload is answered first", async () => {
    await loadBanners({ kind: 'main' });
    await addBanner();
    const release = holdMobileUploads();
    const mobile = uploadBannerImage('mobile', await picture('Banner movil.png', 600, 900));
    await uploadBannerImage('desktop', notAnImage());
    expect($bannersEditor.get()).toMatchObject({
      uploading: ['mobile'],
      errors: { desktop: 'El archivo no es una imagen JPG, PNG, WebP o AVIF.' },
      draft: { mobile: null },
    });
    release();
    await mobile;
    expect($bannersEditor.get()).toMatchObject({ uploading: [], draft: { mobile: 'landing/home/mobile/Banner_movil.png' } });
    expect(await saveBanner()).toBe('saved');
    expect($bannersEditor.get().banners).toMatchObject([{ backgroundImageMobile: 'landing/home/mobile/Banner_movil.png' }]);
  });

  it('adds a region banner (hidden), makes it visible with a description, and deletes it', async () => {
    await loadBanners({ kind: 'region', region: 'asia' });
    expect($bannersEditor.get()).toMatchObject({ status: 'ready', banners: [] });
    await addBanner();
    expect($bannersEditor.get().draft).toMatchObject({ text: '', order: '0', status: 'INACTIVE' });
    setBannerDraft({ text: 'Templos y arrozales', status: 'ACTIVE' });
    expect(await saveBanner()).toBe('saved');
    expect($bannersEditor.get().banners).toMatchObject([{ region: 'asia', description: 'Templos y arrozales', visible: true, version: 2 }]);
    expect(await deleteBanner($bannersEditor.get().banners[0]?.id as string)).toBe('deleted');
    expect($bannersEditor.get()).toMatchObject({ banners: [], message: 'Banner eliminado.' });
  });

  it('marks an order that is not a number before sending, and saves a main banner published with its content', async () => {
    await loadBanners({ kind: 'main' });
    await addBanner();
    expect($bannersEditor.get().draft).toMatchObject({ status: 'DRAFT', enhanceMenu: false });
    const sent = island.calls.length;
    setBannerDraft({ order: '' });
    expect(await saveBanner()).toBe('failed');
    expect($bannersEditor.get().errors.order).toBe('Indica el orden.');
    expect(island.calls.length).toBe(sent);
    setBannerDraft({ order: '3', text: '<p>Viaja distinto</p>', status: 'ACTIVE', enhanceMenu: true });
    expect(await saveBanner()).toBe('saved');
    expect($bannersEditor.get().banners).toMatchObject([{ content: '<p>Viaja distinto</p>', order: 3, status: 'ACTIVE', enhanceMenu: true }]);
  });
});

describe('the offers editor store', () => {
  it("creates an offer on 'ultimas-plazas', edits it to inactive, then deletes it", async () => {
    await loadOffers('ultimas-plazas');
    expect($offersEditor.get().list?.offers).toEqual([]);
    openCreate();
    expect(await createOffer()).toBe('failed');
    expect($offersEditor.get().create.errors).toEqual({
      tourId: 'Por favor selecciona un tour',
      periodId: 'Por favor selecciona un periodo',
      discount: 'Por favor ingresa descuento',
      coupon: 'Por favor ingresa cupón',
    });
    await searchOfferTours('jap');
    await chooseOfferTour('t1');
    const p1 = $offersEditor.get().create.periods.find((p) => p.id === 'p1');
    expect(p1?.flights.map((f) => f.name)).not.toContain('Sin vuelo');
    setCreateField('periodId', 'p1');
    setCreateField('discount', '120');
    setCreateField('coupon', 'japon120');
    expect(await createOffer()).toBe('created');
    const offer = $offersEditor.get().list?.offers[0];
    expect(offer).toMatchObject({ status: 'active', position: 1, discountCents: 12_000, coupon: 'JAPON120' });

    openEdit(offer?.id as string);
    setEditField('discount', '');
    expect(await saveOffer()).toBe('failed');
    expect($offersEditor.get().edit?.errors).toEqual({ discount: 'Por favor ingresa el descuento' });
    cancelEdit();
    expect($offersEditor.get().edit).toBeNull();
    openEdit(offer?.id as string);
    setEditField('status', 'inactive');
    expect(await saveOffer()).toBe('saved');
    expect($offersEditor.get().list?.offers[0]).toMatchObject({ status: 'inactive', version: 2 });
    expect(await deleteOffer(offer?.id as string)).toBe('deleted');
    expect($offersEditor.get().list?.offers).toEqual([]);
  });
});

describe('the offers editor store, two presses at once', () => {
  it('keeps an offer listed while another one is being deleted', async () => {
    await loadOffers('ultimas-plazas');
    for (const coupon of ['primero10', 'segundo20']) {
      openCreate();
      await searchOfferTours('jap');
      await chooseOfferTour('t1');
      setCreateField('periodId', 'p1');
      setCreateField('discount', '10');
      setCreateField('coupon', coupon);
      expect(await createOffer()).toBe('created');
    }
    const [first, second] = $offersEditor.get().list?.offers ?? [];
    const release = island.holdNextAnswer();
    const deleting = deleteOffer(first?.id as string);
    openEdit(second?.id as string);
    setEditField('status', 'inactive');
    expect(await saveOffer()).toBe('saved');
    release();
    expect(await deleting).toBe('deleted');
    expect($offersEditor.get().list?.offers).toMatchObject([{ id: second?.id, status: 'inactive', version: 2 }]);
  });
});

describe('the publication status', () => {
  it("says 'Publicando…', then 'Publicado' with the Madrid time, even when the event beats the answer", () => {
    followPublication('p1');
    expect(describePublish($publish.get())).toBe('Publicando…');
    receiveCmsEvent({ type: 'publish', id: 'p1', state: 'published', at: '2026-11-25T09:42:00.000Z', pages: 3 });
    expect(describePublish($publish.get())).toBe('Publicado a las 10:42');
    receiveCmsEvent({
      type: 'publish',
      id: 'p2',
      state: 'failed',
      at: '2026-11-25T09:43:00.000Z',
      message: 'No se ha podido publicar el cambio; sigue publicada la versión anterior.',
    });
    followPublication('p2');
    expect(describePublish($publish.get())).toBe('No se ha podido publicar el cambio; sigue publicada la versión anterior.');
  });
});
