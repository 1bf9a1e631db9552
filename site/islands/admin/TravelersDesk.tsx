/**
 * /admin/travelers: search the travellers by name, e-mail, phone or document; the list (TanStack Table's
 * column model; sorting and paging happen on the server) leads to each traveller's page.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect } from 'react';
import { type TravelerListRow, TRAVELER_SORTS } from '#shared/schemas/travelers.ts';
import {
  $travelersDesk,
  goToTravelersPage,
  openTravelersDesk,
  searchTravelers,
  setTyped,
  sortTravelers,
  type TravelerSort,
} from '../../stores/admin-travelers.ts';
import SessionGuard from '../SessionGuard.tsx';
import { counted, moment } from './format.ts';
import { DataTable, Pager } from './DataTable.tsx';
import { AccountBadge } from './TravelerBadges.tsx';
import './admin.css';
import './travelers.css';

export default function TravelersDesk() {
  return (
    <SessionGuard area="admin">
      <Desk />
    </SessionGuard>
  );
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TravelerListRow>();
const columns = column.columns([
  column.accessor('surname', {
    id: 'name',
    header: 'Viajero',
    cell: (info) => {
      const r = info.row.original;
      return (
        <>
          <a href={`/admin/travelers/${r.id}`}>{`${r.name} ${r.surname}`.trim() || 'Sin nombre'}</a>
          {r.email ? <small>{r.email}</small> : null}
        </>
      );
    },
  }),
  column.accessor('phone', { header: 'Teléfono', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('document', { header: 'Documento', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('account', { header: 'Cuenta', cell: (info) => <AccountBadge state={info.getValue()} erasedAt={info.row.original.erasedAt} /> }),
  column.accessor('bookings', { header: 'Reservas' }),
  column.accessor('points', { header: 'Puntos', cell: (info) => info.getValue().toLocaleString('es-ES') }),
  column.accessor('createdAt', { header: 'Alta', cell: (info) => moment(info.getValue()) }),
]);
const SORTABLE = new Set<string>(TRAVELER_SORTS);
const NO_ROWS: TravelerListRow[] = [];

function Desk() {
  const state = useStore($travelersDesk);
  useEffect(() => {
    void openTravelersDesk(location.search);
  }, []);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer } = state;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void searchTravelers();
  };

  return (
    <>
      <search>
        <form className="admin-inline-form admin-search" onSubmit={submit} aria-label="Buscar viajeros" noValidate>
          <div className="admin-field">
            <label htmlFor="viajeros-q">Buscar</label>
            <input
              id="viajeros-q"
              type="search"
              name="q"
              value={state.typed}
              placeholder="Nombre, correo, teléfono, DNI/NIE o pasaporte"
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? 'viajeros-q-error' : undefined}
            />
            {state.error ? (
              <span className="admin-field__error" id="viajeros-q-error">
                {state.error}
              </span>
            ) : null}
          </div>
          <button type="submit" className="button">
            Buscar
          </button>
        </form>
      </search>

      <p role="status" className="admin-count">
        {state.status === 'loading' ? 'Cargando…' : answer ? counted(answer.total, 'viajero', 'viajeros') : ''}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}

      {answer && answer.rows.length > 0 ? (
        <DataTable
          table={table}
          label="Lista de viajeros"
          caption={`Viajeros, página ${answer.page}`}
          sort={{
            of: (id) => (SORTABLE.has(id) ? (id as TravelerSort) : undefined),
            current: state.sort,
            dir: state.dir,
            onSort: (sort) => void sortTravelers(sort),
          }}
          rowClassName={(row) => (row.erasedAt ? 'admin-row--muted' : undefined)}
        />
      ) : answer ? (
        <p>{state.q ? 'Ningún viajero coincide con esa búsqueda.' : 'Todavía no hay viajeros.'}</p>
      ) : null}

      {answer ? <Pager page={answer.page} pages={pages} onPage={(page) => void goToTravelersPage(page)} /> : null}
    </>
  );
}
