/**
 * The notifications of one departure, under its manifest: what to send (documentation, with tickets, or a
 * payment reminder at a percentage) and to whom (every booking, or the ones ticked), confirmed first.
 */
import { useStore } from '@nanostores/react';
import { PERIOD_NOTICE_LABELS, type PeriodNotice } from '#shared/schemas/booking-desk.ts';
import type { PeriodManifest } from '#shared/schemas/backoffice.ts';
import {
  $periodNotices,
  askToSend,
  cancelSend,
  noticeSummary,
  sendNotice,
  setAudience,
  setNotice,
  setPercent,
  toggleChosen,
} from '../../stores/admin-period-notices.ts';
import { ConfirmDialog, AdminField } from '../../staff-kit/ConfirmDialog.tsx';

export function PeriodNotices({ manifest }: { manifest: PeriodManifest }) {
  const state = useStore($periodNotices);
  // One entry per booking of the manifest, named by its reference and its lead traveller.
  const bookings = [...new Map(manifest.rows.map((r) => [r.bookingId, r])).values()].map((r) => {
    const lead = manifest.rows.find((x) => x.bookingId === r.bookingId && x.lead) ?? r;
    return { id: r.bookingId, label: `${r.differentId} · ${`${lead.name} ${lead.surname}`.trim()}` };
  });
  const count = state.to === 'all' ? bookings.length : state.chosen.length;
  return (
    <section className="admin-card admin-notices" aria-labelledby="avisos">
      <h2 id="avisos">Avisos a los viajeros de esta salida</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          askToSend();
        }}
      >
        <div className="admin-form-grid">
          <AdminField label="Qué enviar">
            {(props) => (
              <select {...props} value={state.notice} onChange={(e) => setNotice(e.target.value as PeriodNotice)}>
                {Object.entries(PERIOD_NOTICE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
          {state.notice === 'payment-reminder' ? (
            <AdminField label="Hasta qué porcentaje del precio (%)" error={state.fields['percent']}>
              {(props) => <input {...props} name="percent" inputMode="numeric" value={state.percent} onChange={(e) => setPercent(e.target.value)} />}
            </AdminField>
          ) : null}
        </div>
        <fieldset className="admin-checks">
          <legend>A quién</legend>
          <label>
            <input type="radio" name="audience" checked={state.to === 'all'} onChange={() => setAudience('all')} /> A todas las reservas de la salida (
            {bookings.length})
          </label>
          <label>
            <input type="radio" name="audience" checked={state.to === 'chosen'} onChange={() => setAudience('chosen')} /> Solo a las reservas que elija
          </label>
        </fieldset>
        {state.to === 'chosen' ? (
          <fieldset className="admin-checks" aria-describedby={state.fields['bookingIds'] ? 'avisos-reservas-error' : undefined}>
            <legend>Reservas</legend>
            {bookings.map((b) => (
              <label key={b.id}>
                <input type="checkbox" checked={state.chosen.includes(b.id)} onChange={() => toggleChosen(b.id)} /> {b.label}
              </label>
            ))}
            {state.fields['bookingIds'] ? (
              <span className="admin-field__error" id="avisos-reservas-error">
                {state.fields['bookingIds']}
              </span>
            ) : null}
          </fieldset>
        ) : null}
        <p>
          <button type="submit" className="button" disabled={bookings.length === 0}>
            Enviar aviso
          </button>
        </p>
      </form>
      <div role="status">
        {state.result ? (
          <>
            <p>
              {state.result.applied
                ? `Aviso enviado a ${state.result.sent} ${state.result.sent === 1 ? 'reserva' : 'reservas'}.`
                : 'Este aviso ya se había enviado: no se ha vuelto a enviar.'}
            </p>
            {state.result.skipped.length > 0 ? (
              <ul className="admin-plain-list">
                {state.result.skipped.map((s) => (
                  <li key={s.bookingId}>
                    No se envió a {s.reference}: {s.why}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      {state.confirming ? (
        <ConfirmDialog
          title="Enviar el aviso"
          confirm="Enviar"
          error={state.error}
          sending={state.sending}
          onConfirm={() => void sendNotice(manifest.period.id)}
          onClose={cancelSend}
        >
          <p>
            Se enviará «{noticeSummary(state)}» a {count} {count === 1 ? 'reserva' : 'reservas'}. Las que no puedan recibirlo (sin correo, sin nada pendiente)
            se listarán aparte.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
