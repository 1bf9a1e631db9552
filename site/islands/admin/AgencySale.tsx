/**
 * An agency's sales on its page (docs/decisions/042): 'Nueva reserva de agencia' in a dialog, and its monthly
 * statement to download as CSV or XLSX.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { EXTRA_BASIS_LABELS } from '#shared/schemas/labels.ts';
import { shortDay } from '../../staff-kit/format.ts';
import { ConfirmDialog, AdminField, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import {
  $agencySale,
  type AgencySaleForm,
  choosePeriod,
  chooseTour,
  closeAgencySale,
  openAgencySale,
  setSaleField,
  submitAgencySale,
  toggleSaleChoice,
} from '../../stores/admin-agency-sale.ts';

function SaleDialog() {
  const { dialog, tours, periods, options, loading } = useStore($agencySale);
  if (!dialog) return null;
  const { form, fields } = dialog;
  const text = (name: Exclude<keyof AgencySaleForm, 'activityIds' | 'extraIds'>, label: string, type: 'text' | 'email' | 'tel' | 'number' = 'text') => (
    <TextField label={label} type={type} value={form[name]} error={fields[name]} onChange={(v) => setSaleField(name, v)} />
  );
  return (
    <ConfirmDialog
      title="Nueva reserva de agencia"
      error={dialog.error}
      sending={dialog.sending}
      confirm="Crear la reserva"
      working="Creando…"
      wide
      onConfirm={() => void submitAgencySale()}
      onClose={closeAgencySale}
    >
      <p>Se confirma al crearla, con las plazas y el precio de la web; la agencia recibe el bono por correo y liquida según sus condiciones.</p>
      <div className="admin-form-grid">
        <AdminField label="Tour" error={fields['tourId']}>
          {(props) => (
            <select {...props} value={form.tourId} onChange={(e) => void chooseTour(e.target.value)}>
              <option value="">Elige un tour</option>
              {tours.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminField label="Salida" error={fields['periodId']}>
          {(props) => (
            <select {...props} value={form.periodId} disabled={!form.tourId || loading} onChange={(e) => void choosePeriod(e.target.value)}>
              <option value="">{loading ? 'Cargando salidas…' : 'Elige una salida'}</option>
              {periods.map((p) => (
                <option key={p.id} value={p.id}>
                  {shortDay(p.dayOne)} – {shortDay(p.returnDate)} ({p.onSale} plazas)
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminField label="Vuelo" error={fields['flightId']}>
          {(props) => (
            <select {...props} value={form.flightId} disabled={!options} onChange={(e) => setSaleField('flightId', e.target.value)}>
              <option value="">Sin vuelo</option>
              {options?.flights.map((f) => (
                <option key={f.id} value={f.id} disabled={f.onSale === 0}>
                  {f.name}
                  {f.onSale === 0 ? ' (completo)' : ''}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminField label="Habitación" error={fields['roomId']}>
          {(props) => (
            <select {...props} value={form.roomId} disabled={!options?.rooms.length} onChange={(e) => setSaleField('roomId', e.target.value)}>
              <option value="">La de la web por defecto</option>
              {options?.rooms.map((r) => (
                <option key={r.activityId} value={r.activityId}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        {text('adults', 'Adultos', 'number')}
        {text('children', 'Niños', 'number')}
      </div>
      {options?.activities.length ? (
        <fieldset className="admin-checks" aria-describedby={fields['activityIds'] ? 'venta-actividades-error' : undefined}>
          <legend>Actividades opcionales (para todos los viajeros)</legend>
          {options.activities.map((a) => (
            <label key={a.activityId}>
              <input type="checkbox" checked={form.activityIds.includes(a.activityId)} onChange={() => toggleSaleChoice('activityIds', a.activityId)} />{' '}
              {a.name}
            </label>
          ))}
          {fields['activityIds'] ? (
            <span className="admin-field__error" id="venta-actividades-error">
              {fields['activityIds']}
            </span>
          ) : null}
        </fieldset>
      ) : null}
      {options?.extras.length ? (
        <fieldset className="admin-checks" aria-describedby={fields['extraIds'] ? 'venta-extras-error' : undefined}>
          <legend>Extras (para toda la reserva)</legend>
          {options.extras.map((e) => (
            <label key={e.id}>
              <input type="checkbox" checked={form.extraIds.includes(e.id)} onChange={() => toggleSaleChoice('extraIds', e.id)} /> {e.name} ·{' '}
              {formatEuros(e.amountCents)} {EXTRA_BASIS_LABELS[e.basis]}
            </label>
          ))}
          {fields['extraIds'] ? (
            <span className="admin-field__error" id="venta-extras-error">
              {fields['extraIds']}
            </span>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Titular</legend>
        <div className="admin-form-grid">
          {text('name', 'Nombre')}
          {text('surname', 'Apellidos')}
          {text('email', 'Correo electrónico', 'email')}
          {text('phone', 'Teléfono', 'tel')}
        </div>
      </fieldset>
      <div className="admin-form-grid">
        {text('reference', 'Referencia de la agencia (opcional)')}
        {text('commissionPercent', 'Comisión (%)')}
      </div>
    </ConfirmDialog>
  );
}

/** The month before this one: the statement an agency usually asks for. */
const lastMonth = () => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
};

export function AgencySales({ retailerId }: { retailerId: string }) {
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const href = (kind: 'csv' | 'xlsx') => `/api/admin/retailers/${encodeURIComponent(retailerId)}/statement.${kind}?month=${month}`;
  return (
    <section className="admin-block" aria-labelledby="ventas-agencia">
      <h2 id="ventas-agencia" className="admin-section-title">
        Ventas de la agencia
      </h2>
      <p>
        <button type="button" className="button" onClick={() => void openAgencySale()}>
          Nueva reserva de agencia
        </button>
      </p>
      <div className="admin-inline-form">
        <TextField label="Liquidación del mes (AAAA-MM)" value={month} error={valid ? null : 'Escribe el mes como AAAA-MM.'} onChange={setMonth} />
        {valid ? (
          <>
            <a className="admin-button-secondary" href={href('csv')} download>
              Descargar CSV
            </a>
            <a className="admin-button-secondary" href={href('xlsx')} download>
              Descargar Excel
            </a>
          </>
        ) : null}
      </div>
      <SaleDialog />
    </section>
  );
}
