import { type TravelerListRow, TRAVELER_SORTS } from '#shared/schemas/travelers.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { AccountBadge } from '../../islands/admin/TravelerBadges.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { moment } from '../../staff-kit/format.ts';
import { ListDesk, SearchFilter, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { type TravelerSort, travelers } from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/admin/travelers.css';

export default guarded('admin', Desk);

const column = columnsOf<TravelerListRow>();
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

function Desk() {
  const state = useListScreen(travelers);
  return (
    <ListDesk
      screen={travelers}
      state={state}
      columns={columns}
      rowsOf={(answer) => answer}
      noun={['viajero', 'viajeros']}
      label="Lista de viajeros"
      filters={<SearchFilter screen={travelers} state={state} field="q" label="Buscar viajeros" placeholder="Nombre, correo, teléfono, DNI/NIE o pasaporte" />}
      empty={state.applied.q ? 'Ningún viajero coincide con esa búsqueda.' : 'Todavía no hay viajeros.'}
      sortOf={(id) => (SORTABLE.has(id) ? (id as TravelerSort) : undefined)}
      rowClassName={(row) => (row.erasedAt ? 'admin-row--muted' : undefined)}
    />
  );
}
