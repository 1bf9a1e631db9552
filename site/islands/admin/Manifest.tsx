/**
 * A departure's passenger manifest (on /admin/bookings/{periodId}): seats, downloads, its notices, and the
 * list that prints on its own.
 */
import { formatEuros } from '#shared/rules/money.ts';
import { BOOKING_STATUS_LABELS, type PeriodManifest } from '#shared/schemas/backoffice.ts';
import { counted, shortDay } from '../../staff-kit/format.ts';
import { TableFrame } from '../../staff-kit/TableFrame.tsx';
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
        <TableFrame label="Manifiesto de pasajeros">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                {['Viajero', 'Documento', 'Nacimiento', 'Grupo', 'Habitación', 'Vuelo', 'Actividades', 'Seguro', 'Reserva', 'Pagado', 'Pendiente'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a traveller's id is unique only within its booking.
                <tr key={`${r.bookingId}-${i}`}>
                  <td data-label="Viajero">
                    <div>
                      {r.name} {r.surname}
                      {r.lead ? <small>Titular</small> : null}
                    </div>
                  </td>
                  <td data-label="Documento">{r.document ?? 'Falta'}</td>
                  <td data-label="Nacimiento">{r.birthdate ? shortDay(r.birthdate) : 'Falta'}</td>
                  <td data-label="Grupo">{r.ageGroup}</td>
                  <td data-label="Habitación">
                    <div>
                      {r.room ?? '—'}
                      {r.roommates.length > 0 ? <small>Con {r.roommates.join(', ')}</small> : null}
                    </div>
                  </td>
                  <td data-label="Vuelo">{r.flight ?? '—'}</td>
                  <td data-label="Actividades">{r.activities.join(', ') || '—'}</td>
                  <td data-label="Seguro">{r.insurance.join(', ') || 'No'}</td>
                  <td data-label="Reserva">
                    <div>
                      <a href={`/admin/booking/${r.bookingId}`}>{r.differentId}</a>
                      <small>{BOOKING_STATUS_LABELS[r.status]}</small>
                    </div>
                  </td>
                  <td data-label="Pagado">{formatEuros(r.paidCents)}</td>
                  <td data-label="Pendiente">{formatEuros(r.dueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
