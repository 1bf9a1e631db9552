/**
 * /admin/retailer/{id}: one agency — its record (fiscal data, contact, address, terms), what it has
 * brought, its bookings and the log of staff changes. 'Editar' turns the record into the form in place;
 * 'Borrar' is offered only while no booking names the agency.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { StaffActionView } from '#shared/schemas/backoffice.ts';
import type { RetailerDetail } from '#shared/schemas/retailers.ts';
import {
  $retailerScreen,
  askDelete,
  cancelDelete,
  cancelEdit,
  confirmDelete,
  openRetailer,
  reloadEditor,
  saveEdit,
  setEditField,
  startEdit,
} from '../../stores/admin-retailer.ts';
import { RETAILER_FIELDS, type RetailerField } from '../../stores/retailer-form.ts';
import { guarded } from '../SessionGuard.tsx';
import { moment } from '../../staff-kit/format.ts';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { RetailerBookings } from './RetailerBookings.tsx';
import { AgencySales } from './AgencySale.tsx';
import { focusFirstInvalid, membershipLabel, RETAILER_FIELD_LABELS, RetailerFields } from './RetailerFields.tsx';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import './admin.css';
import './retailers.css';

export default guarded('admin', Screen);

const TAX_ID_KIND = { CIF: 'CIF', NIF: 'NIF (autónomo)', NIE: 'NIE (autónomo)' } as const;
const BACK = <a href={pathTo('admin-retailers')}>Volver a las agencias</a>;
const EDIT_BUTTON = 'editar-agencia-boton';

function Screen() {
  const { status, detail, message, done, editor, deleting } = useStore($retailerScreen);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void openRetailer(id);
  }, []);
  // The tab and the browser's history say which agency this is.
  const name = detail?.retailer.name;
  useEffect(() => {
    if (name) document.title = document.title.replace(/^[^·]*·/, `${name} ·`);
  }, [name]);
  if (status === 'deleted') {
    return (
      <p role="status" className="admin-done">
        {done} {BACK}
      </p>
    );
  }
  if (status === 'loading' && !detail) return <p role="status">Cargando…</p>;
  if (!detail) {
    return (
      <p role="alert">
        {message} {BACK}
      </p>
    );
  }
  const { retailer, figures } = detail;
  return (
    <>
      <header className="admin-retailer__head">
        <h2 className="admin-retailer__name">{retailer.name}</h2>
        <p>
          {TAX_ID_KIND[retailer.taxIdKind ?? 'CIF']} {retailer.cif}
          {retailer.city ? ` · ${retailer.city}` : ''} · <span className="admin-status">{membershipLabel(retailer.membership)}</span>
        </p>
        <p>{BACK}</p>
      </header>
      <Outcome done={done} message={message} />

      {editor ? (
        <EditForm />
      ) : (
        <>
          <section className="admin-actions" aria-label="Acciones">
            <button type="button" className="button" id={EDIT_BUTTON} onClick={startEdit}>
              Editar la agencia
            </button>
            {figures.bookings === 0 ? (
              <button type="button" className="admin-button-danger" onClick={askDelete}>
                Borrar la agencia
              </button>
            ) : null}
          </section>
          <Record detail={detail} />
        </>
      )}

      <h2 className="admin-section-title">Lo que ha traído</h2>
      <ul className="admin-figures admin-figures--plain">
        <Figure label="Reservas" value={figures.bookings.toLocaleString('es-ES')} />
        <Figure label="Confirmadas" value={figures.confirmed.toLocaleString('es-ES')} />
        <Figure label="En curso" value={figures.open.toLocaleString('es-ES')} />
        <Figure label="Canceladas" value={figures.canceled.toLocaleString('es-ES')} />
        <Figure label="Facturado (confirmadas)" value={formatEuros(figures.revenueCents)} />
        <Figure label="Comisión" value={formatEuros(figures.commissionCents)} />
        <Figure label="Cobrado" value={formatEuros(figures.paidCents)} />
        <Figure label="Pendiente de cobro" value={formatEuros(figures.owedCents)} />
      </ul>
      {figures.lastBookingAt ? <p className="admin-count">Última reserva: {moment(figures.lastBookingAt)}.</p> : null}
      <AgencySales retailerId={retailer.id} />

      <RetailerBookings />
      <ChangeLog actions={detail.actions} />
      {deleting ? <DeleteDialog name={retailer.name} travelers={detail.travelers} /> : null}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <li>
      <span className="admin-figures__value">{value}</span>
      <span className="admin-figures__label">{label}</span>
    </li>
  );
}

const orDash = (value: string | null) => value ?? '—';
const mail = (address: string | null) => (address ? <a href={`mailto:${address}`}>{address}</a> : '—');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Record({ detail }: { detail: RetailerDetail }) {
  const r = detail.retailer;
  const place = [r.postalCode, r.city].filter(Boolean).join(' ');
  const map =
    r.latitude !== null && r.longitude !== null
      ? `https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=17/${r.latitude}/${r.longitude}`
      : null;
  return (
    <div className="admin-grid">
      <section className="admin-card" aria-labelledby="datos-fiscales">
        <h2 id="datos-fiscales">Datos fiscales</h2>
        <dl className="admin-facts admin-facts--stack">
          <Fact label={TAX_ID_KIND[r.taxIdKind ?? 'CIF']}>{r.taxIdKind ? r.cif : `${r.cif} (no es válido: corrígelo)`}</Fact>
          <Fact label="Razón social">{orDash(r.corporateName)}</Fact>
          <Fact label="Nombre fiscal">{orDash(r.fiscalName)}</Fact>
          <Fact label="Tipo">{orDash(r.type)}</Fact>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="contacto">
        <h2 id="contacto">Contacto</h2>
        <dl className="admin-facts admin-facts--stack">
          <Fact label="Persona">{orDash(r.contactPerson)}</Fact>
          <Fact label="Teléfono">{r.phone ? <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a> : '—'}</Fact>
          <Fact label="Correo">{mail(r.email)}</Fact>
          <Fact label="Documentación">{mail(r.documentationEmail)}</Fact>
          <Fact label="Facturación">{mail(r.invoiceEmail)}</Fact>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="direccion">
        <h2 id="direccion">Dirección</h2>
        <dl className="admin-facts admin-facts--stack">
          <Fact label="Dirección">{orDash(r.address)}</Fact>
          <Fact label="Localidad">{place || '—'}</Fact>
          <Fact label="Mapa">
            {map ? (
              <a href={map} target="_blank" rel="noopener noreferrer">
                Ver en OpenStreetMap<span className="visually-hidden"> (se abre en otra pestaña)</span>
              </a>
            ) : (
              'Sin coordenadas'
            )}
          </Fact>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="condiciones">
        <h2 id="condiciones">Condiciones</h2>
        <dl className="admin-facts admin-facts--stack">
          <Fact label="Colaboración">{membershipLabel(r.membership)}</Fact>
          <Fact label="Forma de pago">{orDash(r.paymentType)}</Fact>
          <Fact label="Avisos de reservas">{detail.agencyMailTo ?? 'Sin correo: añade uno para poder enviarlos'}</Fact>
          <Fact label="Viajeros con cuenta">{detail.travelers.toLocaleString('es-ES')}</Fact>
        </dl>
      </section>
    </div>
  );
}

function EditForm() {
  const { editor } = useStore($retailerScreen);
  // The keyboard goes into the form as it opens, and back to 'Editar la agencia' when it closes.
  useEffect(() => {
    document.getElementById('agencia-name')?.focus();
    return () => {
      requestAnimationFrame(() => document.getElementById(EDIT_BUTTON)?.focus());
    };
  }, []);
  if (!editor) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await saveEdit())) focusFirstInvalid($retailerScreen.get().editor?.errors ?? {});
  };
  return (
    <section className="admin-card admin-edit" aria-labelledby="editar-agencia">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="editar-agencia">Editar la agencia</h2>
        <RetailerFields form={editor.form} errors={editor.errors} onChange={setEditField} />
        {editor.message ? (
          <div role="alert" className="admin-alert">
            <p>{editor.message}</p>
            {editor.stale ? (
              <button type="button" className="admin-button-secondary" onClick={() => void reloadEditor()}>
                Cargar los datos actuales
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="admin-button-secondary" onClick={cancelEdit}>
            Cancelar
          </button>
          <button type="submit" className="button" disabled={editor.sending}>
            {editor.sending ? 'Guardando…' : 'Guardar'}
          </button>
        </div>
      </form>
    </section>
  );
}

const ACTION_LABELS: Record<string, string> = { create: 'Creada', update: 'Editada', delete: 'Borrada' };
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? 'vacío' : String(value));

/** What a change did, field by field: 'Colaboración: Business → Estándar'. */
function changes(action: StaffActionView): string[] {
  const before = (action.before ?? {}) as Record<string, unknown>;
  const after = (action.after ?? {}) as Record<string, unknown>;
  if (action.action !== 'update') return [];
  return RETAILER_FIELDS.filter((field) => shown(before[field]) !== shown(after[field])).map((field: RetailerField) => {
    const label = RETAILER_FIELD_LABELS[field];
    const value = (v: unknown) => (field === 'membership' && typeof v === 'string' ? membershipLabel(v) : shown(v));
    return `${label}: ${value(before[field])} → ${value(after[field])}`;
  });
}

