/**
 * The photos of one optional activity (/admin/actividad-opcional/fotos/{tourID}/{optionalActivityId}) against
 * the real API, as an admin: an upload with no file or with a file that is no image named at the field, a
 * photo added and moved with what happened said for the live region, the edge refused, and a removal asked
 * first and applied once though the first answer was lost.
 */
import { describe, expect, it } from 'vitest';
import { photoPng } from '../../tests/support/feedback-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $activityPhotos, askRemove, chooseFile, confirmRemove, movePhoto, openActivityPhotos, uploadPhoto } from './admin-activity-photos.ts';

const island = withIslandApi({ as: 'admin' });

const photo = async (name: string) => new File([new Uint8Array(await photoPng())], name, { type: 'image/png' });
const stored = () => island.t.db.selectFrom('optionalActivityPhotos').select('id').where('optionalActivityId', '=', 'oa1').orderBy('position').execute();

async function uploaded(name: string) {
  chooseFile(await photo(name));
  await uploadPhoto();
  return $activityPhotos.get().view!.photos.at(-1)!;
}

describe('an optional activity’s photos', () => {
  it('opens the activity of the tour, and names a missing file or one that is no image at the field', async () => {
    await openActivityPhotos('t1', 'oa1');
    expect($activityPhotos.get()).toMatchObject({
      status: 'ready',
      view: { tour: { name: 'Japón esencial' }, activity: { name: 'Ceremonia del té' }, photos: [] },
    });
    chooseFile(null);
    await uploadPhoto();
    expect($activityPhotos.get().fileError).toBe('Elige una imagen.');
    expect(island.calls).toEqual(['GET /api/admin/activity-photos/t1/oa1']);

    chooseFile(new File(['no soy una foto'], 'nota.png', { type: 'image/png' }));
    await uploadPhoto();
    expect($activityPhotos.get()).toMatchObject({ uploading: false, fileError: 'El archivo no es una imagen JPG, PNG, WebP o AVIF.', done: null });
    expect(await stored()).toEqual([]);

    await openActivityPhotos('t2', 'oa1');
    expect($activityPhotos.get()).toMatchObject({ status: 'failed', message: 'No encontramos esta actividad opcional en este tour.' });
  });

  it('adds photos and moves one up, saying where it went; a move past the first place is refused', async () => {
    await openActivityPhotos('t1', 'oa1');
    const first = await uploaded('te.png');
    expect($activityPhotos.get()).toMatchObject({ file: null, fileError: null, done: 'Foto añadida.' });
    const second = await uploaded('jardin.png');
    expect($activityPhotos.get().view?.photos.map((p) => p.id)).toEqual([first.id, second.id]);

    await movePhoto(second, 'up');
    expect($activityPhotos.get()).toMatchObject({ busy: null, done: 'Foto movida al puesto 1.', focus: `${second.id}:up` });
    expect($activityPhotos.get().view?.photos.map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await stored()).map((p) => p.id)).toEqual([second.id, first.id]);

    await movePhoto(second, 'up');
    expect($activityPhotos.get()).toMatchObject({ busy: null, message: 'La foto ya está en ese extremo.', done: null });
  });

  it('keeps a file chosen while another went up, for the next upload', async () => {
    await openActivityPhotos('t1', 'oa1');
    chooseFile(await photo('te.png'));
    const release = island.holdNextAnswer();
    const uploading = uploadPhoto();
    const next = await photo('jardin.png');
    chooseFile(next);
    release();
    await uploading;
    expect($activityPhotos.get().file).toBe(next);
    expect($activityPhotos.get().done).toBe('Foto añadida.');
    await uploadPhoto();
    expect(await stored()).toHaveLength(2);
  });

  it('removes a photo once, asked first, though the first answer was lost', async () => {
    await openActivityPhotos('t1', 'oa1');
    await uploaded('te.png');
    const second = await uploaded('jardin.png');
    askRemove(second, 2);
    island.loseNextAnswer();
    await confirmRemove();
    expect($activityPhotos.get().removing).toMatchObject({
      sending: false,
      error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    await confirmRemove();
    expect($activityPhotos.get()).toMatchObject({ removing: null, done: 'Foto 2 quitada.' });
    expect($activityPhotos.get().view?.photos).toHaveLength(1);
    const removals = await island.t.db.selectFrom('staffActions').select('id').where('action', '=', 'photo-remove').execute();
    expect(removals).toHaveLength(1);
  });

  it('uploads and moves once though the first answers were lost and each was pressed again', async () => {
    await openActivityPhotos('t1', 'oa1');
    const first = await uploaded('te.png');
    chooseFile(await photo('jardin.png'));
    island.loseNextAnswer();
    await uploadPhoto();
    expect($activityPhotos.get().fileError).toBe('No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
    await uploadPhoto();
    expect($activityPhotos.get().view?.photos).toHaveLength(2);
    expect(await stored()).toHaveLength(2);

    // Moved down once, though 'Mover abajo' went twice: a second move would have been refused at the edge.
    island.loseNextAnswer();
    await movePhoto(first, 'down');
    expect($activityPhotos.get().message).toBe('No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.');
    await movePhoto(first, 'down');
    expect($activityPhotos.get()).toMatchObject({ message: null, done: 'Foto movida al puesto 2.' });
    expect((await stored()).at(-1)?.id).toBe(first.id);
  });
});
