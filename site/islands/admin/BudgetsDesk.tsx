/**
 * /admin/presupuesto: saved budgets with their traveller, tour, departure and total; the budget mail sent
 * again; the booking opened on the desk or continued in the shop where the visitor left it.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { $budgets, askResend, cancelResend, confirmResend, goToPage, loadBudgets, search, setQuery } from '../../stores/admin-budgets.ts';
import SessionGuard from '../SessionGuard.tsx';
import { AdminDialog, AdminField } from './AdminDialog.tsx';
import { moment, shortDay } from './format.ts';
import { TableFrame } from './TableFrame.tsx';
import './admin.css';

export default function BudgetsDesk() {
  return (
    <SessionGuard area="admin">
      <Budgets />
    </SessionGuard>
  );
}

function Budgets() {
  const state = useStore($budgets);
  useEffect(() => {
    void loadBudgets();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search();
  };
  const pages = Math.max(1, Math.ceil(state.total / state.pageSize));
  return (
    <>
      <search>
        <form className="admin-toolbar" onSubmit={submit} aria-label="Buscar presupuestos" noValidate>
          <AdminField label="Buscar" error={state.queryError}>
            {(props) => (
              <input
                {...props}
                type="search"
                name="q"
                placeholder="Nombre del presupuesto, titular, correo o referencia"
                value={state.query}
                onChange={(e) => setQuery(e.target.value)}
              />
            )}
          </AdminField>
          <button type="submit" className="button">
            Buscar
          </button>
        </form>
      </search>
      <p role="status" className="admin-done">
        {state.done ?? ''}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}
      <p aria-live="polite">{state.status === 'loading' ? 'Cargando…' : `${state.total} ${state.total === 1 ? 'presupuesto' : 'presupuestos'}`}</p>
      {state.rows.length > 0 ? (
        <TableFrame label="Presupuestos">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                {['Presupuesto', 'Titular', 'Tour y salida', 'Viajeros', 'Total', 'Actualizado', 'Acciones'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Presupuesto">
                    <div>
                      {row.budgetName}
                      <small>Ref. {row.differentId}</small>
                    </div>
                  </td>
                  <td data-label="Titular">
                    <div>
                      {row.leadName}
                      {row.email ? <small>{row.email}</small> : null}
                    </div>
                  </td>
                  <td data-label="Tour y salida">
                    <div>
                      {row.tourName}
                      <small>Salida el {shortDay(row.dayOne)}</small>
                    </div>
                  </td>
                  <td data-label="Viajeros">{row.travellers}</td>
                  <td data-label="Total">{formatEuros(row.priceCents)}</td>
                  <td data-label="Actualizado">{moment(row.updatedAt)}</td>
                  <td data-label="Acciones">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : state.status === 'ready' ? (
        <p>{state.applied ? 'Ningún presupuesto coincide con la búsqueda.' : 'Todavía no hay presupuestos guardados.'}</p>
      ) : null}
      {pages > 1 ? (
        <nav className="admin-pages" aria-label="Páginas de presupuestos">
          <button type="button" className="admin-button-secondary" disabled={state.page <= 1} onClick={() => void goToPage(state.page - 1)}>
            Anterior
          </button>
          <span>
            Página {state.page} de {pages}
          </span>
          <button type="button" className="admin-button-secondary" disabled={state.page >= pages} onClick={() => void goToPage(state.page + 1)}>
            Siguiente
          </button>
        </nav>
      ) : null}
      {state.resending ? (
        <AdminDialog
          title="Reenviar el presupuesto"
          confirm="Reenviar"
          error={state.resending.error}
          sending={state.resending.sending}
          onConfirm={() => void confirmResend()}
          onClose={cancelResend}
        >
          <p>
            Se enviará de nuevo «{state.resending.row.budgetName}» a {state.resending.row.email ?? 'su titular'}, con el precio de hoy y el enlace para
            continuar la reserva.
          </p>
        </AdminDialog>
      ) : null}
    </>
  );
}
