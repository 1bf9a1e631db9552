/**
 * /admin/travelers/{id}: one traveller — personal data, account, points, bookings, budgets, favourites,
 * the points ledger and what staff did — and the actions: edit, force a password change, download the
 * personal data, erase it. Each action opens a confirmation dialog (TravelerDialogs.tsx) before anything
 * is sent.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { matchRoute } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { SEX_LABELS, type TravelerDetail } from '#shared/schemas/travelers.ts';
import { $travelerDesk, openEdit, openErase, openForce, openTraveler } from '../../stores/admin-traveler.ts';
import { guarded } from '../SessionGuard.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { moment, shortDay } from '../../staff-kit/format.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { AccountBadge } from './TravelerBadges.tsx';
import { TravelerDialog } from './TravelerDialogs.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import './admin.css';
import './travelers.css';

export default guarded('admin', Traveler);

/** How the history names what staff, or the traveller on their profile, did to a traveller. */
const ACTION_LABELS: Record<string, string> = {
  update: 'Datos editados',
  'self-update': 'Datos editados por el viajero',
  'self-export': 'Datos personales descargados por el viajero',
  'force-password-change': 'Cambio de contraseña forzado',
  export: 'Datos personales descargados',
  erase: 'Datos personales borrados',
};
const POINTS_STATUS: Record<string, string> = { COMPLETED: 'Hecho', ERASED: 'Perdidos al borrar los datos' };
const orDash = (value: string | null | undefined) => (value ? value : '—');

function Traveler() {
  const { status, detail, message, done, dialog } = useStore($travelerDesk);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void openTraveler(id);
  }, []);
  if (status === 'loading' && !detail) return <p role="status">Cargando…</p>;
  if (!detail) return <p role="alert">{message}</p>;
  const { traveler, account } = detail;
  const erased = traveler.erasedAt !== null;
  const fullName = `${traveler.name} ${traveler.surname}`.trim();

  return (
    <>
      <p className="admin-lead">
        <a href="/admin/travelers">← Todos los viajeros</a>
      </p>
      <header className="admin-traveler__head">
        <h2 className="admin-traveler__name">{fullName || 'Sin nombre'}</h2>
        <AccountBadge state={account?.state ?? 'none'} erasedAt={traveler.erasedAt} />
      </header>
      <Outcome done={done} message={message} />

      <section className="admin-actions" aria-label="Acciones">
        {erased ? null : (
          <button type="button" className="button" onClick={openEdit}>
            Editar datos
          </button>
        )}
        {account && !erased ? (
          <button type="button" className="admin-button-secondary" onClick={openForce}>
            Forzar cambio de contraseña
          </button>
        ) : null}
        <a className="admin-button-secondary" href={`/api/admin/travelers/${encodeURIComponent(traveler.id)}/export`} download>
          Descargar sus datos (JSON)
        </a>
        {erased ? null : (
          <button type="button" className="admin-button-danger" onClick={openErase}>
            Borrar datos personales
          </button>
        )}
      </section>
      {dialog ? <TravelerDialog /> : null}

      <div className="admin-grid admin-grid--three">
        <section className="admin-card" aria-labelledby="datos">
          <h2 id="datos">Datos personales</h2>
          <dl className="admin-facts">
            <dt>Nombre</dt>
            <dd>{orDash(fullName)}</dd>
            <dt>Correo</dt>
            <dd>{traveler.email ? <a href={`mailto:${traveler.email}`}>{traveler.email}</a> : '—'}</dd>
            <dt>Teléfono</dt>
            <dd>{traveler.phone ? <a href={`tel:${traveler.phone.replace(/[^\d+]/g, '')}`}>{traveler.phone}</a> : '—'}</dd>
            <dt>DNI o NIE</dt>
            <dd>{orDash(traveler.dni)}</dd>
            <dt>Pasaporte</dt>
            <dd>{orDash(traveler.passportId)}</dd>
            <dt>Nacimiento</dt>
            <dd>{traveler.birthdate ? shortDay(traveler.birthdate) : '—'}</dd>
            <dt>Sexo</dt>
            <dd>{traveler.sex ? SEX_LABELS[traveler.sex] : '—'}</dd>
            <dt>País</dt>
            <dd>{orDash(traveler.countryName)}</dd>
            <dt>Alta</dt>
            <dd>{moment(traveler.createdAt)}</dd>
          </dl>
        </section>
        <AccountCard detail={detail} />
        <section className="admin-card" aria-labelledby="puntos">
          <h2 id="puntos">Puntos</h2>
          <p className="admin-traveler__points">
            <strong>{detail.points.balance.toLocaleString('es-ES')} puntos</strong>
            <span>Valen {formatEuros(detail.points.valueCents)} de descuento.</span>
          </p>
        </section>
      </div>

      <Block id="reservas" title={`Reservas (${detail.bookings.length})`} empty="No tiene reservas.">
        {detail.bookings.length ? (
          <CellTable
            label="Reservas"
            head={['Reserva', 'Estado', 'Tour', 'Salida', 'Papel', 'Viajeros', 'Importe', 'Pagado', 'Reservada']}
            rows={detail.bookings.map((b) => [
              <a key="ref" href={`/admin/booking/${b.id}`}>
                {b.differentId}
                {b.tkId ? <small> {b.tkId}</small> : null}
              </a>,
              <StatusBadge key="status" status={b.status} />,
              b.tourName,
              `${shortDay(b.dayOne)} – ${shortDay(b.returnDate)}`,
              b.role === 'holder' ? 'Titular' : 'Pasajero',
              String(b.travellers),
              formatEuros(b.priceCents),
              formatEuros(b.paidCents),
              moment(b.createdAt),
            ])}
          />
        ) : null}
      </Block>
      <Block id="presupuestos" title={`Presupuestos (${detail.budgets.length})`} empty="No tiene presupuestos guardados.">
        {detail.budgets.length ? (
          <CellTable
            label="Presupuestos"
            head={['Presupuesto', 'Tour', 'Salida', 'Viajeros', 'Importe', 'Guardado']}
            rows={detail.budgets.map((b) => [
              <a key="ref" href={`/admin/booking/${b.id}`}>
                {b.budgetName}
                <small> {b.differentId}</small>
              </a>,
              b.tourName,
              shortDay(b.dayOne),
              String(b.travellers),
              formatEuros(b.priceCents),
              moment(b.updatedAt),
            ])}
          />
        ) : null}
      </Block>
      <Block id="favoritos" title={`Favoritos (${detail.favourites.length})`} empty="No tiene tours favoritos.">
        {detail.favourites.length ? (
          <ul className="admin-plain-list">
            {detail.favourites.map((f) => (
              <li key={f.tourId}>
                <a href={`/tour/${f.webSlug}`}>{f.tourName}</a> <small>(desde el {moment(f.createdAt)})</small>
              </li>
            ))}
          </ul>
        ) : null}
      </Block>
      <Block id="movimientos" title="Movimientos de puntos" empty="Sin movimientos de puntos.">
        {detail.points.movements.length ? (
          <CellTable
            label="Movimientos de puntos"
            head={['Fecha', 'Tipo', 'Puntos', 'Reserva', 'Estado']}
            rows={detail.points.movements.map((m) => [
              moment(m.createdAt),
              m.type === 'CREDIT' ? 'Abono' : 'Cargo',
              `${m.type === 'CREDIT' ? '+' : '−'}${m.amount.toLocaleString('es-ES')}`,
              m.bookingId && m.differentId ? (
                <a key="ref" href={`/admin/booking/${m.bookingId}`}>
                  {m.differentId}
                </a>
              ) : (
                '—'
              ),
              POINTS_STATUS[m.status] ?? m.status,
            ])}
          />
        ) : null}
      </Block>
      <Block id="acciones" title="Acciones del equipo" empty="Nadie del equipo ha actuado sobre este viajero.">
        {detail.actions.length ? (
          <CellTable
            label="Acciones del equipo"
            head={['Fecha', 'Quién', 'Acción', 'Motivo']}
            rows={detail.actions.map((a) => [moment(a.createdAt), a.actorEmail, ACTION_LABELS[a.action] ?? a.action, orDash(a.reason)])}
          />
        ) : null}
      </Block>
    </>
  );
}

