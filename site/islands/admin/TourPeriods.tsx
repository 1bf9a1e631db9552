/**
 * The tour's departures: dates, seats (sold, held by payments under way, on sale), web sale, source,
 * bookings, the price per age group, the flights, the campaigns and the optional activities with their prices; the dialogs that add or change one, remove one and set its
 * prices. What the shop refuses (seats under those sold, a departure with bookings) comes back with the
 * reason inside the dialog. Prices are set for the departure's supplement or for one of its activities.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { AGE_GROUPS, PERIOD_SOURCES } from '#shared/enums.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { TourEditorPeriod } from '#shared/schemas/tour-editor.ts';
import { PERIOD_SOURCE_LABELS } from '#shared/schemas/tour-editor-texts.ts';
import {
  $tourEditor,
  closeDialog,
  confirmRemovePeriod,
  openAddPeriod,
  openEditPeriod,
  openPeriodPrices,
  openPolicy,
  openRemovePeriod,
  setPeriodField,
  setPriceField,
  submitPeriod,
  submitPrices,
} from '../../stores/admin-tour-editor.ts';
import { ConfirmDialog, RemoveDialog, TextField, FieldError } from '../../staff-kit/ConfirmDialog.tsx';
import { CampaignDialogs, CampaignsCell } from './TourCampaigns.tsx';
import { FlightDialog, FlightsCell, NewFlightDialogs } from './TourFlights.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { TableFrame } from '../../staff-kit/TableFrame.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function PeriodRow({ period }: { period: TourEditorPeriod }) {
  const when = `${shortDay(period.dayOne)} – ${shortDay(period.returnDate)}`;
  return (
    <tr className={period.webBookable ? undefined : 'admin-row--muted'}>
      <th scope="row">
        {when}
        <small>{plural(period.numberOfDays, 'día', 'días')}</small>
        {period.paymentPolicy ? <small>Plazos de pago propios</small> : null}
      </th>
      <td data-label="Plazas">
        <div>
          {period.seats} plazas
          <small>
            {period.sold} vendidas{period.held ? `, ${period.held} apartadas` : ''}, {period.onSale} a la venta
          </small>
        </div>
      </td>
      <td data-label="En la web">{period.webBookable ? 'Sí' : 'No'}</td>
      <td data-label="Origen">{period.source ? PERIOD_SOURCE_LABELS[period.source] : 'Sin origen'}</td>
      <td data-label="Reservas">
        {period.bookings ? <a href={`/admin/bookings/${period.id}`}>{plural(period.bookings, 'reserva', 'reservas')}</a> : 'Ninguna'}
      </td>
      <td data-label="Suplemento">
        <ul className="admin-plain-list">
          {period.prices.map((p) => (
            <li key={p.ageGroupName}>
              {p.ageGroupName}: {formatEuros(p.valueCents)}
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Vuelos">
        <FlightsCell period={period} when={when} />
      </td>
      <td data-label="Campañas">
        <CampaignsCell period={period} when={when} />
      </td>
      <td data-label="Actividades">
        {period.optionalActivities.length ? (
          <ul className="admin-plain-list tour-editor__activities">
            {period.optionalActivities.map((a) => (
              <li key={a.id}>
                {a.name}: {a.prices.map((p) => `${p.ageGroupName} ${formatEuros(p.valueCents)}`).join(', ') || 'sin precio'}{' '}
                <button
                  type="button"
                  className="admin-button-secondary"
                  onClick={() => openPeriodPrices(period, a)}
                  aria-label={`Precios de «${a.name}» en la salida del ${when}`}
                >
                  Precio
                </button>
              </li>
            ))}
          </ul>
        ) : (
          'Ninguna'
        )}
      </td>
      <td data-label="Acciones">
        <div className="admin-row-actions">
          <button type="button" className="admin-button-secondary" onClick={() => openEditPeriod(period)} aria-label={`Editar la salida del ${when}`}>
            Editar
          </button>
          <button type="button" className="admin-button-secondary" onClick={() => openPeriodPrices(period)} aria-label={`Precios de la salida del ${when}`}>
            Precios
          </button>
          <button type="button" className="admin-button-secondary" onClick={() => openPolicy(period)} aria-label={`Plazos de pago de la salida del ${when}`}>
            Plazos
          </button>
          <button type="button" className="admin-button-secondary" onClick={() => openRemovePeriod(period)} aria-label={`Quitar la salida del ${when}`}>
            Quitar
          </button>
        </div>
      </td>
    </tr>
  );
}

function PeriodDialog() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind !== 'period') return null;
  const { form, errors, period } = dialog;
  const input = (name: 'dayOne' | 'returnDate' | 'seats', label: string, type: 'date' | 'number') => (
    <TextField label={label} type={type} value={form[name]} error={errors[name]} onChange={(value) => setPeriodField(name, value)} />
  );
  return (
    <ConfirmDialog
      title={period ? `Editar la salida del ${shortDay(period.dayOne)}` : 'Añadir salida'}
      error={dialog.error}
      sending={dialog.sending}
      confirm={period ? 'Guardar salida' : 'Añadir salida'}
      working="Guardando…"
      wide
      onConfirm={() => void submitPeriod()}
      onClose={closeDialog}
    >
      {period ? (
        <p>
          {period.sold} plazas vendidas{period.held ? ` y ${period.held} apartadas por pagos en curso` : ''}: no puede tener menos.
        </p>
      ) : null}
      <div className="admin-form-grid">
        {input('dayOne', 'Salida', 'date')}
        {input('returnDate', 'Vuelta', 'date')}
        {input('seats', 'Plazas en total', 'number')}
        <div className="admin-field">
          <label htmlFor="period-source">Origen</label>
          <select id="period-source" value={form.source} onChange={(e) => setPeriodField('source', e.target.value)}>
            <option value="">Sin origen</option>
            {PERIOD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {PERIOD_SOURCE_LABELS[s]}
              </option>
            ))}
          </select>
          <FieldError id="period-source-error" error={errors.source} />
        </div>
      </div>
      <fieldset className="admin-checks">
        <legend>Venta</legend>
        <label>
          <input type="checkbox" checked={form.webBookable} onChange={(e) => setPeriodField('webBookable', e.target.checked)} />
          Se puede reservar en la web
        </label>
      </fieldset>
    </ConfirmDialog>
  );
}

function RemovePeriodDialog() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind !== 'remove') return null;
  return (
    <RemoveDialog
      title={`Quitar la salida del ${shortDay(dialog.period.dayOne)}`}
      press={dialog}
      onConfirm={() => void confirmRemovePeriod()}
      onClose={closeDialog}
    >
      <p>La salida desaparece de la web y del tour. Una salida con reservas no se puede quitar: ciérrala a la venta.</p>
    </RemoveDialog>
  );
}

function PricesDialog() {
  const { dialog } = useStore($tourEditor);
  if (dialog?.kind !== 'prices') return null;
  return (
    <ConfirmDialog
      title={
        dialog.activity
          ? `Precios de «${dialog.activity.name}» (${shortDay(dialog.period.dayOne)})`
          : `Precios de la salida del ${shortDay(dialog.period.dayOne)}`
      }
      error={dialog.error}
      sending={dialog.sending}
      confirm="Guardar precios"
      working="Guardando…"
      onConfirm={() => void submitPrices()}
      onClose={closeDialog}
    >
      <p>
        {dialog.activity ? 'Precio por persona de la actividad, en euros.' : 'Suplemento por persona sobre el precio del tour, en euros.'} Las reservas ya
        hechas conservan su precio.
      </p>
      <div className="admin-form-grid">
        {AGE_GROUPS.map((group) => {
          const id = `price-${group}`;
          return (
            <div className="admin-field" key={group}>
              <label htmlFor={id}>{group} (€)</label>
              <input
                id={id}
                inputMode="decimal"
                value={dialog.form[group] ?? ''}
                aria-invalid={dialog.errors[group] ? true : undefined}
                aria-describedby={dialog.errors[group] ? `${id}-error` : undefined}
                onChange={(e) => setPriceField(group, e.target.value)}
              />
              <FieldError id={`${id}-error`} error={dialog.errors[group]} />
            </div>
          );
        })}
      </div>
    </ConfirmDialog>
  );
}

/** Today in Madrid, as the departures' dates are written. */
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

