/**
 * The catalogue importer (/admin/importador): a file is chosen, 'Comprobar' asks the server what it would
 * do (nothing is written), and 'Importar' sends the same file again, asking first, with one request id per
 * press, so a double click or a retry imports once. A new choice of file forgets the previous report.
 */
import { nextRequestId } from '../staff-kit/press.ts';
import { map } from 'nanostores';
import { IMPORT_MESSAGES, type ImportReport, MAX_IMPORT_BYTES } from '#shared/schemas/admin-importer.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface ImportDialog {
  requestId: string;
  sending: boolean;
  error: string | null;
}

export interface ImporterState {
  file: File | null;
  checking: boolean;
  /** The report of the chosen file: a check's, or the import's once done. */
  report: ImportReport | null;
  message: string | null;
  dialog: ImportDialog | null;
  done: string | null;
}

export const $importer = map<ImporterState>({ file: null, checking: false, report: null, message: null, dialog: null, done: null });

const patch = (changes: Partial<ImporterState>) => $importer.set({ ...$importer.get(), ...changes });

export function chooseImportFile(file: File | null) {
  const message = file && file.size > MAX_IMPORT_BYTES ? IMPORT_MESSAGES.tooLarge : null;
  patch({ file: message ? null : file, report: null, message, dialog: null, done: null });
}

/** 'Comprobar': the file's report, written nowhere. */
export async function checkImportFile() {
  const { file, checking } = $importer.get();
  if (checking) return;
  if (!file) {
    patch({ message: IMPORT_MESSAGES.missingFile });
    return;
  }
  patch({ checking: true, message: null, done: null, report: null });
  const result = await callApi(() => api.admin.importer.check.$post({ form: { file } }));
  // Another file chosen while this one was checked: this report is not that file's, and 'Importar' must not open on it.
  if ($importer.get().file !== file) {
    patch({ checking: false });
    return;
  }
  if (!result.ok) {
    patch({ checking: false, message: result.message });
    return;
  }
  patch({ checking: false, report: result.data.report });
}

export const openImport = () => patch({ dialog: { requestId: crypto.randomUUID(), sending: false, error: null }, done: null });
export const closeImport = () => patch({ dialog: null });

export async function confirmImport() {
  const { dialog, file } = $importer.get();
  if (!dialog || dialog.sending || !file) return;
  patch({ dialog: { ...dialog, sending: true, error: null } });
  const result = await callApi(() => api.admin.importer.apply.$post({ form: { file, requestId: dialog.requestId } }));
  if (!result.ok) {
    // Without an answer the same id goes again, so a press that did arrive is not applied twice.
    patch({ dialog: { ...dialog, sending: false, error: result.message, requestId: nextRequestId(result, dialog.requestId) } });
    return;
  }
  const { report, applied } = result.data;
  const { created, changed, refused } = report.counts;
  patch({
    dialog: null,
    // Kept only beside the file it is of: another chosen meanwhile has not been checked yet.
    report: $importer.get().file === file ? report : null,
    done: applied
      ? `Catálogo importado: ${created} ${created === 1 ? 'fila nueva' : 'filas nuevas'} y ${changed} ${changed === 1 ? 'cambiada' : 'cambiadas'}. La web se está reconstruyendo y lo mostrará en cuanto termine.`
      : refused > 0
        ? IMPORT_MESSAGES.hasRefusals
        : 'El catálogo ya decía lo mismo que el archivo: no ha cambiado nada.',
  });
}
