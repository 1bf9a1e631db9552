/**
 * /admin/retailers: the agencies, searched by name, CIF, city or e-mail and by membership, paged on the
 * server; on a phone each agency is a card. 'Nueva agencia' opens the whole form in a dialog.
 */
import { useStore } from '@nanostores/react';
import { pathTo } from '#shared/routes.ts';
import { RETAILER_MEMBERSHIP_LABELS, type RetailerListRow } from '#shared/schemas/retailers.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { focusFirstInvalid, membershipLabel, RetailerFields } from '../../islands/admin/RetailerFields.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { ListDesk, SearchFilter, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { closeNewRetailer, createRetailer, newRetailer, retailers, setNewRetailerField } from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/admin/retailers.css';

export default guarded('admin', Desk);

const column = columnsOf<RetailerListRow>();
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

const MEMBERSHIPS = Object.entries(RETAILER_MEMBERSHIP_LABELS).map(([value, label]) => ({ value, label }));

function Desk() {
  const state = useListScreen(retailers);
  const { created } = state;
  const filtered = Boolean(state.applied.q || state.applied.membership);
  return (
    <>
      <ListDesk
        screen={retailers}
        state={{
          ...state,
          done: created ? (
            <>
              Agencia {created.name} creada. <a href={pathTo('admin-retailer', { id: created.id })}>Abrir su ficha</a>
            </>
          ) : null,
        }}
        columns={columns}
        rowsOf={(answer) => answer}
        noun={['agencia', 'agencias']}
        label="Lista de agencias"
        filters={
          <SearchFilter
            screen={retailers}
            state={state}
            field="q"
            label="Buscar agencias"
            placeholder="Nombre, CIF, ciudad o correo"
            onClear={filtered ? () => void retailers.clear() : null}
            clearLabel="Ver todas"
          >
            <FilterSelect
              name="membership"
              label="Colaboración"
              all="Todas"
              value={state.form.membership}
              options={MEMBERSHIPS}
              onChange={(value) => retailers.setFilter('membership', value)}
            />
          </SearchFilter>
        }
        toolbar={
          <button type="button" className="button" onClick={newRetailer}>
            Nueva agencia
          </button>
        }
        empty={filtered ? 'No hay agencias con esta búsqueda.' : 'Todavía no hay agencias. Crea la primera con «Nueva agencia».'}
      />
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
