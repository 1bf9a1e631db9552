/**
 * An agency's bookings on its page, newest first, page by page: each opens on the bookings desk, and
 * 'Enviar aviso' sends the agency that booking's mail after a confirmation naming where it goes.
 */
import { useStore } from '@nanostores/react';
import { formatEuros } from '#shared/rules/money.ts';
import { pathTo } from '#shared/routes.ts';
import { $retailerScreen, askAgencyMail, cancelAgencyMail, confirmAgencyMail, loadBookings } from '../../stores/admin-retailer.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { counted, moment, shortDay } from '../../staff-kit/format.ts';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { CellTable } from '../../staff-kit/CellTable.tsx';

const HEADINGS = ['Reserva', 'Estado', 'Tour', 'Salida', 'Titular', 'Viajeros', 'Importe', 'Pagado', 'Aviso a la agencia'];

export function RetailerBookings() {
  const { id, bookings, bookingsMessage, detail, mailing } = useStore($retailerScreen);
  const pages = bookings ? Math.max(1, Math.ceil(bookings.total / bookings.pageSize)) : 1;
  const canMail = Boolean(detail?.agencyMailTo);
  return (
    <section aria-labelledby="reservas-agencia">
      <h2 id="reservas-agencia" className="admin-section-title">
        Reservas
      </h2>
      <p className="admin-count">
        {bookings ? counted(bookings.total, 'reserva', 'reservas') : 'Cargando…'}
        {bookings && bookings.total > 0 ? (
          <>
            {' · '}
            <a href={pathTo('admin-bookings', {}, { retailerId: id })}>Filtrarlas en el escritorio de reservas</a>
          </>
        ) : null}
      </p>
      {bookingsMessage ? (
        <p role="alert" className="admin-alert">
          {bookingsMessage}
        </p>
      ) : null}
      {!canMail && bookings && bookings.total > 0 ? <p>Para enviar avisos de reservas, añade un correo a la agencia.</p> : null}
      {bookings && bookings.rows.length > 0 ? (
        <CellTable
          label="Reservas de la agencia"
          caption={`Reservas de la agencia, página ${bookings.page}`}
          head={HEADINGS}
          keys={bookings.rows.map((b) => b.id)}
          rows={bookings.rows.map((b) => [
            <>
              <a href={pathTo('admin-booking', { id: b.id })}>{b.differentId}</a>
              {b.tkId ? <small>{b.tkId}</small> : null}
            </>,
            <StatusBadge key="status" status={b.status} />,
            b.tourName,
            shortDay(b.dayOne),
            <>
              {b.leadName}
              {b.email ? <small>{b.email}</small> : null}
            </>,
            b.travellers,
            formatEuros(b.priceCents),
            formatEuros(b.paidCents),
            <>
              <span>{b.agencyMailedAt ? `Enviado: ${moment(b.agencyMailedAt)}` : 'No enviado'}</span>
              {canMail ? (
                <button type="button" className="admin-button-secondary admin-button-small" onClick={() => askAgencyMail(b)}>
                  {b.agencyMailedAt ? 'Enviar de nuevo' : 'Enviar aviso'}
                  <span className="visually-hidden"> de la reserva {b.differentId}</span>
                </button>
              ) : null}
            </>,
          ])}
        />
      ) : bookings ? (
        <p>Esta agencia todavía no tiene reservas.</p>
      ) : null}
      {bookings && pages > 1 ? (
        <nav className="admin-pages" aria-label="Páginas de reservas">
          <button type="button" className="admin-button-secondary" disabled={bookings.page <= 1} onClick={() => void loadBookings(bookings.page - 1)}>
            Anterior
          </button>
          <span>
            Página {bookings.page} de {pages}
          </span>
          <button type="button" className="admin-button-secondary" disabled={bookings.page >= pages} onClick={() => void loadBookings(bookings.page + 1)}>
            Siguiente
          </button>
        </nav>
      ) : null}
      {mailing && detail ? (
        <ConfirmDialog
          title="Enviar aviso a la agencia"
          confirm="Enviar"
          working="Enviando…"
          error={mailing.error}
          sending={mailing.sending}
          onConfirm={() => void confirmAgencyMail()}
          onClose={cancelAgencyMail}
        >
          <p>
            Enviaremos a <strong>{detail.agencyMailTo}</strong> los datos de la reserva {mailing.booking.tkId ?? mailing.booking.differentId} (
            {mailing.booking.tourName}) tal como están ahora,{' '}
            {mailing.booking.status === 'CONFIRMED' ? 'con su bono de reserva en PDF.' : 'sin bono: irá cuando la reserva esté confirmada.'}
          </p>
          {mailing.booking.agencyMailedAt ? <p>Ya se le envió el {moment(mailing.booking.agencyMailedAt)}.</p> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
