import { useStore } from '@nanostores/react';
import { formatEuros } from '#shared/rules/money.ts';
import { INVOICE_MESSAGES, type InvoiceRow } from '#shared/schemas/invoices.ts';
import { INVOICE_KIND_LABELS, RECORD_STATUS_LABELS } from '#shared/schemas/labels.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import {
  askCorrect,
  askVoid,
  checkChain,
  closeCorrect,
  closeVoid,
  confirmCorrect,
  confirmVoid,
  exportHref,
  exportMonth,
  invoices,
  setCorrectTaxId,
  setVoidReason,
} from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const column = columnsOf<InvoiceRow>();
const columns = column.columns([
  column.accessor('invoiceNumber', {
    header: 'Factura',
    cell: (info) => (
      <>
        <a href={`/api/admin/invoices/${info.row.original.id}/invoice.pdf`} download>
          {info.getValue()}
        </a>
        <small>
          {INVOICE_KIND_LABELS[info.row.original.invoiceType]}
          {info.row.original.status === 'VOIDED' ? ' · anulada' : ''}
        </small>
      </>
    ),
  }),
  column.accessor('issueDate', { header: 'Fecha', cell: (info) => shortDay(info.getValue()) }),
  column.accessor('recipientName', {
    header: 'Destinatario',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.recipientTaxId ? <small>{info.row.original.recipientTaxId}</small> : null}
      </>
    ),
  }),
  column.accessor('bookingReference', { header: 'Reserva', cell: (info) => <a href={`/admin/booking/${info.row.original.bookingId}`}>{info.getValue()}</a> }),
  column.accessor('totalCents', { header: 'Total', cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('record', {
    header: 'AEAT',
    cell: (info) => {
      const record = info.getValue();
      if (!record) return '—';
      return (
        <>
          {RECORD_STATUS_LABELS[record.status]}
          {record.code ? <small>{`${record.code}: ${record.message ?? ''}`}</small> : null}
        </>
      );
    },
  }),
  column.display({
    id: 'actions',
    header: 'Acciones',
    cell: (info) => {
      const row = info.row.original;
      return (
        <div className="admin-row-actions">
          <a
            className="admin-button-secondary"
            href={`/api/admin/invoices/${row.id}/records.xml`}
            download
            aria-label={`Registros XML de la factura ${row.invoiceNumber}`}
          >
            XML
          </a>
          {row.record && (row.record.status === 'REJECTED' || row.record.status === 'ACCEPTED_WITH_ERRORS') ? (
            <button
              type="button"
              className="admin-button-secondary"
              onClick={() => askCorrect(row)}
              aria-label={`Subsanar el registro de la factura ${row.invoiceNumber}`}
            >
              Subsanar
            </button>
          ) : null}
          {row.status === 'ISSUED' ? (
            <button type="button" className="admin-button-secondary" onClick={() => askVoid(row)} aria-label={`Anular la factura ${row.invoiceNumber}`}>
              Anular
            </button>
          ) : null}
        </div>
      );
    },
  }),
]);

function VoidDialog() {
  const { voiding } = useStore(invoices.$state);
  if (!voiding) return null;
  return (
    <ConfirmDialog
      title={`Anular la factura ${voiding.invoice.invoiceNumber}`}
      error={voiding.error}
      sending={voiding.sending}
      confirm="Anular la factura"
      back="Volver"
      working="Anulando…"
      danger
      onConfirm={() => void confirmVoid()}
      onClose={closeVoid}
    >
      <p>
        Solo para una factura que no debió emitirse. Una reserva cancelada o una devolución se corrigen solas con una rectificativa. La factura queda anulada y
        su número no se vuelve a usar; la anulación va a la AEAT.
      </p>
      <TextField label="Motivo" value={voiding.reason} error={voiding.fields['reason']} onChange={setVoidReason} />
    </ConfirmDialog>
  );
}

function CorrectDialog() {
  const { correcting } = useStore(invoices.$state);
  if (!correcting) return null;
  const { record } = correcting.invoice;
  return (
    <ConfirmDialog
      title={`Subsanar el registro de la factura ${correcting.invoice.invoiceNumber}`}
      error={correcting.error}
      sending={correcting.sending}
      confirm="Generar el registro de subsanación"
      working="Generando…"
      onConfirm={() => void confirmCorrect()}
      onClose={closeCorrect}
    >
      <p>
        La AEAT dijo: {record?.code ? `${record.code}, ` : ''}
        {record?.message ?? 'sin detalle'}. Corrige lo que señala y se genera un registro nuevo que lo sustituye; la factura conserva su número, fecha e
        importes.
      </p>
      <TextField
        label="Documento del destinatario (NIF o pasaporte)"
        value={correcting.recipientTaxId}
        error={correcting.fields['recipientTaxId']}
        onChange={setCorrectTaxId}
      />
    </ConfirmDialog>
  );
}

function Desk() {
  const state = useListScreen(invoices);
  const { answer, chainCheck } = state;
  const filtered = Object.values(state.applied).some(Boolean);
  return (
    <>
      {answer && !answer.issuing ? (
        <p role="alert" className="admin-alert">
          {INVOICE_MESSAGES.notConfigured}
        </p>
      ) : null}
      {answer ? (
        <p className="admin-lead">
          Registros VERI*FACTU: {answer.chain.records} · pendientes de envío: {answer.chain.pending} · rechazados: {answer.chain.rejected}.{' '}
          <button type="button" className="admin-button-secondary" onClick={() => void checkChain()} disabled={chainCheck.checking}>
            {chainCheck.checking ? 'Comprobando…' : 'Comprobar la cadena'}
          </button>
        </p>
      ) : null}
      {chainCheck.said ? (
        <p role={chainCheck.broken ? 'alert' : 'status'} className={chainCheck.broken ? 'admin-alert' : 'admin-done'}>
          {chainCheck.said}
        </p>
      ) : null}
      <ListDesk
        screen={invoices}
        state={state}
        columns={columns}
        rowsOf={(a) => a}
        noun={['factura', 'facturas']}
        label="Lista de facturas"
        filters={
          <ListFilters
            label="Filtrar facturas"
            onApply={() => void invoices.apply()}
            onClear={filtered ? () => void invoices.clear() : null}
            actions={
              <>
                <a className="admin-button-secondary" href={exportHref('csv')} download>
                  Exportar {exportMonth()} (CSV)
                </a>
                <a className="admin-button-secondary" href={exportHref('xlsx')} download>
                  Exportar {exportMonth()} (Excel)
                </a>
              </>
            }
          >
            <FilterInput
              name="q"
              label="Buscar"
              type="search"
              placeholder="Número, destinatario, NIF o reserva"
              value={state.form.q}
              error={state.errors['q']}
              onChange={(v) => invoices.setFilter('q', v)}
            />
            <FilterInput
              name="month"
              label="Mes (AAAA-MM)"
              value={state.form.month}
              error={state.errors['month']}
              onChange={(v) => invoices.setFilter('month', v)}
            />
            <FilterSelect
              name="kind"
              label="Tipo"
              value={state.form.kind}
              options={Object.entries(INVOICE_KIND_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => invoices.setFilter('kind', v)}
            />
            <FilterSelect
              name="record"
              label="Estado en la AEAT"
              value={state.form.record}
              options={Object.entries(RECORD_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => invoices.setFilter('record', v)}
            />
          </ListFilters>
        }
        empty={filtered ? 'Ninguna factura coincide con esos filtros.' : 'Todavía no hay facturas: se emiten con cada pago recibido.'}
      />
      <VoidDialog />
      <CorrectDialog />
    </>
  );
}
