/** /admin: the day at a glance. Each figure is a link to the list it counts. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';

import { formatEuros } from '#shared/rules/money.ts';
import { $adminHome, openAdminHome } from '../../stores/admin-home.ts';
import SessionGuard from '../SessionGuard.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { TableFrame } from '../../staff-kit/TableFrame.tsx';
import './admin.css';

export default function AdminHome() {
  return (
    <SessionGuard area="admin">
      <Dashboard />
    </SessionGuard>
  );
}

function Dashboard() {
  const { status, answer, message } = useStore($adminHome);
  useEffect(() => {
    void openAdminHome();
  }, []);
  if (status === 'loading') return <p role="status">Cargando…</p>;
  if (!answer) return <p role="alert">{message}</p>;
  return (
    <>
      <ul className="admin-figures">
        {answer.figures.map((f) => (
          <li key={f.label}>
            <a href={f.href}>
              <span className="admin-figures__value">{f.money ? formatEuros(f.value) : f.value.toLocaleString('es-ES')}</span>
              <span className="admin-figures__label">{f.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <h2 className="admin-section-title">Salidas de los próximos 30 días</h2>
      {answer.departures.length === 0 ? (
        <p>No hay salidas en los próximos 30 días.</p>
      ) : (
        <TableFrame label="Salidas de los próximos 30 días">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Salida</th>
                <th scope="col">Tour</th>
                <th scope="col">Plazas vendidas</th>
              </tr>
            </thead>
            <tbody>
              {answer.departures.map((d) => (
                <tr key={d.periodId}>
                  <td data-label="Salida">{shortDay(d.dayOne)}</td>
                  <td data-label="Tour">
                    <a href={`/admin/bookings/${d.periodId}`}>{d.tourName}</a>
                  </td>
                  <td data-label="Plazas vendidas">
                    <div>
                      <meter min={0} max={Math.max(d.capacity, 1)} value={d.sold} aria-label={`${d.sold} de ${d.capacity} plazas vendidas`} /> {d.sold} /{' '}
                      {d.capacity}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <h2 className="admin-section-title">Campañas de los últimos 30 días</h2>
      {answer.campaigns.length === 0 ? (
        <p>Ninguna visita ha llegado desde una campaña (enlaces con utm_source) en los últimos 30 días.</p>
      ) : (
        <TableFrame label="Campañas de los últimos 30 días">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                {['Fuente', 'Medio', 'Campaña', 'Visitantes', 'Páginas vistas', 'Reservas', 'Cobrado'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.campaigns.map((c) => (
                <tr key={`${c.source}|${c.medium}|${c.campaign}`}>
                  <td data-label="Fuente">{c.source}</td>
                  <td data-label="Medio">{c.medium ?? '—'}</td>
                  <td data-label="Campaña">{c.campaign ?? '—'}</td>
                  <td data-label="Visitantes">{c.visitors.toLocaleString('es-ES')}</td>
                  <td data-label="Páginas vistas">{c.pages.toLocaleString('es-ES')}</td>
                  <td data-label="Reservas">{c.bookings.toLocaleString('es-ES')}</td>
                  <td data-label="Cobrado">{formatEuros(c.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </>
  );
}
