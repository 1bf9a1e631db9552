import { STAFF_LOG_ENTITIES, STAFF_LOG_SORTS, type StaffLogRow, staffActionLabel } from '#shared/schemas/staff-log.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { moment } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { staffLog } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const ENTITY_OPTIONS = Object.entries(STAFF_LOG_ENTITIES).map(([value, label]) => ({ value, label }));
const entityLabel = (type: string) => STAFF_LOG_ENTITIES[type as keyof typeof STAFF_LOG_ENTITIES] ?? type;

const column = columnsOf<StaffLogRow>();
const columns = column.columns([
  column.accessor('createdAt', { header: 'Cuándo', cell: (info) => moment(info.getValue()) }),
  column.accessor('actorEmail', { header: 'Quién' }),
  column.accessor('entityType', {
    header: 'Sobre',
    cell: (info) => {
      const r = info.row.original;
      const what = `${entityLabel(r.entityType)} ${r.entityId.slice(0, 8)}`;
      return r.href ? <a href={r.href}>{what}</a> : what;
    },
  }),
  column.accessor('action', { header: 'Acción', cell: (info) => staffActionLabel(info.getValue()) }),
  column.accessor('reason', { header: 'Motivo', cell: (info) => info.getValue() ?? '—' }),
]);
const SORTABLE = new Set<string>(STAFF_LOG_SORTS);

function Desk() {
  const state = useListScreen(staffLog);
  const { form, errors, applied } = state;
  const field = (name: 'actor' | 'from' | 'to', label: string, type: 'search' | 'date') => (
    <FilterInput name={name} label={label} type={type} value={form[name]} error={errors[name]} onChange={(v) => staffLog.setFilter(name, v)} />
  );
  const filtered = Object.values(applied).some(Boolean);
  return (
    <ListDesk
      screen={staffLog}
      state={state}
      columns={columns}
      rowsOf={(answer) => answer}
      noun={['acción registrada', 'acciones registradas']}
      label="Lista de acciones del equipo"
      filters={
        <ListFilters label="Filtrar el historial" onApply={() => void staffLog.apply()} onClear={filtered ? () => void staffLog.clear() : null}>
          {field('actor', 'Correo de quien actuó', 'search')}
          <FilterSelect
            name="entity"
            label="Sobre"
            value={form.entity}
            options={ENTITY_OPTIONS}
            error={errors['entity']}
            onChange={(v) => staffLog.setFilter('entity', v)}
          />
          {field('from', 'Desde', 'date')}
          {field('to', 'Hasta', 'date')}
        </ListFilters>
      }
      empty={filtered ? 'Ninguna acción coincide con esos filtros.' : 'El equipo todavía no ha hecho nada que registrar.'}
      sortOf={(id) => (SORTABLE.has(id) ? (id as (typeof STAFF_LOG_SORTS)[number]) : undefined)}
    />
  );
}
