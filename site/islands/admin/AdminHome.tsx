/** /admin: the day at a glance. Each figure is a link to the list it counts. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';

import { formatEuros } from '#shared/rules/money.ts';
import { $adminHome, openAdminHome } from '../../stores/admin-home.ts';
import { guarded } from '../SessionGuard.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { SiteBuildPanel } from '../../desks/site-build/SiteBuildPanel.tsx';
import './admin.css';

export default guarded('admin', Dashboard);

/** "12 (40 %)": how many of the views were read for 30 seconds, and their share. */
const share = (read: number, views: number) =>
  views > 0 ? `${read.toLocaleString('es-ES')} (${Math.round((100 * Math.min(read, views)) / views)} %)` : read.toLocaleString('es-ES');

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
        <CellTable
          label="Salidas de los próximos 30 días"
          head={['Salida', 'Tour', 'Plazas vendidas']}
          keys={answer.departures.map((d) => d.periodId)}
          rows={answer.departures.map((d) => [
            shortDay(d.dayOne),
            <a key="tour" href={`/admin/bookings/${d.periodId}`}>
              {d.tourName}
            </a>,
            <>
              <meter min={0} max={Math.max(d.capacity, 1)} value={d.sold} aria-label={`${d.sold} de ${d.capacity} plazas vendidas`} /> {d.sold} / {d.capacity}
            </>,
          ])}
        />
      )}
      <h2 className="admin-section-title">Campañas de los últimos 30 días</h2>
      {answer.campaigns.length === 0 ? (
        <p>Ninguna visita ha llegado desde una campaña (enlaces con utm_source) en los últimos 30 días.</p>
      ) : (
        <CellTable
          label="Campañas de los últimos 30 días"
          head={['Fuente', 'Medio', 'Campaña', 'Visitantes', 'Páginas vistas', 'Leídas 30 s o más', 'Reservas', 'Cobrado']}
          keys={answer.campaigns.map((c) => `${c.source}|${c.medium}|${c.campaign}`)}
          rows={answer.campaigns.map((c) => [
            c.source,
            c.medium ?? '—',
            c.campaign ?? '—',
            c.visitors.toLocaleString('es-ES'),
            c.pages.toLocaleString('es-ES'),
            share(c.read, c.pages),
            c.bookings.toLocaleString('es-ES'),
            formatEuros(c.revenueCents),
          ])}
        />
      )}
      <h2 className="admin-section-title">Páginas más vistas en los últimos 30 días</h2>
      {answer.pages.length === 0 ? (
        <p>Aún no hay visitas contadas: solo se cuentan las de quienes lo permiten (política de cookies), y sin herramientas de terceros.</p>
      ) : (
        <CellTable
          label="Páginas más vistas en los últimos 30 días"
          head={['Página', 'Visitantes', 'Vistas', 'Leídas 30 s o más']}
          keys={answer.pages.map((p) => p.path)}
          rows={answer.pages.map((p) => [
            <a key="page" href={p.path}>
              {p.path}
            </a>,
            p.visitors.toLocaleString('es-ES'),
            p.views.toLocaleString('es-ES'),
            share(p.read, p.views),
          ])}
        />
      )}
      <SiteBuildPanel />
    </>
  );
}
