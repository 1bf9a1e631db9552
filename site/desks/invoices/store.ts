/**
 * /admin/facturas (docs/decisions/043): the invoices issued, filtered by text, month, kind and the state of
 * their record at the AEAT; the chain checked whole on request; the month's export; and 'Anular' for an
 * invoice issued by mistake, with its reason, once.
 */
import { CorrectRecordSchema, INVOICE_MESSAGES, INVOICE_SORTS, InvoiceListQuerySchema, type InvoiceRow, VoidInvoiceSchema } from '#shared/schemas/invoices.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface ChainCheck {
  checking: boolean;
  /** What the check found, in a sentence. */
  said: string | null;
  broken: boolean;
}

export const invoices = createListScreen({
  filters: ['q', 'month', 'kind', 'record'],
  sorts: { values: INVOICE_SORTS, initial: 'issuedAt', dir: 'desc' },
  check: (form) => InvoiceListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.invoices.$get({ query })),
  extra: {
    voiding: null as (Press & { invoice: InvoiceRow; reason: string }) | null,
    /** 'Subsanar' of an invoice whose record the AEAT refused or registered with errors. */
    correcting: null as (Press & { invoice: InvoiceRow; recipientTaxId: string }) | null,
    chainCheck: { checking: false, said: null, broken: false } as ChainCheck,
  },
});

/** The month the export is for: the one filtered, else this one. */
export const exportMonth = () => invoices.$state.get().applied.month || new Date().toISOString().slice(0, 7);
export const exportHref = (kind: 'csv' | 'xlsx') => `/api/admin/invoices/export.${kind}?month=${exportMonth()}`;

export async function checkChain() {
  invoices.patch({ chainCheck: { checking: true, said: null, broken: false } });
  const result = await callApi(() => api.admin.invoices.chain.$get());
  if (!result.ok) {
    invoices.patch({ chainCheck: { checking: false, said: result.message, broken: false } });
    return;
  }
  const { chains } = result.data;
  const broken = chains.find((c) => c.broken);
  const said = broken?.broken
    ? `La cadena se rompe en el registro ${broken.broken.seq} (factura ${broken.broken.invoiceNumber}): ${broken.broken.reason}.`
    : chains.length === 0
      ? 'Todavía no hay registros de facturación.'
      : `Cadena íntegra: ${chains.reduce((sum, c) => sum + c.records, 0)} registros comprobados.`;
  invoices.patch({ chainCheck: { checking: false, said, broken: Boolean(broken) } });
}

export const askVoid = (invoice: InvoiceRow) => invoices.patch({ voiding: { ...newPress(), invoice, reason: '' }, done: null });
export const closeVoid = () => invoices.patch({ voiding: null });

export function setVoidReason(reason: string) {
  const { voiding } = invoices.$state.get();
  if (voiding) invoices.patch({ voiding: { ...voiding, reason, fields: {} } });
}

/** 'Anular la factura': its reason checked before sending; applied once however often pressed. */
export async function confirmVoid(): Promise<boolean> {
  const current = invoices.$state.get().voiding;
  if (!current) return false;
  const checked = VoidInvoiceSchema.safeParse({ requestId: current.requestId, reason: current.reason });
  if (!checked.success) {
    invoices.patch({ voiding: { ...current, fields: issuesToFields(checked.error.issues), error: 'Revisa los datos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => invoices.$state.get().voiding,
    (voiding) => invoices.patch({ voiding }),
    (requestId, { invoice, reason }) => callApi(() => api.admin.invoices[':id'].void.$post({ param: { id: invoice.id }, json: { requestId, reason } })),
  );
  if (!sent?.ok) return false;
  invoices.patch({ voiding: null, done: INVOICE_MESSAGES.voided });
  await invoices.reload();
  return true;
}

export const askCorrect = (invoice: InvoiceRow) =>
  invoices.patch({ correcting: { ...newPress(), invoice, recipientTaxId: invoice.recipientTaxId ?? '' }, done: null });
export const closeCorrect = () => invoices.patch({ correcting: null });

export function setCorrectTaxId(recipientTaxId: string) {
  const { correcting } = invoices.$state.get();
  if (correcting) invoices.patch({ correcting: { ...correcting, recipientTaxId, fields: {} } });
}

/** 'Generar el registro de subsanación': the document checked before sending; applied once however often pressed. */
export async function confirmCorrect(): Promise<boolean> {
  const current = invoices.$state.get().correcting;
  if (!current) return false;
  const checked = CorrectRecordSchema.safeParse({ requestId: current.requestId, recipientTaxId: current.recipientTaxId });
  if (!checked.success) {
    invoices.patch({ correcting: { ...current, fields: issuesToFields(checked.error.issues), error: 'Revisa los datos marcados.' } });
    return false;
  }
  const sent = await sendPress(
    () => invoices.$state.get().correcting,
    (correcting) => invoices.patch({ correcting }),
    (requestId, { invoice, recipientTaxId }) =>
      callApi(() => api.admin.invoices[':id']['correct-record'].$post({ param: { id: invoice.id }, json: { requestId, recipientTaxId } })),
  );
  if (!sent?.ok) return false;
  invoices.patch({ correcting: null, done: INVOICE_MESSAGES.corrected });
  await invoices.reload();
  return true;
}
