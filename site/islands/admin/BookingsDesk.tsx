/**
 * /admin/bookings/{periodId?}: the bookings desk. The filter form, the list (TanStack Table's column
 * model; sorting and paging happen on the server: a heading is a button that asks for that order) and
 * the CSV export of what is filtered. On a phone the table scrolls sideways inside its frame.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useEffect } from 'react';
import { BOOKING_STATUSES, type BookingStatus } from '#shared/enums.ts';
import { matchRoute } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_ISSUE_LABELS, BOOKING_STATUS_LABELS, type BookingListRow, type PeriodManifest } from '#shared/schemas/backoffice.ts';
import {
  $bookingsDesk,
  applyFilters,
  type BookingSort,
  clearFilters,
  csvHref,
  type FilterField,
  goToPage,
  openDesk,
  setFilter,
  sortBy,
} from '../../stores/admin-bookings.ts';
import SessionGuard from '../SessionGuard.tsx';
import { PeriodNotices } from './PeriodNotices.tsx';
import { counted, moment, shortDay } from './format.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { DataTable, Pager } from './DataTable.tsx';
import { TableFrame } from './TableFrame.tsx';
import './admin.css';

export default function BookingsDesk() {
  return (
    <SessionGuard area="admin">
      <Desk />
    </SessionGuard>
  );
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, BookingListRow>();
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
  column.accessor('status', {
    header: 'Estado',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
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
const NO_ROWS: BookingListRow[] = [];

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`admin-status admin-status--${status.toLowerCase()}`}>{BOOKING_STATUS_LABELS[status]}</span>;
}

function Desk() {
  const state = useStore($bookingsDesk);
  useEffect(() => {
    const periodId = matchRoute(location.pathname)?.params.periodId ?? '';
    void openDesk(periodId, location.search);
  }, []);
  const table = useTable({ features, columns, data: state.answer?.rows ?? NO_ROWS });
  const { answer } = state;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const period = state.periodId ? answer?.rows[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void applyFilters();
  };
  const field = (name: FilterField, label: string, type = 'text', extra: Record<string, string> = {}) => (
    <label className="admin-field">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        value={state.form[name]}
        onChange={(e) => setFilter(name, e.target.value)}
        aria-invalid={state.errors[name] ? true : undefined}
        aria-describedby={state.errors[name] ? `filtro-${name}-error` : undefined}
        {...extra}
      />
      {state.errors[name] ? (
        <span className="admin-field__error" id={`filtro-${name}-error`}>
          {state.errors[name]}
        </span>
      ) : null}
    </label>
  );
  const select = (name: FilterField, label: string, options: readonly { value: string; label: string }[]) => (
    <FilterSelect name={name} label={label} value={state.form[name]} options={options} onChange={(value) => setFilter(name, value)} />
  );

  return (
    <>
      {state.periodId ? (
        <p className="admin-lead">
          Reservas de la salida{' '}
          {state.manifest
            ? `del ${shortDay(state.manifest.period.dayOne)} de ${state.manifest.period.tourName}`
            : period
              ? `del ${shortDay(period.dayOne)} de ${period.tourName}`
              : state.periodId}
          . <a href="/admin/bookings">Ver todas las reservas</a>
        </p>
      ) : null}
      {state.manifest ? <Manifest manifest={state.manifest} /> : null}
      <search>
        <form className="admin-filters" onSubmit={submit} aria-label="Filtrar reservas">
          {field('q', 'Buscar', 'search', { placeholder: 'Nombre, correo, teléfono, tkId o referencia' })}
          {select(
            'status',
            'Estado',
            BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] })),
          )}
          {state.periodId
            ? null
            : select(
                'tourId',
                'Tour',
                state.options.tours.map((t) => ({ value: t.id, label: t.name })),
              )}
          {select(
            'retailerId',
            'Agencia',
            state.options.retailers.map((r) => ({ value: r.id, label: r.name })),
          )}
          {select(
            'issue',
            'Incidencias',
            Object.entries(BOOKING_ISSUE_LABELS).map(([value, label]) => ({ value, label })),
          )}
          <fieldset className="admin-range">
            <legend>Salida</legend>
            {field('departureFrom', 'Desde', 'date')}
            {field('departureTo', 'Hasta', 'date')}
          </fieldset>
          <fieldset className="admin-range">
            <legend>Fecha de reserva</legend>
            {field('bookedFrom', 'Desde', 'date')}
            {field('bookedTo', 'Hasta', 'date')}
          </fieldset>
          <div className="admin-filters__actions">
            <button type="submit" className="button">
              Filtrar
            </button>
            <button type="button" className="admin-button-secondary" onClick={() => void clearFilters()}>
              Quitar filtros
            </button>
            <a className="admin-button-secondary" href={csvHref(state)} download>
              Exportar CSV
            </a>
          </div>
        </form>
      </search>

      <p role="status" className="admin-count">
        {state.status === 'loading' ? 'Cargando…' : answer ? counted(answer.total, 'reserva', 'reservas') : ''}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}

      {answer && answer.rows.length > 0 ? (
        <DataTable
          table={table}
          label="Lista de reservas"
          caption={`Reservas, página ${answer.page}`}
          sort={{ of: (id) => SORT_OF[id], current: state.sort, dir: state.dir, onSort: (sort) => void sortBy(sort) }}
        />
      ) : answer ? (
        <p>No hay reservas con estos filtros.</p>
      ) : null}

      {answer ? <Pager page={answer.page} pages={pages} onPage={(page) => void goToPage(page)} /> : null}
    </>
  );
}

/** The departure's passenger manifest: seats, downloads, and the list that prints on its own. */
function Manifest({ manifest }: { manifest: PeriodManifest }) {
  const { period, rows } = manifest;
  const base = `/api/admin/periods/${encodeURIComponent(period.id)}/manifest`;
  return (
    <section className="admin-manifest" aria-labelledby="manifiesto">
      <h2 id="manifiesto" className="admin-section-title">
        Manifiesto de pasajeros
      </h2>
      <p className="admin-manifest__trip">
        {period.tourName}: salida el {shortDay(period.dayOne)}, regreso el {shortDay(period.returnDate)}.
      </p>
      <p>
        <meter min={0} max={Math.max(period.capacity, 1)} value={period.sold + period.held} aria-label="Plazas ocupadas" />{' '}
        <strong>
          {period.sold} de {period.capacity} plazas vendidas
        </strong>
        {period.held > 0 ? ` y ${period.held} retenidas (pagos en curso)` : ''} · {counted(rows.length, 'viajero', 'viajeros')} en el manifiesto
      </p>
      <div className="admin-manifest__actions">
        <a className="admin-button-secondary" href={`${base}.csv`} download>
          Descargar CSV
        </a>
        <a className="admin-button-secondary" href={`${base}.xlsx`} download>
          Descargar Excel
        </a>
        <button type="button" className="admin-button-secondary" onClick={() => window.print()}>
          Imprimir
        </button>
      </div>
      <PeriodNotices manifest={manifest} />
      {rows.length === 0 ? (
        <p>Todavía no hay viajeros confirmados en esta salida.</p>
      ) : (
        <TableFrame label="Manifiesto de pasajeros">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                {['Viajero', 'Documento', 'Nacimiento', 'Grupo', 'Habitación', 'Vuelo', 'Actividades', 'Seguro', 'Reserva', 'Pagado', 'Pendiente'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a traveller's id is unique only within its booking.
                <tr key={`${r.bookingId}-${i}`}>
                  <td data-label="Viajero">
                    <div>
                      {r.name} {r.surname}
                      {r.lead ? <small>Titular</small> : null}
                    </div>
                  </td>
                  <td data-label="Documento">{r.document ?? 'Falta'}</td>
                  <td data-label="Nacimiento">{r.birthdate ? shortDay(r.birthdate) : 'Falta'}</td>
                  <td data-label="Grupo">{r.ageGroup}</td>
                  <td data-label="Habitación">
                    <div>
                      {r.room ?? '—'}
                      {r.roommates.length > 0 ? <small>Con {r.roommates.join(', ')}</small> : null}
                    </div>
                  </td>
                  <td data-label="Vuelo">{r.flight ?? '—'}</td>
                  <td data-label="Actividades">{r.activities.join(', ') || '—'}</td>
                  <td data-label="Seguro">{r.insurance.join(', ') || 'No'}</td>
                  <td data-label="Reserva">
                    <div>
                      <a href={`/admin/booking/${r.bookingId}`}>{r.differentId}</a>
                      <small>{BOOKING_STATUS_LABELS[r.status]}</small>
                    </div>
                  </td>
                  <td data-label="Pagado">{formatEuros(r.paidCents)}</td>
                  <td data-label="Pendiente">{formatEuros(r.dueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
