import { formatSpanishDate } from '#shared/rules/dates.ts';
import { INBOX_STATUS_LABELS, INBOX_STATUSES, type InboxRow } from '#shared/schemas/inbox.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { moment } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { inbox, openInbox } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const column = columnsOf<InboxRow>();
const columns = column.columns([
  column.accessor('createdAt', { header: 'Recibida', cell: (info) => moment(info.getValue()) }),
  column.accessor('name', {
    header: 'Cliente',
    cell: (info) => (
      <>
        <a href={`/admin/consultas/${info.row.original.id}`}>{info.getValue()}</a>
        <small>{info.row.original.email}</small>
        {info.row.original.phone ? <small>{info.row.original.phone}</small> : null}
      </>
    ),
  }),
  column.accessor('excerpt', {
    header: 'Consulta',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.tourName ? (
          <small>
            Sobre «{info.row.original.tourName}»
            {info.row.original.dayOne ? `, salida del ${formatSpanishDate({ date: info.row.original.dayOne, style: 'short' })}` : ''}
          </small>
        ) : null}
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Estado',
    cell: (info) => (
      <>
        {INBOX_STATUS_LABELS[info.getValue()]}
        {info.row.original.replies ? <small>{info.row.original.replies === 1 ? '1 respuesta' : `${info.row.original.replies} respuestas`}</small> : null}
      </>
    ),
  }),
  column.accessor('assignedTo', { header: 'Asignada a', cell: (info) => info.getValue() ?? 'Nadie' }),
]);

function Desk() {
  const state = useListScreen(inbox, () => openInbox(location.search));
  const filtered = Object.values(state.applied).some(Boolean);
  const input = (name: 'q' | 'from' | 'to', label: string, type: 'search' | 'date', placeholder?: string) => (
    <FilterInput
      name={name}
      label={label}
      type={type}
      placeholder={placeholder}
      value={state.form[name]}
      error={state.errors[name]}
      onChange={(v) => inbox.setFilter(name, v)}
    />
  );
  return (
    <ListDesk
      screen={inbox}
      state={state}
      columns={columns}
      rowsOf={(a) => a}
      noun={['consulta', 'consultas']}
      label="Lista de consultas"
      filters={
        <ListFilters label="Filtrar consultas" onApply={() => void inbox.apply()} onClear={filtered ? () => void inbox.clear() : null}>
          {input('q', 'Buscar', 'search', 'Nombre, correo, teléfono o texto')}
          <FilterSelect
            name="status"
            label="Estado"
            value={state.form.status}
            options={INBOX_STATUSES.map((s) => ({ value: s, label: INBOX_STATUS_LABELS[s] }))}
            onChange={(v) => inbox.setFilter('status', v)}
          />
          <FilterSelect
            name="tourId"
            label="Tour"
            value={state.form.tourId}
            options={state.tours.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(v) => inbox.setFilter('tourId', v)}
          />
          {input('from', 'Desde', 'date')}
          {input('to', 'Hasta', 'date')}
        </ListFilters>
      }
      empty={filtered ? 'Ninguna consulta coincide con esos filtros.' : 'No hay consultas todavía.'}
    />
  );
}
