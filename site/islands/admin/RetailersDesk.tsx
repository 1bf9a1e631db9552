/**
 * /admin/retailers: the agencies, searched by name, CIF, city or e-mail and by membership, paged on the
 * server (TanStack Table's column model, as the bookings desk); on a phone each agency is a card. 'Nueva
 * agencia' opens the whole form in a dialog.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect } from 'react';
import { RETAILER_MEMBERSHIP_LABELS, type RetailerListRow } from '#shared/schemas/retailers.ts';
import { pathTo } from '#shared/routes.ts';
import {
  $retailersDesk,
  applySearch,
  clearSearch,
  closeNewRetailer,
  createRetailer,
  goToPage,
  newRetailer,
  openRetailers,
  setNewRetailerField,
  setSearchField,
} from '../../stores/admin-retailers.ts';
import SessionGuard from '../SessionGuard.tsx';
import { counted } from './format.ts';
import { Modal } from './Modal.tsx';
import { focusFirstInvalid, membershipLabel, RetailerFields } from './RetailerFields.tsx';
import { DataTable, Pager } from './DataTable.tsx';
import './admin.css';
import './retailers.css';

export default function RetailersDesk() {
  return (
    <SessionGuard area="admin">
      <Desk />
    </SessionGuard>
  );
}

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

function Desk() {
  const state = useStore($retailersDesk);
  useEffect(() => {
    void openRetailers(location.search);
  }, []);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer } = state;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const filtered = Boolean(state.applied.q || state.applied.membership);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void applySearch();
  };
  return (
    <>
      <div className="admin-toolbar">
        <search>
          <form className="admin-inline-form" onSubmit={submit} aria-label="Buscar agencias">
            <div className="admin-field admin-search-wide">
              <label htmlFor="agencias-q">Buscar</label>
              <input
                id="agencias-q"
                type="search"
                name="q"
                value={state.form.q}
                placeholder="Nombre, CIF, ciudad o correo"
                onChange={(e) => setSearchField('q', e.target.value)}
                aria-invalid={state.errors.q ? true : undefined}
                aria-describedby={state.errors.q ? 'agencias-q-error' : undefined}
              />
              {state.errors.q ? (
                <span className="admin-field__error" id="agencias-q-error">
                  {state.errors.q}
                </span>
              ) : null}
            </div>
            <div className="admin-field">
              <label htmlFor="agencias-membership">Colaboración</label>
              <select id="agencias-membership" name="membership" value={state.form.membership} onChange={(e) => setSearchField('membership', e.target.value)}>
                <option value="">Todas</option>
                {Object.entries(RETAILER_MEMBERSHIP_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="admin-button-secondary">
              Buscar
            </button>
            {filtered ? (
              <button type="button" className="admin-button-secondary" onClick={() => void clearSearch()}>
                Ver todas
              </button>
            ) : null}
          </form>
        </search>
        <button type="button" className="button" onClick={newRetailer}>
          Nueva agencia
        </button>
      </div>
      <p role="status" className="admin-done">
        {state.created ? (
          <>
            Agencia {state.created.name} creada. <a href={pathTo('admin-retailer', { id: state.created.id })}>Abrir su ficha</a>
          </>
        ) : (
          ''
        )}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}
      <p role="status" className="admin-count">
        {state.status === 'loading' ? 'Cargando…' : answer ? counted(answer.total, 'agencia', 'agencias') : ''}
      </p>

      {answer && answer.rows.length > 0 ? (
        <DataTable table={table} label="Lista de agencias" caption={`Agencias, página ${answer.page}`} />
      ) : answer ? (
        <p>{filtered ? 'No hay agencias con esta búsqueda.' : 'Todavía no hay agencias. Crea la primera con «Nueva agencia».'}</p>
      ) : null}

      {answer ? <Pager page={answer.page} pages={pages} onPage={(page) => void goToPage(page)} /> : null}
      {state.creating ? <NewRetailerDialog /> : null}
    </>
  );
}

function NewRetailerDialog() {
  const { creating } = useStore($retailersDesk);
  if (!creating) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await createRetailer())) focusFirstInvalid($retailersDesk.get().creating?.errors ?? {});
  };
  return (
    <Modal label="Nueva agencia" onClose={closeNewRetailer} wide>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2>Nueva agencia</h2>
        <RetailerFields form={creating.form} errors={creating.errors} onChange={setNewRetailerField} />
        {creating.message ? (
          <p role="alert" className="admin-alert">
            {creating.message}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="admin-button-secondary" onClick={closeNewRetailer}>
            Cancelar
          </button>
          <button type="submit" className="button" disabled={creating.sending}>
            {creating.sending ? 'Guardando…' : 'Guardar'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
