import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { IMPORT_MESSAGES, ImportApplySchema, MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { AppError, invalidFields } from '../errors.ts';
import { allow } from '../middleware/access.ts';
import { exportTours, exportToursCsv } from '../services/catalogue/import/export.ts';
import { applyImport, checkImport } from '../services/catalogue/import/import.ts';

/** Room for the multipart envelope around the largest file allowed. */
const ENVELOPE_BYTES = 64 * 1024;
/** How many of the catalogue's first tours the example files carry. */
const EXAMPLE_TOURS = 2;

const limit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES + ENVELOPE_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
  },
});

async function readFile(form: Record<string, unknown>): Promise<{ name: string; text: string }> {
  const file = form.file as unknown;
  if (!(file instanceof File) || file.size === 0) throw invalidFields({ file: IMPORT_MESSAGES.missingFile }, IMPORT_MESSAGES.missingFile);
  if (file.size > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
  return { name: file.name, text: await file.text() };
}

/**
 * `/api/admin/importer`, admins only (group drAdmin): the catalogue importer (ADR 025). `POST /check` reports
 * what a file would do; `POST /apply` imports it in one transaction (nothing when a row is refused), once
 * per press, and rebuilds the whole site, as tours may come and go. The example files are the first tours
 * of the catalogue as the importer reads them.
 */
export function adminImporterRoutes({ db, rebuilds }: AppDeps) {
  const example = async () => {
    const first = await db
      .selectFrom('tours')
      .select('webSlug')
      .where('publishWeb', '=', 1)
      .orderBy('sortTour')
      .orderBy('webSlug')
      .limit(EXAMPLE_TOURS)
      .execute();
    return first.map((t) => t.webSlug);
  };
  return new Hono<ApiEnv>()
    .post(
      '/check',
      allow('admin'),
      limit,
      // Checked below with the importer's own messages; declared so the screen's client knows the form.
      validator('form', (value) => value as { file: File }),
      async (c) => {
        const file = await readFile(c.req.valid('form'));
        return c.json({ report: await checkImport(db, file, { now: new Date() }), applied: false });
      },
    )
    .post(
      '/apply',
      allow('admin'),
      limit,
      validator('form', (value) => value as { file: File; requestId: string }),
      async (c) => {
        const form = c.req.valid('form');
        const press = ImportApplySchema.safeParse({ requestId: form.requestId });
        if (!press.success) throw invalidFields({ requestId: 'Falta el identificador de la pulsación.' });
        const file = await readFile(form);
        const answer = await applyImport(db, file, { requestId: press.data.requestId, actor: actorOf(c.var.auth), now: new Date() });
        const { created, changed } = answer.report.counts;
        // New tours add pages and listings change everywhere: one full build publishes the whole import.
        const publication =
          answer.applied && rebuilds
            ? rebuilds.publish({ changed: [], pageSet: true }, `catálogo importado (${file.name}): ${created} altas, ${changed} cambios`)
            : null;
        return c.json({ ...answer, publication });
      },
    )
    .get('/example.json', allow('admin'), async (c) => {
      const file = await exportTours(db, { slugs: await example() });
      c.header('Content-Disposition', 'attachment; filename="catalogo-ejemplo.json"');
      c.header('Cache-Control', 'no-store');
      return c.body(`${JSON.stringify(file, null, 2)}\n`, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .get('/example.csv', allow('admin'), async (c) => {
      const csv = await exportToursCsv(db, { slugs: await example() });
      c.header('Content-Disposition', 'attachment; filename="salidas-y-precios-ejemplo.csv"');
      c.header('Cache-Control', 'no-store');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    });
}
