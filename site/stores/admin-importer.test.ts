/**
 * The catalogue importer's screen (/admin/importador) against the real API, as an admin: a file missing or
 * too large named before anything is sent, 'Comprobar' reporting what the file would do without writing
 * it, and 'Importar' applied once though the first answer was lost, or refused whole while a row is wrong.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import { $importer, checkImportFile, chooseImportFile, confirmImport, openImport } from './admin-importer.ts';

const island = withIslandApi({ as: 'admin' });

const catalogue = (tours: unknown[]) => new File([JSON.stringify({ tours })], 'catalogo.json', { type: 'application/json' });
const metaTitle = async () => (await island.t.db.selectFrom('tours').select('metaTitle').where('id', '=', 't1').executeTakeFirstOrThrow()).metaTitle;

describe('the catalogue importer', () => {
  it('names a missing or too large file without asking the server', async () => {
    chooseImportFile(null);
    await checkImportFile();
    expect($importer.get().message).toBe('Elige un archivo JSON o CSV.');
    chooseImportFile(new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'enorme.json'));
    expect($importer.get()).toMatchObject({ file: null, message: 'El archivo pesa demasiado: el máximo es 40 MB. Divídelo en varios.' });
    expect(island.calls).toEqual([]);
  });

  it('shows no report for a file chosen while another was being checked', async () => {
    const first = catalogue([{ web_slug: 'japon-esencial', metaTitle: 'Japón en 12 días' }]);
    const second = catalogue([{ web_slug: 'japon-esencial', metaTitle: 'Otro título' }]);
    chooseImportFile(first);
    const release = island.holdNextAnswer();
    const checking = checkImportFile();
    chooseImportFile(second);
    release();
    await checking;
    expect($importer.get()).toMatchObject({ file: second, checking: false, report: null });
    await checkImportFile();
    expect($importer.get().report?.rows[0]?.changes).toEqual([{ field: 'metaTitle', before: null, after: 'Otro título' }]);
  });

  it("'Comprobar' reports the changes and writes nothing; the server's refusal of an unreadable file is said", async () => {
    chooseImportFile(catalogue([{ web_slug: 'japon-esencial', metaTitle: 'Japón en 12 días' }]));
    await checkImportFile();
    expect($importer.get()).toMatchObject({ checking: false, message: null, report: { format: 'json', counts: { created: 0, changed: 1, refused: 0 } } });
    expect($importer.get().report?.rows[0]).toMatchObject({
      key: 'japon-esencial',
      changes: [{ field: 'metaTitle', before: null, after: 'Japón en 12 días' }],
    });
    expect(island.calls).toEqual(['POST /api/admin/importer/check']);
    expect(await metaTitle()).toBeNull();

    chooseImportFile(new File(['{"tours": ['], 'roto.json', { type: 'application/json' }));
    // A new choice of file forgets the previous report.
    expect($importer.get().report).toBeNull();
    await checkImportFile();
    expect($importer.get()).toMatchObject({ report: null, message: 'El archivo no es un JSON válido.' });
  });

  it("'Importar' imports once though the first answer was lost", async () => {
    chooseImportFile(catalogue([{ web_slug: 'japon-esencial', metaTitle: 'Japón en 12 días' }]));
    openImport();
    const { requestId } = $importer.get().dialog!;
    island.loseNextAnswer();
    await confirmImport();
    expect($importer.get().dialog).toMatchObject({
      sending: false,
      requestId,
      error: 'No hemos podido conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.',
    });
    expect(await metaTitle()).toBe('Japón en 12 días');

    await confirmImport();
    // The retry is the same press: answered as already done, and recorded once.
    expect($importer.get()).toMatchObject({ dialog: null, done: 'El catálogo ya decía lo mismo que el archivo: no ha cambiado nada.' });
    const imports = await island.t.db.selectFrom('staffActions').select('requestId').where('entityType', '=', 'import').execute();
    expect(imports).toEqual([{ requestId }]);
  });

  it('says how many rows it imported, and imports nothing from a file with a refused row', async () => {
    chooseImportFile(catalogue([{ web_slug: 'japon-esencial', metaTitle: 'Japón en 12 días' }]));
    openImport();
    await confirmImport();
    expect($importer.get()).toMatchObject({
      dialog: null,
      report: { counts: { changed: 1 } },
      done: 'Catálogo importado: 0 filas nuevas y 1 cambiada. La web se está reconstruyendo y lo mostrará en cuanto termine.',
    });

    chooseImportFile(
      catalogue([
        { web_slug: 'japon-esencial', metaTitle: 'Otro título' },
        { web_slug: 'nuevo', tour_type: 'Group', destinations: ['marte'] },
      ]),
    );
    openImport();
    await confirmImport();
    expect($importer.get()).toMatchObject({
      report: { counts: { refused: 1 } },
      done: 'El archivo tiene filas rechazadas: corrígelas y vuelve a comprobarlo. No se ha importado nada.',
    });
    expect(await metaTitle()).toBe('Japón en 12 días');
  });
});
