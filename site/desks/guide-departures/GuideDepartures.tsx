/**
 * /admin/guias: the guide's departures, upcoming first, then the past; an admin sees every guide's and
 * may narrow the list to one guide. Each departure opens /admin/guias/{periodId}.
 */
import { pathTo } from '#shared/routes.ts';
import { formatDateRange } from '#shared/rules/dates.ts';
import type { GuideDepartureRow } from '#shared/schemas/guides.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { counted } from '../../staff-kit/format.ts';
import { useListScreen } from '../../staff-kit/ListFrame.tsx';
import { chooseGuide, departures } from './store.ts';
import '../../islands/admin/admin.css';
import '../../islands/guides/guides.css';

export default guarded('staff', Departures);

function Departures() {
  const { status, answer: list, message, form } = useListScreen(departures);
  if (status === 'loading' && !list) return <p role="status">Cargando tus salidas…</p>;
  if (!list) return <p role="alert">{message}</p>;
  return (
    <div className="guide">
      {list.viewer === 'admin' ? (
        <p className="guide-filter">
          <label htmlFor="guide-filter">Guía</label>
          <select id="guide-filter" value={form.guideId} onChange={(e) => chooseGuide(e.currentTarget.value)}>
            <option value="">Todos los guías</option>
            {list.guides.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="guide-alert">
          {message}
        </p>
      ) : null}
      <section aria-labelledby="proximas" className="guide-section">
        <h2 id="proximas">Próximas salidas</h2>
        {list.upcoming.length === 0 ? <p>No tienes salidas próximas asignadas.</p> : <DepartureList rows={list.upcoming} staff={list.viewer === 'admin'} />}
      </section>
      <section aria-labelledby="pasadas" className="guide-section">
        <h2 id="pasadas">Salidas pasadas</h2>
        {list.past.length === 0 ? <p>Todavía no hay salidas pasadas.</p> : <DepartureList rows={list.past} staff={list.viewer === 'admin'} />}
      </section>
    </div>
  );
}

function DepartureList({ rows, staff }: { rows: GuideDepartureRow[]; staff: boolean }) {
  return (
    <ul className="guide-departures">
      {rows.map((row) => (
        <li key={row.periodId}>
          <a className="guide-departure" href={pathTo('admin-guide-period', { periodId: row.periodId })}>
            <span className="guide-departure__tour">{row.tourName}</span>
            <span className="guide-departure__dates">{formatDateRange({ from: row.dayOne, to: row.returnDate })}</span>
            <span className="guide-departure__facts">
              {counted(row.travellers, 'viajero', 'viajeros')} · Guía: {row.guides.join(', ')}
            </span>
            {row.owing > 0 ? <span className="guide-flag">{counted(row.owing, 'reserva con pago pendiente', 'reservas con pago pendiente')}</span> : null}
          </a>
          {staff ? (
            <a className="guide-assign-link" href={pathTo('admin-tour-guide', { tourID: row.tourId, periodID: row.periodId })}>
              Asignar guías a {row.tourName} ({formatDateRange({ from: row.dayOne, to: row.returnDate })})
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
