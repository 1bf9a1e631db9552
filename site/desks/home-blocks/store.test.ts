/**
 * /admin/portada against the real API, as an admin: an experience is refused without a name before sending,
 * created once though its first answer was lost, cannot go on the home without a photo, gets one through the
 * image pipeline and goes; moved; a traveller's photo is refused without a caption, uploaded, hidden, removed.
 * Every press is recorded.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOME_BLOCK_MESSAGES } from '#shared/schemas/home-blocks.ts';
import { withIslandApi } from '../../../tests/support/island-api.ts';
import {
  $homeBlocks,
  editActivity,
  moveActivity,
  openHomeBlocks,
  removePhoto,
  saveActivity,
  setActivityField,
  setActivityVisibility,
  setCaption,
  setPhotoStatus,
  uploadActivityPhoto,
  uploadPhoto,
} from './store.ts';

const island = withIslandApi({ as: 'admin' });
const photo = async (name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b5d4b' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    {
      type: 'image/jpeg',
    },
  );

describe('the home’s experiences and travellers’ photos', () => {
  it('creates an experience once, puts it on the home only with a photo, and moves it', async () => {
    await openHomeBlocks();
    editActivity(null);
    const calls = island.calls.length;
    expect(await saveActivity()).toBe(false);
    expect($homeBlocks.get().editor?.fields).toEqual({ name: HOME_BLOCK_MESSAGES.name });
    expect(island.calls.length).toBe(calls);
    setActivityField('name', 'Globo sobre Capadocia');
    setActivityField('city', 'Göreme');
    setActivityField('country', 'Turquía');
    island.loseNextAnswer();
    expect(await saveActivity()).toBe(false);
    expect(await saveActivity()).toBe(true);
    const [created] = $homeBlocks.get().view?.activities ?? [];
    expect(created).toMatchObject({ name: 'Globo sobre Capadocia', city: 'Göreme', homeViewable: false, status: 'ACTIVE', thumbnail: null });
    expect(await island.t.db.selectFrom('activities').select('name').execute()).toEqual([{ name: 'Globo sobre Capadocia' }]);
    const id = created?.id ?? '';

    expect(await setActivityVisibility(id, { homeViewable: true })).toBe(false);
    expect($homeBlocks.get().message).toBe('Sube antes una foto: la portada la muestra con ella.');
    expect(await uploadActivityPhoto(id, await photo('globo.jpg'))).toBe(true);
    expect($homeBlocks.get().view?.activities[0]?.thumbnail).toMatch(/^home\/activities\/.+\.jpg$/);
    expect(await setActivityVisibility(id, { homeViewable: true })).toBe(true);
    expect($homeBlocks.get().view?.activities[0]).toMatchObject({ homeViewable: true });

    editActivity(null);
    setActivityField('name', 'Cata en Montalcino');
    expect(await saveActivity()).toBe(true);
    const second = $homeBlocks.get().view?.activities[1]?.id ?? '';
    expect(await moveActivity(second, 'up')).toBe(true);
    expect($homeBlocks.get().view?.activities.map((a) => a.name)).toEqual(['Cata en Montalcino', 'Globo sobre Capadocia']);
    expect(await moveActivity(second, 'up')).toBe(false);
    expect($homeBlocks.get().message).toBe(HOME_BLOCK_MESSAGES.edge);
    const actions = await island.t.db.selectFrom('staffActions').select(['entityType', 'action']).where('entityType', '=', 'activity').execute();
    // Presses a millisecond apart share a time: the records, in any order.
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'create', 'move-up', 'photo-upload', 'visibility']);
  });

  it('uploads a traveller’s photo with its caption, hides it and removes it', async () => {
    await openHomeBlocks();
    expect(await uploadPhoto(await photo('grupo.jpg'))).toBe(false);
    expect($homeBlocks.get().upload.fields).toEqual({ caption: HOME_BLOCK_MESSAGES.caption });
    setCaption('Grupo en Petra, abril');
    expect(await uploadPhoto(await photo('grupo.jpg'))).toBe(true);
    const [uploaded] = $homeBlocks.get().view?.photos ?? [];
    expect(uploaded).toMatchObject({ name: 'Grupo en Petra, abril', status: 'ACTIVE' });
    expect(await setPhotoStatus(uploaded?.id ?? '', 'INACTIVE')).toBe(true);
    expect($homeBlocks.get().view?.photos[0]?.status).toBe('INACTIVE');
    expect(await removePhoto(uploaded?.id ?? '')).toBe(true);
    expect($homeBlocks.get().view?.photos).toEqual([]);
    const actions = await island.t.db.selectFrom('staffActions').select('action').where('entityType', '=', 'traveller-photo').execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['hide', 'photo-remove', 'photo-upload']);
  });
});
