/**
 * /admin/presupuesto: saved budgets with their traveller, tour, departure and total; the budget mail sent
 * again; the booking opened on the desk or continued in the shop where the visitor left it.
 */
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { formatEuros } from '#shared/rules/money.ts';
import type { BudgetListRow } from '#shared/schemas/booking-desk.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { DataTable } from '../../staff-kit/DataTable.tsx';
import { counted, moment, shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListFilters, ListFrame, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { pagesOf } from '../../staff-kit/list-screen.ts';
import { askResend, budgets, cancelResend, confirmResend } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const features = tableFeatures({});
const column = createColumnHelper<typeof features, BudgetListRow>();
const columns = column.columns([
  column.accessor('budgetName', {
    header: 'Presupuesto',
    cell: (info) => (
      <>
        {info.getValue()}
        <small>Ref. {info.row.original.differentId}</small>
      </>
    ),
  }),
  column.accessor('leadName', {
    header: 'Titular',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.email ? <small>{info.row.original.email}</small> : null}
      </>
    ),
  }),
  column.accessor('tourName', {
    header: 'Tour y salida',
    cell: (info) => (
      <>
        {info.getValue()}
        <small>Salida el {shortDay(info.row.original.dayOne)}</small>
      </>
    ),
  }),
  column.accessor('travellers', { header: 'Viajeros' }),
  column.accessor('priceCents', { header: 'Total', cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('updatedAt', { header: 'Actualizado', cell: (info) => moment(info.getValue()) }),
  column.display({
    id: 'actions',
    header: 'Acciones',
    cell: (info) => {
      const row = info.row.original;
      return (
        <div className="admin-row-actions">
          <button type="button" className="admin-button-secondary" onClick={() => askResend(row)}>
            Reenviar<span className="visually-hidden"> el presupuesto {row.budgetName}</span>
          </button>
          <a className="admin-button-secondary" href={`/admin/booking/${row.id}`}>
            Ver la reserva<span className="visually-hidden"> del presupuesto {row.budgetName}</span>
          </a>
          <a className="admin-button-secondary" href={row.continuePath}>
            Continuar en la tienda<span className="visually-hidden"> el presupuesto {row.budgetName}</span>
          </a>
        </div>
      );
    },
  }),
]);
const NO_ROWS: BudgetListRow[] = [];

function Desk() {
  const state = useListScreen(budgets);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer, resending } = state;
  return (
    <>
      <ListFrame
        state={state}
        filters={
          <ListFilters label="Buscar presupuestos" submit="Buscar" inline onApply={() => void budgets.apply()}>
            <FilterInput
              name="q"
              label="Buscar"
              type="search"
              wide
              placeholder="Nombre del presupuesto, titular, correo o referencia"
              value={state.form.q}
              error={state.errors.q}
              onChange={(value) => budgets.setFilter('q', value)}
            />
          </ListFilters>
        }
        count={answer ? counted(answer.total, 'presupuesto', 'presupuestos') : null}
        rows={answer?.rows.length ?? null}
        empty={state.applied.q ? 'Ningún presupuesto coincide con la búsqueda.' : 'Todavía no hay presupuestos guardados.'}
        paging={answer ? { page: answer.page, pages: pagesOf(answer), label: 'Páginas de presupuestos', onPage: (page) => void budgets.goToPage(page) } : null}
      >
        <DataTable table={table} label="Presupuestos" caption={`Presupuestos, página ${answer?.page ?? 1}`} />
      </ListFrame>
      {resending ? (
        <ConfirmDialog
          title="Reenviar el presupuesto"
          confirm="Reenviar"
          error={resending.error}
          sending={resending.sending}
          onConfirm={() => void confirmResend()}
          onClose={cancelResend}
        >
          <p>
            Se enviará de nuevo «{resending.row.budgetName}» a {resending.row.email ?? 'su titular'}, con el precio de hoy y el enlace para continuar la
            reserva.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
