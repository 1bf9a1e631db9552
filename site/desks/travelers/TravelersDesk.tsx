/**
 * /admin/travelers: search the travellers by name, e-mail, phone or document; the list (sorted and paged on
 * the server) leads to each traveller's page.
 */
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type TravelerListRow, TRAVELER_SORTS } from '#shared/schemas/travelers.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { AccountBadge } from '../../islands/admin/TravelerBadges.tsx';
import { DataTable } from '../../staff-kit/DataTable.tsx';
import { counted, moment } from '../../staff-kit/format.ts';
import { FilterInput, ListFilters, ListFrame, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { pagesOf } from '../../staff-kit/list-screen.ts';
import { type TravelerSort, travelers } from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/admin/travelers.css';

export default guarded('admin', Desk);

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
  const state = useListScreen(travelers);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer } = state;
  return (
    <ListFrame
      state={state}
      filters={
        <ListFilters label="Buscar viajeros" submit="Buscar" inline onApply={() => void travelers.apply()}>
          <FilterInput
            name="q"
            label="Buscar"
            type="search"
            wide
            placeholder="Nombre, correo, teléfono, DNI/NIE o pasaporte"
            value={state.form.q}
            error={state.errors.q}
            onChange={(value) => travelers.setFilter('q', value)}
          />
        </ListFilters>
      }
      count={answer ? counted(answer.total, 'viajero', 'viajeros') : null}
      rows={answer?.rows.length ?? null}
      empty={state.applied.q ? 'Ningún viajero coincide con esa búsqueda.' : 'Todavía no hay viajeros.'}
      paging={answer ? { page: answer.page, pages: pagesOf(answer), onPage: (page) => void travelers.goToPage(page) } : null}
    >
      <DataTable
        table={table}
        label="Lista de viajeros"
        caption={`Viajeros, página ${answer?.page ?? 1}`}
        sort={{
          of: (id) => (SORTABLE.has(id) ? (id as TravelerSort) : undefined),
          current: state.sort,
          dir: state.dir,
          onSort: (sort) => void travelers.sortBy(sort),
        }}
        rowClassName={(row) => (row.erasedAt ? 'admin-row--muted' : undefined)}
      />
    </ListFrame>
  );
}
