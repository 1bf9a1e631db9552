/**
 * /admin/retailers: the agencies, searched by name, CIF, city or e-mail and by membership, paged on the
 * server; on a phone each agency is a card. 'Nueva agencia' opens the whole form in a dialog.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { pathTo } from '#shared/routes.ts';
import { RETAILER_MEMBERSHIP_LABELS, type RetailerListRow } from '#shared/schemas/retailers.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { focusFirstInvalid, membershipLabel, RetailerFields } from '../../islands/admin/RetailerFields.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { DataTable } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { counted } from '../../staff-kit/format.ts';
import { FilterInput, ListFilters, ListFrame, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { pagesOf } from '../../staff-kit/list-screen.ts';
import { closeNewRetailer, createRetailer, newRetailer, retailers, setNewRetailerField } from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/admin/retailers.css';

export default guarded('admin', Desk);

const features = tableFeatures({});
const column = createColumnHelper<typeof features, RetailerListRow>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Agencia',
    cell: (info) => (
      <>
        <a href={pathTo('admin-retailer', { id: info.row.original.id })}>{info.getValue()}</a>
        {info.row.original.city ? <small>{info.row.original.city}</small> : null}
      </>
    ),
  }),
  column.accessor('cif', { header: 'CIF' }),
  column.accessor('contactPerson', {
    header: 'Contacto',
    cell: (info) => {
      const { email, phone } = info.row.original;
      if (!info.getValue() && !email && !phone) return '—';
      return (
        <>
          {info.getValue() ?? ''}
          {email ? <small>{email}</small> : null}
          {phone ? <small>{phone}</small> : null}
        </>
      );
    },
  }),
  column.accessor('membership', { header: 'Colaboración', cell: (info) => membershipLabel(info.getValue()) }),
  column.accessor('bookings', { header: 'Reservas', cell: (info) => info.getValue().toLocaleString('es-ES') }),
]);
const NO_ROWS: RetailerListRow[] = [];

const MEMBERSHIPS = Object.entries(RETAILER_MEMBERSHIP_LABELS).map(([value, label]) => ({ value, label }));

function Desk() {
  const state = useListScreen(retailers);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer, created } = state;
  const filtered = Boolean(state.applied.q || state.applied.membership);
  return (
    <>
      <ListFrame
        state={{
          ...state,
          done: created ? (
            <>
              Agencia {created.name} creada. <a href={pathTo('admin-retailer', { id: created.id })}>Abrir su ficha</a>
            </>
          ) : null,
        }}
        filters={
          <ListFilters
            label="Buscar agencias"
            submit="Buscar"
            inline
            onApply={() => void retailers.apply()}
            onClear={filtered ? () => void retailers.clear() : null}
            clearLabel="Ver todas"
          >
            <FilterInput
              name="q"
              label="Buscar"
              type="search"
              wide
              placeholder="Nombre, CIF, ciudad o correo"
              value={state.form.q}
              error={state.errors.q}
              onChange={(value) => retailers.setFilter('q', value)}
            />
            <FilterSelect
              name="membership"
              label="Colaboración"
              all="Todas"
              value={state.form.membership}
              options={MEMBERSHIPS}
              onChange={(value) => retailers.setFilter('membership', value)}
            />
          </ListFilters>
        }
        toolbar={
          <button type="button" className="button" onClick={newRetailer}>
            Nueva agencia
          </button>
        }
        count={answer ? counted(answer.total, 'agencia', 'agencias') : null}
        rows={answer?.rows.length ?? null}
        empty={filtered ? 'No hay agencias con esta búsqueda.' : 'Todavía no hay agencias. Crea la primera con «Nueva agencia».'}
        paging={answer ? { page: answer.page, pages: pagesOf(answer), onPage: (page) => void retailers.goToPage(page) } : null}
      >
        <DataTable table={table} label="Lista de agencias" caption={`Agencias, página ${answer?.page ?? 1}`} />
      </ListFrame>
      {state.creating ? <NewRetailerDialog /> : null}
    </>
  );
}

function NewRetailerDialog() {
  const { creating } = useStore(retailers.$state);
  if (!creating) return null;
  const save = async () => {
    if (!(await createRetailer())) focusFirstInvalid(retailers.$state.get().creating?.fields ?? {});
  };
  return (
    <ConfirmDialog
      title="Nueva agencia"
      confirm="Guardar"
      working="Guardando…"
      back="Cancelar"
      wide
      error={creating.error}
      sending={creating.sending}
      onConfirm={() => void save()}
      onClose={closeNewRetailer}
    >
      <RetailerFields form={creating.form} errors={creating.fields} onChange={setNewRetailerField} />
    </ConfirmDialog>
  );
}
