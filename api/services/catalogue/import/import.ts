/**
 * The catalogue importer (/admin/importador, issue 14; ADR 025): a check reports, row by row, what a file
 * would create, change or refuse and why; an import plans the same file again inside one transaction and
 * writes it all, or nothing when any row is refused. Importing a file the catalogue already says changes
 * nothing. Each import that wrote something is recorded as a staff action; a press already recorded (its
 * request id) is answered without importing again.
 */
import { createHash } from 'node:crypto';
import { IMPORT_OUTCOMES, IMPORT_REPORT_ROWS, type ImportAnswer, type ImportCounts, type ImportReport } from '#shared/schemas/admin-importer.ts';
import type { Db } from '../../../db/database.ts';
import { writeRowSets } from '../../../db/seed/insert.ts';
import type { Trx } from '../../../db/database.ts';
import { type Actor, applyOnce } from '../../kit/apply-once.ts';
import { type ParsedFile, parseImportFile } from './parse.ts';
import { type ImportPlan, type ImportWrites, planImport } from './plan.ts';
import { inChunks, readCatalogueState } from './state.ts';

export interface ImportFile {
  name: string;
  text: string;
}

async function planFile(db: Db | Trx, file: ParsedFile, now: Date): Promise<ImportPlan> {
  const slugs = [...new Set([...file.tours, ...file.periods, ...file.tourPrices].map((r) => r.slug))];
  const periodIds = file.periods.flatMap((p) => (p.data?.id ? [p.data.id] : []));
  const state = await readCatalogueState(db, { slugs, periodIds });
  return planImport(file, state, { now });
}

/** Counts of every row, and the rows to show: refused first (with their reasons), then created and changed. */
export function summarise(plan: Pick<ImportPlan, 'format' | 'rows'>, limit = IMPORT_REPORT_ROWS): ImportReport {
  const counts: ImportCounts = { created: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const row of plan.rows) counts[row.outcome] += 1;
  const order = (outcome: (typeof IMPORT_OUTCOMES)[number]) => IMPORT_OUTCOMES.indexOf(outcome);
  const rows = plan.rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => order(a.row.outcome) - order(b.row.outcome) || a.index - b.index)
    .slice(0, limit)
    .map(({ row }) => row);
  return { format: plan.format, counts, rows, totalRows: plan.rows.length };
}

/** 'Comprobar': what the file would do, written nowhere. */
export async function checkImport(db: Db, file: ImportFile, { now, limit }: { now: Date; limit?: number }): Promise<ImportReport> {
  return summarise(await planFile(db, parseImportFile(file), now), limit);
}

const fileHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * 'Importar': the file's plan written in one transaction; nothing is written when a row is refused or
 * when there is nothing to change. A failure part-way rolls every row back.
 */
export async function applyImport(
  db: Db,
  file: ImportFile,
  { requestId, actor, now, limit }: { requestId: string; actor: Actor; now: Date; limit?: number },
): Promise<ImportAnswer> {
  const parsed = parseImportFile(file);
  const entityId = fileHash(file.text);
  return applyOnce(
    db,
    { entityType: 'import', entityId, requestId, actor, now },
    async (trx, record) => {
      const plan = await planFile(trx, parsed, now);
      const report = summarise(plan, limit);
      const { refused, created, changed } = report.counts;
      if (refused > 0 || created + changed === 0) return { report, applied: false };
      await writePlan(trx, plan.writes, now);
      await record({ action: 'import', before: null, after: { file: file.name, format: report.format, ...report.counts } });
      return { report, applied: true };
    },
    async () => ({ report: await checkImport(db, file, { now, limit }), applied: false }),
  );
}

async function writePlan(trx: Trx, writes: ImportWrites, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await inChunks(writes.replaceDestinations, async (chunk) => {
    await trx.deleteFrom('tourDestinations').where('tourId', 'in', chunk).execute();
    return [];
  });
  await inChunks(writes.replaceRegions, async (chunk) => {
    await trx.deleteFrom('tourParentRegions').where('tourId', 'in', chunk).execute();
    return [];
  });
  for (const { itineraryId, name } of writes.replaceDays) {
    await trx.deleteFrom('itineraryDays').where('itineraryId', '=', itineraryId).execute();
    await trx.updateTable('itineraries').set({ name }).where('id', '=', itineraryId).execute();
  }
  for (const { id, set } of writes.tourUpdates) {
    // The version moves, so an editor opened before the import saves against the new state.
    await trx
      .updateTable('tours')
      .set((eb) => ({ ...set, version: eb('version', '+', 1), updatedAt: stamp }))
      .where('id', '=', id)
      .execute();
  }
  for (const { id, set } of writes.periodUpdates) await trx.updateTable('periods').set(set).where('id', '=', id).execute();
  for (const { id, valueCents } of writes.priceUpdates) await trx.updateTable('prices').set({ valueCents }).where('id', '=', id).execute();
  await writeRowSets(trx, writes.inserts);
}
