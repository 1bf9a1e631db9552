/**
 * /admin/cupones: create, edit, deactivate and delete coupons, and see where each was used. The form
 * opens in a dialog; a coupon used on a booking can be deactivated but not deleted.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { COUPON_CONDITION_LABELS, COUPON_STATUS_LABELS, COUPON_TYPE_LABELS, type CouponView } from '#shared/schemas/backoffice.ts';
import {
  $coupons,
  askDelete,
  cancelDelete,
  closeEditor,
  type CouponFields,
  confirmDelete,
  editCoupon,
  newCoupon,
  openCoupons,
  saveEditor,
  search,
  setField,
  setQuery,
  toggleStatus,
} from '../../stores/admin-coupons.ts';
import SessionGuard from '../SessionGuard.tsx';
import { shortDay } from './format.ts';
import { AdminDialog } from './AdminDialog.tsx';
import { Modal } from './Modal.tsx';
import { TableFrame } from './TableFrame.tsx';
import './admin.css';

export default function CouponsDesk() {
  return (
    <SessionGuard area="admin">
      <Coupons />
    </SessionGuard>
  );
}

const TOUR_TYPE_LABELS = { Group: 'En grupo', FIT: 'A tu aire', Private: 'Privado' } as const;

function couponDiscount(c: Pick<CouponView, 'type' | 'value' | 'couponCondition'>): string {
  const amount = c.type === 'percentage' ? `${c.value} %` : formatEuros(c.value);
  return `${amount} ${COUPON_CONDITION_LABELS[c.couponCondition].toLocaleLowerCase('es')}`;
}

function validity(c: CouponView): string {
  if (c.startDate && c.endDate) return `Del ${shortDay(c.startDate)} al ${shortDay(c.endDate)}`;
  if (c.startDate) return `Desde el ${shortDay(c.startDate)}`;
  if (c.endDate) return `Hasta el ${shortDay(c.endDate)}`;
  return 'Siempre';
}

function scope(c: CouponView): string {
  const parts = [
    c.tourName ? `Tour: ${c.tourName}` : null,
    c.tourType ? `Tipo: ${TOUR_TYPE_LABELS[c.tourType]}` : null,
    c.period ? `Salida del ${shortDay(c.period.dayOne)} de ${c.period.tourName}` : c.periodId ? `Salida: ${c.periodId}` : null,
    c.flightName ? `Vuelo: ${c.flightName}` : c.flightId ? `Vuelo: ${c.flightId}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Todos los viajes';
}

function Coupons() {
  const state = useStore($coupons);
  useEffect(() => {
    void openCoupons();
  }, []);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    void search();
  };
  return (
    <>
      <div className="admin-toolbar">
        <search>
          <form className="admin-inline-form" onSubmit={submitSearch} aria-label="Buscar cupones">
            <label className="admin-field">
              <span>Código</span>
              <input type="search" name="q" value={state.query} onChange={(e) => setQuery(e.target.value)} />
            </label>
            <button type="submit" className="admin-button-secondary">
              Buscar
            </button>
          </form>
        </search>
        <button type="button" className="button" onClick={newCoupon}>
          Nuevo cupón
        </button>
      </div>
      <p role="status" className="admin-done">
        {state.done ?? ''}
      </p>
      {state.message ? (
        <p role="alert" className="admin-alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'loading' ? <p role="status">Cargando…</p> : null}
      {state.status === 'ready' && state.coupons.length === 0 ? <p>No hay cupones con ese código.</p> : null}
      {state.coupons.length > 0 ? (
        <TableFrame label="Cupones">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                {['Código', 'Descuento', 'Válido', 'Para', 'Usos restantes', 'Usado en', 'Estado', 'Acciones'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.coupons.map((c) => (
                <tr key={c.id} className={c.status === 'inactive' ? 'admin-row--muted' : undefined}>
                  <td data-label="Código">
                    <strong>{c.code}</strong>
                  </td>
                  <td data-label="Descuento">{couponDiscount(c)}</td>
                  <td data-label="Válido">{validity(c)}</td>
                  <td data-label="Para">{scope(c)}</td>
                  <td data-label="Usos restantes">{c.uses}</td>
                  <td data-label="Usado en">
                    <div>
                      {c.usedBy.length === 0
                        ? 'Ninguna reserva'
                        : c.usedBy.map((b, i) => (
                            <span key={b.id}>
                              {i > 0 ? ', ' : ''}
                              <a href={`/admin/booking/${b.id}`}>{b.differentId}</a>
                            </span>
                          ))}
                    </div>
                  </td>
                  <td data-label="Estado">{COUPON_STATUS_LABELS[c.status]}</td>
                  <td data-label="Acciones">
                    <div className="admin-row-actions">
                      <button type="button" className="admin-button-secondary" onClick={() => editCoupon(c)}>
                        Editar<span className="visually-hidden"> {c.code}</span>
                      </button>
                      <button type="button" className="admin-button-secondary" onClick={() => void toggleStatus(c)}>
                        {c.status === 'active' ? 'Desactivar' : 'Activar'}
                        <span className="visually-hidden"> {c.code}</span>
                      </button>
                      {c.usedBy.length === 0 ? (
                        <button type="button" className="admin-button-secondary" onClick={() => askDelete(c)}>
                          Borrar<span className="visually-hidden"> {c.code}</span>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      {state.editor ? <EditorDialog /> : null}
      {state.deleting ? <DeleteDialog /> : null}
    </>
  );
}

function EditorDialog() {
  const { editor, tours } = useStore($coupons);
  if (!editor) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveEditor();
  };
  const title = editor.id ? `Editar el cupón ${editor.form.code}` : 'Nuevo cupón';
  const field = (name: keyof CouponFields, label: string, input: ReactNode) => (
    <div className="admin-field">
      <label htmlFor={`cupon-${name}`}>{label}</label>
      {input}
      {editor.errors[name] ? (
        <span className="admin-field__error" id={`cupon-${name}-error`}>
          {editor.errors[name]}
        </span>
      ) : null}
    </div>
  );
  const common = (name: keyof CouponFields) => ({
    id: `cupon-${name}`,
    name,
    value: editor.form[name],
    'aria-invalid': editor.errors[name] ? true : undefined,
    'aria-describedby': editor.errors[name] ? `cupon-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
  });
  return (
    <Modal label={title} onClose={closeEditor} wide>
      <form onSubmit={submit} noValidate>
        <h2>{title}</h2>
        <div className="admin-form-grid">
          {field('code', 'Código', <input {...common('code')} autoComplete="off" />)}
          {field(
            'type',
            'Tipo de descuento',
            <select {...common('type')}>
              {Object.entries(COUPON_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field('value', editor.form.type === 'percentage' ? 'Descuento (%)' : 'Descuento (€)', <input {...common('value')} inputMode="decimal" />)}
          {field(
            'couponCondition',
            'Se aplica',
            <select {...common('couponCondition')}>
              {Object.entries(COUPON_CONDITION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field('startDate', 'Válido desde', <input {...common('startDate')} type="date" />)}
          {field('endDate', 'Válido hasta', <input {...common('endDate')} type="date" />)}
          {field('uses', 'Usos restantes', <input {...common('uses')} inputMode="numeric" />)}
          {field(
            'status',
            'Estado',
            <select {...common('status')}>
              {Object.entries(COUPON_STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field(
            'tourId',
            'Solo para el tour',
            <select {...common('tourId')}>
              <option value="">Todos los tours</option>
              {tours.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'tourType',
            'Solo para el tipo de viaje',
            <select {...common('tourType')}>
              <option value="">Todos los tipos</option>
              {Object.entries(TOUR_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field('periodId', 'Solo para la salida (identificador)', <input {...common('periodId')} autoComplete="off" />)}
          {field('flightId', 'Solo para el vuelo (identificador)', <input {...common('flightId')} autoComplete="off" />)}
        </div>
        {editor.message ? (
          <p role="alert" className="admin-alert">
            {editor.message}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="admin-button-secondary" onClick={closeEditor}>
            Cancelar
          </button>
          <button type="submit" className="button" disabled={editor.sending}>
            {editor.sending ? 'Guardando…' : 'Guardar'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDialog() {
  const { deleting } = useStore($coupons);
  if (!deleting) return null;
  const title = `Borrar el cupón ${deleting.coupon.code}`;
  return (
    <AdminDialog
      title={title}
      confirm="Borrar"
      working="Borrando…"
      danger
      wide
      error={deleting.message}
      sending={deleting.sending}
      onConfirm={() => void confirmDelete()}
      onClose={cancelDelete}
    >
      <p>Nadie lo ha usado todavía. Una vez borrado no se puede recuperar; si solo quieres que deje de valer, desactívalo.</p>
    </AdminDialog>
  );
}
