/**
 * /admin/importador: a catalogue file (JSON with tours and their departures, or CSV with departures and
 * prices) checked first, row by row, with what it would create or change and why a row is refused; then
 * imported all at once after asking, and the site rebuilt with it. Example files come from the catalogue.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { FormEvent } from 'react';
import { type ImportOutcome, type ImportRowReport, MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import { $importer, checkImportFile, chooseImportFile, closeImport, confirmImport, openImport } from '../../stores/admin-importer.ts';
import { guarded } from '../SessionGuard.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { DataTable } from '../../staff-kit/DataTable.tsx';
import { counted } from '../../staff-kit/format.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import './admin.css';

export default guarded('admin', Desk);

const OUTCOMES: Record<ImportOutcome, { label: string; tone: string }> = {
  refused: { label: 'Rechazada', tone: 'admin-status--canceled' },
  created: { label: 'Nueva', tone: 'admin-status--confirmed' },
  changed: { label: 'Cambia', tone: 'admin-status--waiting_for_transfer' },
  unchanged: { label: 'Sin cambios', tone: '' },
};
const KINDS: Record<ImportRowReport['kind'], string> = { tour: 'Tour', period: 'Salida', prices: 'Precios del tour' };
const shown = (value: string | number | boolean | null) =>
  value === null
    ? '(vacío)'
    : value === true
      ? 'sí'
      : value === false
        ? 'no'
        : typeof value === 'string' && value.length > 60
          ? `${value.slice(0, 60)}…`
          : String(value);

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ImportRowReport>();
const columns = column.columns([
  column.accessor('row', { header: 'Fila' }),
  column.accessor('key', {
    header: 'Qué',
    cell: (info) => (
      <>
        {KINDS[info.row.original.kind]}
        <small>{info.getValue()}</small>
      </>
    ),
  }),
  column.accessor('outcome', {
    header: 'Resultado',
    cell: (info) => <span className={`admin-status ${OUTCOMES[info.getValue()].tone}`}>{OUTCOMES[info.getValue()].label}</span>,
  }),
  column.display({
    id: 'detail',
    header: 'Detalle',
    cell: (info) => {
      const r = info.row.original;
      if (r.reasons.length)
        return (
          <ul className="admin-plain-list">
            {r.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        );
      if (r.changes.length)
        return (
          <ul className="admin-plain-list">
            {r.changes.map((c) => (
              <li key={c.field}>
                {c.field}: {shown(c.before)} → {shown(c.after)}
              </li>
            ))}
          </ul>
        );
      return r.outcome === 'created' ? 'Alta con los datos del archivo.' : '—';
    },
  }),
]);
const NO_ROWS: ImportRowReport[] = [];

function Desk() {
  const state = useStore($importer);
  const { report, dialog } = state;
  const table = useTable({ features, columns, data: report?.rows ?? NO_ROWS });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What is checked is the file the input holds: the form is in the page's HTML, and a file set on it before
    // the screen hydrated (by a script or a browser's automation: a person meets it inert then) never reached
    // the store.
    const input = event.currentTarget.elements.namedItem('file');
    const picked = input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
    if (picked !== state.file) chooseImportFile(picked);
    void checkImportFile();
  };
  const counts = report?.counts;
  const importable = counts !== undefined && counts.refused === 0 && counts.created + counts.changed > 0 && !state.done;

  return (
    <>
      <p className="admin-lead">
        Sube un catálogo en JSON (tours con sus salidas y precios) o en CSV (salidas y precios). Primero se comprueba sin tocar nada; solo se importa si ninguna
        fila se rechaza. Lo que el archivo no menciona se queda como está: importar nunca borra.
      </p>
      <p className="admin-actions">
        <a className="admin-button-secondary" href="/api/admin/importer/example.json" download>
          Descargar ejemplo JSON
        </a>
        <a className="admin-button-secondary" href="/api/admin/importer/example.csv" download>
          Descargar ejemplo CSV
        </a>
      </p>
      <form className="admin-filters" onSubmit={submit} aria-label="Comprobar un catálogo" noValidate>
        <label className="admin-field">
          <span>Archivo del catálogo (JSON o CSV, hasta {MAX_IMPORT_BYTES / 1024 / 1024} MB)</span>
          <input type="file" name="file" accept=".json,.csv,application/json,text/csv" onChange={(e) => chooseImportFile(e.target.files?.[0] ?? null)} />
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="button" disabled={state.checking}>
            {state.checking ? 'Comprobando…' : 'Comprobar'}
          </button>
          {importable ? (
            <button type="button" className="button" onClick={openImport}>
              Importar
            </button>
          ) : null}
        </div>
      </form>

      <Outcome done={state.done} message={state.message} />

      {report && counts ? (
        <section aria-labelledby="import-report-title">
          <h2 className="admin-section-title" id="import-report-title">
            {state.done ? 'Resultado de la importación' : 'Resultado de la comprobación'}
          </h2>
          <dl className="admin-facts">
            <dt>Nuevas</dt>
            <dd>{counts.created}</dd>
            <dt>Cambian</dt>
            <dd>{counts.changed}</dd>
            <dt>Sin cambios</dt>
            <dd>{counts.unchanged}</dd>
            <dt>Rechazadas</dt>
            <dd>{counts.refused}</dd>
          </dl>
          {counts.refused > 0 && !state.done ? (
            <p className="admin-alert">Corrige las filas rechazadas y vuelve a comprobar el archivo: no se importará nada mientras haya alguna.</p>
          ) : null}
          <p className="admin-count">
            {report.rows.length < report.totalRows
              ? `Se muestran ${report.rows.length} de ${counted(report.totalRows, 'fila', 'filas')}, las rechazadas primero.`
              : `${counted(report.totalRows, 'fila', 'filas')}, las rechazadas primero.`}
          </p>
          {report.rows.length ? <DataTable table={table} label="Filas del archivo" caption="Filas del archivo y qué pasa con cada una" /> : null}
        </section>
      ) : null}

      {dialog && counts ? (
        <ConfirmDialog
          title="Importar el catálogo"
          error={dialog.error}
          sending={dialog.sending}
          confirm="Importar"
          working="Importando…"
          onConfirm={() => void confirmImport()}
          onClose={closeImport}
        >
          <p>
            Se crearán {counts.created} y cambiarán {counts.changed} filas de «{state.file?.name}», todas a la vez. Después la web se reconstruye entera.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
