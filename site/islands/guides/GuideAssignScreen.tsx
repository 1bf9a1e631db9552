/**
 * /admin/tour/{tourID}/guide/{periodID}: staff choose the guides of one departure (co-guides allowed).
 * 'Asignar' tells the guide by mail once; 'Quitar' takes a guide off. What staff did is listed below.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { formatDateRange } from '#shared/rules/dates.ts';
import { $assignDesk, changeAssignment, chooseGuide, openAssignDesk } from '../../stores/guide-tools.ts';
import { AdminField } from '../../staff-kit/ConfirmDialog.tsx';
import { moment } from '../../staff-kit/format.ts';
import { guarded } from '../SessionGuard.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import '../admin/admin.css';
import './guides.css';

export default guarded('admin', Desk);

const ACTION_LABELS: Record<string, string> = { 'guide-assign': 'Asignado', 'guide-remove': 'Quitado' };

function Desk() {
  const state = useStore($assignDesk);
  useEffect(() => {
    const params = matchRoute(location.pathname)?.params ?? {};
    void openAssignDesk(params.tourID ?? '', params.periodID ?? '');
  }, []);
  const { view } = state;
  if (state.status === 'loading') return <p role="status">Cargando la salida…</p>;
  if (!view)
    return (
      <p role="alert" className="admin-alert">
        {state.message}
      </p>
    );
  const assignedIds = new Set(view.assigned.map((g) => g.id));
  const free = view.guides.filter((g) => !assignedIds.has(g.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void changeAssignment('assign', state.chosen);
  };
  return (
    <div className="guide">
      <div className="guide-head">
        <h2>{view.period.tourName}</h2>
        <p className="guide-head__dates">{formatDateRange({ from: view.period.dayOne, to: view.period.returnDate })}</p>
        <p>
          <a href={pathTo('admin-guide-period', { periodId: view.period.id })}>Ver la salida como la ve el guía</a>
        </p>
      </div>
      <Outcome done={state.done} message={state.message} />
      <section aria-labelledby="asignados" className="guide-section">
        <h2 id="asignados">Guías de la salida</h2>
        {view.assigned.length === 0 ? (
          <p>Esta salida todavía no tiene guía.</p>
        ) : (
          <ul className="guide-rows">
            {view.assigned.map((g) => (
              <li key={g.id} className="guide-rows__item">
                <span>
                  <strong>{g.name}</strong>
                  <small>
                    {' '}
                    · {g.email}
                    {g.phone ? ` · ${g.phone}` : ''}
                  </small>
                </span>
                <button
                  type="button"
                  className="admin-button-secondary"
                  disabled={state.busy}
                  onClick={() => void changeAssignment('remove', g.id)}
                  aria-label={`Quitar a ${g.name}`}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="asignar" className="guide-section">
        <h2 id="asignar">Asignar un guía</h2>
        {free.length === 0 ? (
          <p>Todos los guías ya están en esta salida.</p>
        ) : (
          <form className="admin-inline-form" onSubmit={submit} noValidate>
            <AdminField label="Guía">
              {(props) => (
                <select {...props} value={state.chosen} onChange={(e) => chooseGuide(e.target.value)}>
                  <option value="">Elige un guía</option>
                  {free.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              )}
            </AdminField>
            <button type="submit" className="button" disabled={state.busy}>
              {state.busy ? 'Un momento…' : 'Asignar'}
            </button>
          </form>
        )}
      </section>
      <section aria-labelledby="historial" className="guide-section">
        <h2 id="historial">Historial</h2>
        {view.history.length === 0 ? (
          <p>Nadie ha cambiado todavía los guías de esta salida desde aquí.</p>
        ) : (
          <ul className="admin-plain-list">
            {view.history.map((h) => (
              <li key={h.id}>
                {ACTION_LABELS[h.action] ?? h.action}: {h.guideName ?? 'guía'} · {h.actorEmail} · {moment(h.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