function ChangeLog({ actions }: { actions: StaffActionView[] }) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="cambios">
      <h2 id="cambios" className="admin-section-title">
        Cambios
      </h2>
      <CellTable
        label="Cambios en la agencia"
        head={['Cuándo', 'Quién', 'Qué']}
        keys={actions.map((a) => a.id)}
        rows={actions.map((a) => [
          moment(a.createdAt),
          a.actorEmail,
          <>
            {ACTION_LABELS[a.action] ?? a.action}
            {changes(a).map((line) => (
              <small key={line}>{line}</small>
            ))}
          </>,
        ])}
      />
    </section>
  );
}

function DeleteDialog({ name, travelers }: { name: string; travelers: number }) {
  const { deleting } = useStore($retailerScreen);
  if (!deleting) return null;
  const title = `Borrar la agencia ${name}`;
  return (
    <ConfirmDialog
      title={title}
      confirm="Borrar"
      working="Borrando…"
      danger
      error={deleting.message}
      sending={deleting.sending}
      onConfirm={() => void confirmDelete()}
      onClose={cancelDelete}
    >
      <p>
        No tiene reservas. Una vez borrada no se puede recuperar.
        {travelers > 0 ? ` ${travelers === 1 ? 'El viajero que vino' : `Los ${travelers} viajeros que vinieron`} a través de ella se quedan, sin agencia.` : ''}
      </p>
    </ConfirmDialog>
  );
}