function AccountCard({ detail }: { detail: TravelerDetail }) {
  const { account } = detail;
  return (
    <section className="admin-card" aria-labelledby="cuenta">
      <h2 id="cuenta">Cuenta</h2>
      {account ? (
        <dl className="admin-facts">
          <dt>Estado</dt>
          <dd>
            <AccountBadge state={account.state} erasedAt={null} />
          </dd>
          <dt>Correo de acceso</dt>
          <dd>{account.email}</dd>
          <dt>Contraseña</dt>
          <dd>
            {account.disabledAt
              ? 'No puede entrar'
              : account.passwordChangeRequiredAt
                ? `Debe elegir una nueva (pedido el ${moment(account.passwordChangeRequiredAt)})`
                : account.hasPassword
                  ? 'Sí'
                  : 'No: entra con Google o Facebook'}
          </dd>
          <dt>Correo confirmado</dt>
          <dd>{account.verifiedAt ? moment(account.verifiedAt) : 'No'}</dd>
          <dt>Sesiones abiertas</dt>
          <dd>{account.activeSessions}</dd>
          <dt>Último acceso</dt>
          <dd>{moment(account.lastActiveAt)}</dd>
          {account.groups.length ? (
            <>
              <dt>Equipo</dt>
              <dd>{account.groups.join(', ')}</dd>
            </>
          ) : null}
          {account.disabledAt ? (
            <>
              <dt>Desactivada</dt>
              <dd>{moment(account.disabledAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>No tiene cuenta: reservó sin registrarse o viaja en la reserva de otra persona.</p>
      )}
    </section>
  );
}

function Block({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode }) {
  return (
    <section className="admin-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children ?? <p>{empty}</p>}
    </section>
  );
}
