/**
 * The admin card tools against the real API, as an admin (tests/support/island-api.ts): 'Subir foto'
 * uploads into the tour's folder and saves it as the thumbnail, 'Sincronizar' says what keeps a tour off
 * the shop; each card keeps its own spinner and message, and a refusal stops the spinner with the reason.
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $cards, askRemoveCard, CARD_REMOVED_MESSAGE, cancelRemoveCard, removeCard, syncCard, uploadCardPhoto } from './cms-cards.ts';

const island = withIslandApi({ as: 'admin' });
const photo = async (name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 400, channels: 3, background: '#c1121f' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: 'image/jpeg' },
  );
const thumbnailOf = async (id: string) => (await island.t.db.selectFrom('tours').select('thumbnail').where('id', '=', id).executeTakeFirstOrThrow()).thumbnail;

beforeEach(() => $cards.set({}));

describe('the admin card tools', () => {
  it("'Subir foto' uploads into the tour's folder and makes it the thumbnail, from the version read just before", async () => {
    const saving = uploadCardPhoto('t1', await photo('Kioto de noche.jpg'));
    expect($cards.get().t1).toEqual({ busy: true, message: null });
    expect(await saving).toBe('saved');
    expect($cards.get()).toEqual({ t1: { busy: false, message: 'Foto guardada.' } });
    expect(island.calls).toEqual(['GET /api/cms/tours/t1', 'POST /api/cms/uploads', 'PUT /api/cms/tours/t1/thumbnail']);
    expect(await thumbnailOf('t1')).toBe('t1/Kioto_de_noche.jpg');
  });

  it("stops the spinner with the upload's reason and saves no thumbnail when the file is not an image", async () => {
    expect(await uploadCardPhoto('t1', new File(['no soy una foto'], 'foto.jpg'))).toBe('failed');
    expect($cards.get().t1).toEqual({ busy: false, message: 'El archivo no es una imagen JPG, PNG, WebP o AVIF.' });
    expect(island.calls.some((call) => call.startsWith('PUT'))).toBe(false);
    expect(await thumbnailOf('t1')).toBeNull();
  });

  it("'Sincronizar' says the tour's pages are being published, or what keeps it off the shop", async () => {
    expect(await syncCard('t1')).toBe('synced');
    expect($cards.get().t1).toEqual({ busy: false, message: 'Tour sincronizado: se están publicando sus páginas.' });
    expect(await syncCard('t2')).toBe('synced');
    expect($cards.get().t2).toEqual({ busy: false, message: 'Revisa: No tiene precio de adulto. No tiene salidas a la venta.' });
    expect($cards.get().t1?.message).toBe('Tour sincronizado: se están publicando sus páginas.');
    expect(island.calls).toEqual(['POST /api/cms/tours/t1/sync', 'POST /api/cms/tours/t2/sync']);
  });

  it('stops the spinner and says why when the tour is gone or the shop cannot be reached', async () => {
    expect(await syncCard('borrado')).toBe('failed');
    expect($cards.get().borrado).toEqual({ busy: false, message: 'Este tour ya no existe.' });
    island.loseNextAnswer();
    expect(await syncCard('t1')).toBe('failed');
    expect($cards.get().t1).toEqual({ busy: false, message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.' });
  });

  it("'Quitar' asks first, then takes the tour off the web once though its first answer was lost", async () => {
    askRemoveCard('t1');
    cancelRemoveCard('t1');
    expect(await removeCard('t1')).toBe('failed');
    expect(island.calls).toEqual([]);
    askRemoveCard('t1');
    island.loseNextAnswer();
    expect(await removeCard('t1')).toBe('failed');
    expect(await removeCard('t1')).toBe('removed');
    expect($cards.get().t1).toEqual({ busy: false, message: CARD_REMOVED_MESSAGE, removal: null });
    expect(island.calls).toEqual(['DELETE /api/admin/tours/t1/publish', 'DELETE /api/admin/tours/t1/publish']);
    expect((await island.t.db.selectFrom('tours').select('publishWeb').where('id', '=', 't1').executeTakeFirstOrThrow()).publishWeb).toBe(0);
    const records = await island.t.db.selectFrom('staffActions').select(['entityType', 'entityId']).execute();
    expect(records).toEqual([{ entityType: 'tour', entityId: 't1' }]);
  });
});
