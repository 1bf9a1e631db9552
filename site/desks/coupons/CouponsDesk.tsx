/**
 * /admin/cupones: create, edit, deactivate and delete coupons, and see where each was used. The form
 * opens in a dialog; a coupon used on a booking can be deactivated but not deleted.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { COUPON_CONDITION_LABELS, COUPON_STATUS_LABELS, COUPON_TYPE_LABELS, type CouponView } from '#shared/schemas/backoffice.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { ListDesk, SearchFilter, useListScreen } from '../../staff-kit/ListFrame.tsx';
import {
  askDelete,
  cancelDelete,
  closeEditor,
  type CouponFields,
  confirmDelete,
  coupons,
  editCoupon,
  newCoupon,
  openCoupons,
  saveEditor,
  setField,
  toggleStatus,
} from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

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

const column = columnsOf<CouponView>();
const columns = column.columns([
  column.accessor('code', { header: 'Código', cell: (info) => <strong>{info.getValue()}</strong> }),
  column.display({ id: 'discount', header: 'Descuento', cell: (info) => couponDiscount(info.row.original) }),
  column.display({ id: 'validity', header: 'Válido', cell: (info) => validity(info.row.original) }),
  column.display({ id: 'scope', header: 'Para', cell: (info) => scope(info.row.original) }),
  column.accessor('uses', { header: 'Usos restantes' }),
  column.accessor('usedBy', {
    header: 'Usado en',
    cell: (info) =>
      info.getValue().length === 0
        ? 'Ninguna reserva'
        : info.getValue().map((b, i) => (
            <span key={b.id}>
              {i > 0 ? ', ' : ''}
              <a href={`/admin/booking/${b.id}`}>{b.differentId}</a>
            </span>
          )),
  }),
  column.accessor('status', { header: 'Estado', cell: (info) => COUPON_STATUS_LABELS[info.getValue()] }),
  column.display({
    id: 'actions',
    header: 'Acciones',
    cell: (info) => {
      const c = info.row.original;
      return (
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
      );
    },
  }),
]);

function Desk() {
  const state = useListScreen(coupons, openCoupons);
  return (
    <>
      <ListDesk
        screen={coupons}
        state={state}
        columns={columns}
        rowsOf={(answer) => ({ rows: answer.coupons, total: answer.coupons.length })}
        noun={['cupón', 'cupones']}
        label="Cupones"
        filters={<SearchFilter screen={coupons} state={state} field="q" label="Buscar cupones" fieldLabel="Código" wide={false} />}
        toolbar={
          <button type="button" className="button" onClick={newCoupon}>
            Nuevo cupón
          </button>
        }
        empty="No hay cupones con ese código."
        rowClassName={(c) => (c.status === 'inactive' ? 'admin-row--muted' : undefined)}
      />
      {state.editor ? <EditorDialog /> : null}
      {state.deleting ? <DeleteDialog /> : null}
    </>
  );
}

function EditorDialog() {
  const { editor, tours } = useStore(coupons.$state);
  if (!editor) return null;
  const title = editor.id ? `Editar el cupón ${editor.form.code}` : 'Nuevo cupón';
  const field = (name: keyof CouponFields, label: string, input: ReactNode) => (
    <div className="admin-field">
      <label htmlFor={`cupon-${name}`}>{label}</label>
      {input}
      {editor.fields[name] ? (
        <span className="admin-field__error" id={`cupon-${name}-error`}>
          {editor.fields[name]}
        </span>
      ) : null}
    </div>
  );
  const common = (name: keyof CouponFields) => ({
    id: `cupon-${name}`,
    name,
    value: editor.form[name],
    'aria-invalid': editor.fields[name] ? true : undefined,
    'aria-describedby': editor.fields[name] ? `cupon-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
  });
  return (
    <ConfirmDialog
      title={title}
      confirm="Guardar"
      working="Guardando…"
      back="Cancelar"
      wide
      error={editor.error}
      sending={editor.sending}
      onConfirm={() => void saveEditor()}
      onClose={closeEditor}
    >
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
    </ConfirmDialog>
  );
}

function DeleteDialog() {
  const { deleting } = useStore(coupons.$state);
  if (!deleting) return null;
  const title = `Borrar el cupón ${deleting.coupon.code}`;
  return (
    <ConfirmDialog
      title={title}
      confirm="Borrar"
      working="Borrando…"
      danger
      wide
      error={deleting.error}
      sending={deleting.sending}
      onConfirm={() => void confirmDelete()}
      onClose={cancelDelete}
    >
      <p>Nadie lo ha usado todavía. Una vez borrado no se puede recuperar; si solo quieres que deje de valer, desactívalo.</p>
    </ConfirmDialog>
  );
}
