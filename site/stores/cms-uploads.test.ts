/**
 * One image upload from an editor against the real API, as an admin (tests/support/island-api.ts): an
 * image is stored in its folder under a safe name and its key comes back to save; a file that is not an
 * image, an empty one and a folder of no page are refused with the field's Spanish message.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { uploadImage } from './cms-uploads.ts';

const island = withIslandApi({ as: 'admin' });
const photo = async (name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a6f97' } })
          .png()
          .toBuffer(),
      ),
    ],
    name,
    { type: 'image/png' },
  );

describe('an editor’s image upload', () => {
  it('stores the photo in the tour’s folder under a safe name and answers the key to save', async () => {
    const uploaded = await uploadImage('t1', await photo('Monte Fuji.png'));
    expect(uploaded).toMatchObject({ ok: true, image: { key: 't1/Monte_Fuji.png', width: 640, height: 400 } });
    expect(island.calls).toEqual(['POST /api/cms/uploads']);
  });

  it('says why a file or a folder is refused, in the words of the field', async () => {
    expect(await uploadImage('t1', new File(['<?php echo 1; ?>'], 'foto.png'))).toEqual({
      ok: false,
      message: 'El archivo no es una imagen JPG, PNG, WebP o AVIF.',
    });
    expect(await uploadImage('t1', new File([], 'vacia.png'))).toEqual({ ok: false, message: 'Elige una imagen.' });
    expect(await uploadImage('tour-que-no-existe', await photo('a.png'))).toEqual({ ok: false, message: 'No se puede subir una imagen a esa carpeta.' });
    expect(await uploadImage('landing/escapadas-de-otono/desktop', await photo('a.png'))).toEqual({
      ok: false,
      message: 'No hay ninguna página con ese nombre: la imagen no se ha subido.',
    });
  });

  it('says the shop could not be reached when the answer is lost', async () => {
    island.loseNextAnswer();
    expect(await uploadImage('t1', await photo('a.png'))).toEqual({
      ok: false,
      message: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
  });
});
