import { BOOKING_STATUSES } from '#shared/enums.ts';
import { matchRoute } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_ISSUE_LABELS, type BookingListRow } from '#shared/schemas/backoffice.ts';
import { BOOKING_STATUS_LABELS } from '#shared/schemas/labels.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { Manifest } from '../../islands/admin/Manifest.tsx';
import { StatusBadge } from '../../islands/admin/StatusBadge.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { moment, shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { type BookingFilter, type BookingSort, bookings, csvHref, openBookings } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const column = columnsOf<BookingListRow>();
/** The server sort each sortable column asks for. */
const SORT_OF: Partial<Record<string, BookingSort>> = { createdAt: 'createdAt', dayOne: 'dayOne', priceCents: 'price', status: 'status' };
const columns = column.columns([
  column.accessor('differentId', {
    header: 'Reserva',
    cell: (info) => (
      <a href={`/admin/booking/${info.row.original.id}`}>
        {info.getValue()}
        {info.row.original.tkId ? <small> {info.row.original.tkId}</small> : null}
      </a>
    ),
  }),
  column.accessor('status', { header: 'Estado', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor('leadName', {
    header: 'Titular',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.email ? <small>{info.row.original.email}</small> : null}
        {info.row.original.retailerName ? <small>Agencia: {info.row.original.retailerName}</small> : null}
      </>
    ),
  }),
  column.accessor('tourName', {
    header: 'Tour',
    cell: (info) => (
      <>
        {info.getValue()}
        <small>
          <a href={`/admin/bookings/${info.row.original.periodId}`}>Ver la salida</a>
        </small>
      </>
    ),
  }),
  column.accessor('dayOne', { header: 'Salida', cell: (info) => shortDay(info.getValue()) }),
  column.accessor('travellers', { header: 'Viajeros' }),
  column.accessor('priceCents', { header: 'Importe', cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('paidCents', { header: 'Pagado', cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('createdAt', { header: 'Reservada', cell: (info) => moment(info.getValue()) }),
]);
const choices = (entries: readonly (readonly [string, string])[]) => entries.map(([value, label]) => ({ value, label }));

function Desk() {
  const state = useListScreen(bookings, () => openBookings(matchRoute(location.pathname)?.params.periodId ?? '', location.search));
  const { answer, manifest } = state;
  const period = manifest?.period ?? answer?.rows[0];
  const input = (name: BookingFilter, label: string, type: 'search' | 'date' = 'date', placeholder?: string) => (
    <FilterInput
      name={name}
      label={label}
      type={type}
      placeholder={placeholder}
      value={state.form[name]}
      error={state.errors[name]}
      onChange={(value) => bookings.setFilter(name, value)}
    />
  );
  const select = (name: BookingFilter, label: string, options: readonly { value: string; label: string }[]) => (
    <FilterSelect name={name} label={label} value={state.form[name]} options={options} onChange={(value) => bookings.setFilter(name, value)} />
  );

  return (
    <>
      {state.periodId ? (
        <p className="admin-lead">
          Reservas de la salida {period ? `del ${shortDay(period.dayOne)} de ${period.tourName}` : state.periodId}.{' '}
          <a href="/admin/bookings">Ver todas las reservas</a>
        </p>
      ) : null}
      {manifest ? <Manifest manifest={manifest} /> : null}
      <ListDesk
        screen={bookings}
        state={state}
        columns={columns}
        rowsOf={(answer) => answer}
        noun={['reserva', 'reservas']}
        label="Lista de reservas"
        sortOf={(id) => SORT_OF[id]}
        filters={
          <ListFilters
            label="Filtrar reservas"
            onApply={() => void bookings.apply()}
            onClear={() => void bookings.clear()}
            actions={
              <a className="admin-button-secondary" href={csvHref()} download>
                Exportar CSV
              </a>
            }
          >
            {input('q', 'Buscar', 'search', 'Nombre, correo, teléfono, tkId o referencia')}
            {select('status', 'Estado', choices(BOOKING_STATUSES.map((s) => [s, BOOKING_STATUS_LABELS[s]])))}
            {state.periodId ? null : select('tourId', 'Tour', choices(state.options.tours.map((t) => [t.id, t.name])))}
            {select('retailerId', 'Agencia', choices(state.options.retailers.map((r) => [r.id, r.name])))}
            {select('issue', 'Incidencias', choices(Object.entries(BOOKING_ISSUE_LABELS)))}
            <fieldset className="admin-range">
              <legend>Salida</legend>
              {input('departureFrom', 'Desde')}
              {input('departureTo', 'Hasta')}
            </fieldset>
            <fieldset className="admin-range">
              <legend>Fecha de reserva</legend>
              {input('bookedFrom', 'Desde')}
              {input('bookedTo', 'Hasta')}
            </fieldset>
          </ListFilters>
        }
        empty="No hay reservas con estos filtros."
      />
    </>
  );
}