export function TourPeriods() {
  const { view } = useStore($tourEditor);
  // Departures already back are history: kept one press away so the ones staff work on come first.
  const [showPast, setShowPast] = useState(false);
  if (!view) return null;
  const today = madridToday();
  const past = view.periods.filter((p) => p.returnDate < today);
  const shown = showPast ? view.periods : view.periods.filter((p) => p.returnDate >= today);
  return (
    <section aria-labelledby="tour-periods-title" className="tour-editor__periods">
      <div className="admin-toolbar">
        <h2 id="tour-periods-title" className="admin-section-title">
          Salidas
        </h2>
        <button type="button" className="button" onClick={openAddPeriod}>
          Añadir salida
        </button>
      </div>
      {view.tour.prices.length ? (
        <p>Precio del tour: {view.tour.prices.map((p) => `${p.ageGroupName} ${formatEuros(p.valueCents)}`).join(' · ')}. Cada salida suma su suplemento.</p>
      ) : null}
      {past.length ? (
        <p>
          <button type="button" className="admin-button-secondary" aria-expanded={showPast} onClick={() => setShowPast(!showPast)}>
            {showPast ? 'Ocultar las salidas pasadas' : `Mostrar las salidas pasadas (${past.length})`}
          </button>
        </p>
      ) : null}
      {shown.length ? (
        <TableFrame label="Salidas del tour">
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">Salidas del tour, por fecha</caption>
            <thead>
              <tr>
                <th scope="col">Fechas</th>
                <th scope="col">Plazas</th>
                <th scope="col">En la web</th>
                <th scope="col">Origen</th>
                <th scope="col">Reservas</th>
                <th scope="col">Suplemento</th>
                <th scope="col">Vuelos</th>
                <th scope="col">Campañas</th>
                <th scope="col">Actividades opcionales</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <PeriodRow key={p.id} period={p} />
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <p>{view.periods.length ? 'Este tour no tiene salidas próximas.' : 'Este tour no tiene salidas todavía.'}</p>
      )}
      <PeriodDialog />
      <RemovePeriodDialog />
      <PricesDialog />
      <CampaignDialogs />
      <FlightDialog />
      <NewFlightDialogs />
    </section>
  );
}
