import { formatEuros } from '#shared/rules/money.ts';
import type { BudgetListRow } from '#shared/schemas/booking-desk.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { moment, shortDay } from '../../staff-kit/format.ts';
import { ListDesk, SearchFilter, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { askResend, budgets, cancelResend, confirmResend } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const column = columnsOf<BudgetListRow>();
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

function Desk() {
  const state = useListScreen(budgets);
  const { resending } = state;
  return (
    <>
      <ListDesk
        screen={budgets}
        state={state}
        columns={columns}
        rowsOf={(answer) => answer}
        noun={['presupuesto', 'presupuestos']}
        label="Presupuestos"
        pagerLabel="Páginas de presupuestos"
        filters={
          <SearchFilter
            screen={budgets}
            state={state}
            field="q"
            label="Buscar presupuestos"
            placeholder="Nombre del presupuesto, titular, correo o referencia"
          />
        }
        empty={state.applied.q ? 'Ningún presupuesto coincide con la búsqueda.' : 'Todavía no hay presupuestos guardados.'}
      />
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
