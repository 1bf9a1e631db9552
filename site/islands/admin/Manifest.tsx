/**
 * A departure's passenger manifest (on /admin/bookings/{periodId}): seats, downloads, its notices, and the
 * list that prints on its own.
 */
import { formatEuros } from '#shared/rules/money.ts';
import type { PeriodManifest } from '#shared/schemas/backoffice.ts';
import { BOOKING_STATUS_LABELS } from '#shared/schemas/labels.ts';
import { counted, shortDay } from '../../staff-kit/format.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import { PeriodNotices } from './PeriodNotices.tsx';

/** The departure's passenger manifest: seats, downloads, and the list that prints on its own. */
export function Manifest({ manifest }: { manifest: PeriodManifest }) {
  const { period, rows } = manifest;
  const base = `/api/admin/periods/${encodeURIComponent(period.id)}/manifest`;
  return (
    <section className="admin-manifest" aria-labelledby="manifiesto">
      <h2 id="manifiesto" className="admin-section-title">
        Manifiesto de pasajeros
      </h2>
      <p className="admin-manifest__trip">
        {period.tourName}: salida el {shortDay(period.dayOne)}, regreso el {shortDay(period.returnDate)}.
      </p>
      <p>
        <meter min={0} max={Math.max(period.capacity, 1)} value={period.sold + period.held} aria-label="Plazas ocupadas" />{' '}
        <strong>
          {period.sold} de {period.capacity} plazas vendidas
        </strong>
        {period.held > 0 ? ` y ${period.held} retenidas (pagos en curso)` : ''} · {counted(rows.length, 'viajero', 'viajeros')} en el manifiesto
      </p>
      <div className="admin-manifest__actions">
        <a className="admin-button-secondary" href={`${base}.csv`} download>
          Descargar CSV
        </a>
        <a className="admin-button-secondary" href={`${base}.xlsx`} download>
          Descargar Excel
        </a>
        <button type="button" className="admin-button-secondary" onClick={() => window.print()}>
          Imprimir
        </button>
      </div>
      <PeriodNotices manifest={manifest} />
      {rows.length === 0 ? (
        <p>Todavía no hay viajeros confirmados en esta salida.</p>
      ) : (
        <CellTable
          label="Manifiesto de pasajeros"
          head={['Viajero', 'Documento', 'Nacimiento', 'Grupo', 'Habitación', 'Vuelo', 'Actividades', 'Seguro', 'Reserva', 'Pagado', 'Pendiente']}
          // A traveller's id is unique only within its booking.
          keys={rows.map((r, i) => `${r.bookingId}-${i}`)}
          rows={rows.map((r) => [
            <>
              {r.name} {r.surname}
              {r.lead ? <small>Titular</small> : null}
            </>,
            r.document ?? 'Falta',
            r.birthdate ? shortDay(r.birthdate) : 'Falta',
            r.ageGroup,
            <>
              {r.room ?? '—'}
              {r.roommates.length > 0 ? <small>Con {r.roommates.join(', ')}</small> : null}
            </>,
            r.flight ?? '—',
            r.activities.join(', ') || '—',
            r.insurance.join(', ') || 'No',
            <>
              <a href={`/admin/booking/${r.bookingId}`}>{r.differentId}</a>
              <small>{BOOKING_STATUS_LABELS[r.status]}</small>
            </>,
            formatEuros(r.paidCents),
            formatEuros(r.dueCents),
          ])}
        />
      )}
    </section>
  );
}
