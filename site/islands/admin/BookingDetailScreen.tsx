/**
 * /admin/booking/{id}: everything about one booking — travellers, amounts, payments, transactions,
 * mails, the history of its states and of what staff did — and the actions its status allows, each
 * confirmed in a dialog (a reason where the action needs one) before it is sent.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { matchRoute } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import {
  BOOKING_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  EXTRA_BASIS_LABELS,
  INVOICE_KIND_LABELS,
  RECORD_STATUS_LABELS,
} from '#shared/schemas/labels.ts';
import {
  $bookingDesk,
  ACTION_TEXTS,
  closeAction,
  confirmAction,
  openAction,
  openBooking,
  openRefund,
  setAmount,
  setReason,
} from '../../stores/admin-booking.ts';
import { guarded } from '../SessionGuard.tsx';
import { ConfirmDialog, AdminField } from '../../staff-kit/ConfirmDialog.tsx';
import { DocumentsSection, ExtraActionButtons, ExtraDialogView, MailsToSend, TravellersTable } from './BookingExtras.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { moment, shortDay } from '../../staff-kit/format.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';
import './admin.css';

export default guarded('admin', Detail);

function Detail() {
  const { status, detail, message, done, dialog } = useStore($bookingDesk);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void openBooking(id);
  }, []);
  if (status === 'loading' && !detail) return <p role="status">Cargando…</p>;
  if (!detail) return <p role="alert">{message}</p>;
  const { booking } = detail;
  return (
    <>
      <header className="admin-booking__head">
        <p className="admin-booking__ref">
          Reserva <strong>{booking.differentId}</strong>
          {booking.tkId ? <> · tkId {booking.tkId}</> : null} <StatusBadge status={booking.status} />
        </p>
        <p>
          {booking.tourName}, salida del {shortDay(booking.dayOne)} al {shortDay(booking.returnDate)} ·{' '}
          <a href={`/admin/bookings/${booking.periodId}`}>Reservas de esta salida</a>
        </p>
      </header>
      <p role="status" className="admin-done">
        {done ?? ''}
      </p>

      <section className="admin-actions" aria-label="Acciones">
        {detail.allowed.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'cancel' || action === 'reject-review' ? 'admin-button-danger' : 'button'}
            onClick={() => openAction(action)}
          >
            {ACTION_TEXTS[action].button}
          </button>
        ))}
        <ExtraActionButtons detail={detail} />
      </section>
      <MailsToSend detail={detail} />
      {dialog ? <ActionDialog /> : null}
      <ExtraDialogView />

      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="titular">
          <h2 id="titular">Titular</h2>
          <dl className="admin-facts">
            <dt>Nombre</dt>
            <dd>{booking.leadName}</dd>
            <dt>Correo</dt>
            <dd>{booking.email ? <a href={`mailto:${booking.email}`}>{booking.email}</a> : '—'}</dd>
            <dt>Teléfono</dt>
            <dd>{booking.phone ? <a href={`tel:${booking.phone.replace(/\s/g, '')}`}>{booking.phone}</a> : '—'}</dd>
            <dt>Agencia</dt>
            <dd>{booking.retailerId && booking.retailerName ? <a href={`/admin/retailer/${booking.retailerId}`}>{booking.retailerName}</a> : '—'}</dd>
            <dt>Reservada</dt>
            <dd>{moment(booking.createdAt)}</dd>
          </dl>
        </section>
        <section className="admin-card" aria-labelledby="importes">
          <h2 id="importes">Importes</h2>
          <dl className="admin-facts">
            <dt>Total</dt>
            <dd>{formatEuros(booking.priceCents)}</dd>
            <dt>Pagado</dt>
            <dd>{formatEuros(booking.paidCents)}</dd>
            <dt>Pendiente</dt>
            <dd>{formatEuros(Math.max(0, booking.priceCents - booking.paidCents))}</dd>
            <dt>Cupón</dt>
            <dd>{booking.couponCode ?? '—'}</dd>
            <dt>Extras</dt>
            <dd>
              {booking.extras.length ? booking.extras.map((e) => `${e.name} (${formatEuros(e.amountCents)} ${EXTRA_BASIS_LABELS[e.basis]})`).join(', ') : '—'}
            </dd>
          </dl>
          {booking.deadlines.length > 0 ? (
            <>
              <h3>Plazos</h3>
              <ul className="admin-plain-list">
                {booking.deadlines.map((d) => (
                  <li key={d.date}>
                    {shortDay(d.date)}: {formatEuros(d.amountCents)}
                    {d.owedCents === 0 ? ' · pagado' : d.owedCents < d.amountCents ? ` · quedan ${formatEuros(d.owedCents)}` : ' · pendiente'}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>

      <TravellersTable detail={detail} />
      <section className="admin-block" aria-labelledby="pagos">
        <h2 id="pagos">Pagos</h2>
        {detail.payments.length === 0 ? (
          <p>Sin pagos.</p>
        ) : (
          <CellTable
            label="Pagos"
            head={['Pedido', 'Medio', 'Importe', 'Estado', 'Creado', 'Confirmado', 'Devuelto', 'Devolución']}
            keys={detail.payments.map((p) => p.id)}
            rows={detail.payments.map((p) => [
              p.orderNumber,
              <span key="method">
                {PAYMENT_METHOD_LABELS[p.method] ?? p.method}
                {p.reference ? <small>Ref. {p.reference}</small> : null}
                {p.recordedBy ? (
                  <small>
                    Registrado por {p.recordedBy}
                    {p.paidOn ? `, pagado el ${shortDay(p.paidOn)}` : ''}
                  </small>
                ) : null}
              </span>,
              formatEuros(p.amountCents),
              (PAYMENT_STATUS_LABELS[p.status] ?? p.status) + (p.reviewReason ? ` (${p.reviewReason})` : ''),
              moment(p.createdAt),
              moment(p.confirmedAt),
              p.refundedCents > 0 ? formatEuros(p.refundedCents) : '—',
              p.refundableCents > 0 ? (
                <button key="refund" type="button" className="admin-button-secondary" onClick={() => openRefund(p.id, p.refundableCents)}>
                  Devolver<span className="visually-hidden"> parte del pago {p.orderNumber}</span>
                </button>
              ) : (
                '—'
              ),
            ])}
          />
        )}
      </section>
      <Table
        id="facturas"
        title="Facturas"
        head={['Factura', 'Tipo', 'Fecha', 'Total', 'AEAT']}
        rows={detail.invoices.map((i) => [
          <a key="pdf" href={`/api/admin/invoices/${i.id}/invoice.pdf`} download>
            {i.invoiceNumber}
          </a>,
          `${INVOICE_KIND_LABELS[i.invoiceType]}${i.status === 'VOIDED' ? ' (anulada)' : ''}`,
          shortDay(i.issueDate),
          formatEuros(i.totalCents),
          i.recordStatus ? (RECORD_STATUS_LABELS[i.recordStatus as keyof typeof RECORD_STATUS_LABELS] ?? i.recordStatus) : '—',
        ])}
        empty="Sin facturas: se emiten con cada pago recibido."
      />
      <DocumentsSection detail={detail} />
      <Table
        id="movimientos"
        title="Movimientos"
        head={['Tipo', 'Concepto', 'Cantidad', 'Fecha']}
        rows={detail.transactions.map((t) => [
          t.type === 'DEBIT' ? 'Cargo' : 'Abono',
          t.kind === 'POINTS' ? 'Puntos' : 'Pago',
          t.kind === 'POINTS' ? `${t.amount} puntos` : formatEuros(t.amount),
          moment(t.createdAt),
        ])}
        empty="Sin movimientos."
      />
      <Table
        id="correos"
        title="Correos"
        head={['Tipo', 'Para', 'Asunto', 'Estado', 'Intentos', 'Enviado']}
        rows={detail.mails.map((m) => [m.type, m.to, m.subject, MAIL_STATUS[m.status] ?? m.status, String(m.attempts), moment(m.sentAt)])}
        empty="Sin correos."
      />
      <Table
        id="estados"
        title="Historial de estados"
        head={['Fecha', 'De', 'A', 'Quién', 'Motivo']}
        rows={detail.statusChanges.map((s) => [
          moment(s.createdAt),
          s.from ? BOOKING_STATUS_LABELS[s.from] : '—',
          BOOKING_STATUS_LABELS[s.to],
          s.by ?? '—',
          s.reason ?? '—',
        ])}
        empty="Sin cambios."
      />
      <Table
        id="acciones"
        title="Acciones del equipo"
        head={['Fecha', 'Quién', 'Acción', 'Motivo']}
        rows={detail.actions.map((a) => [
          moment(a.createdAt),
          a.actorEmail,
          ACTION_LABELS[a.action] ?? ACTION_TEXTS[a.action as keyof typeof ACTION_TEXTS]?.button ?? a.action,
          a.reason ?? '—',
        ])}
        empty="Nadie del equipo ha actuado sobre esta reserva."
      />
    </>
  );
}

/** How the history names what staff did (a refund with its amount is in 'Movimientos'). */
const ACTION_LABELS: Record<string, string> = {
  refund: 'Devolución',
  'refund-failed': 'Devolución rechazada por el banco',
  'mail:voucher': 'Bono de reserva enviado',
  'mail:documentation': 'Documentación del viaje enviada',
  'mail:documentation-eticket': 'Documentación con billetes enviada',
  'mail:payment-reminder': 'Recordatorio de pago enviado',
  'mail:budget': 'Presupuesto enviado',
  'notify-agency': 'Aviso enviado a la agencia',
  'edit-traveller': 'Datos de un viajero corregidos',
  'add-activity': 'Actividad opcional añadida',
  compensation: 'Compensación en puntos',
  'upload-document': 'Documento subido',
};

const MAIL_STATUS: Record<string, string> = { PENDING: 'En cola', SENDING: 'Enviando', SENT: 'Enviado', FAILED: 'No enviado' };

function Table({ id, title, head, rows, empty }: { id: string; title: string; head: string[]; rows: readonly (readonly ReactNode[])[]; empty: string }) {
  return (
    <section className="admin-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? <p>{empty}</p> : <CellTable label={title} head={head} rows={rows} />}
    </section>
  );
}

/** The confirmation of one status action or a refund, with the amount and the reason it needs. */
function ActionDialog() {
  const { dialog } = useStore($bookingDesk);
  if (!dialog) return null;
  const texts = ACTION_TEXTS[dialog.action];
  return (
    <ConfirmDialog
      title={dialog.action === 'refund' ? 'Devolver un pago' : texts.button}
      error={dialog.error}
      sending={dialog.sending}
      danger={dialog.action === 'cancel' || dialog.action === 'reject-review'}
      onConfirm={() => void confirmAction()}
      onClose={closeAction}
    >
      <p>{texts.question}</p>
      {dialog.action === 'refund' ? (
        <AdminField label="Importe a devolver (€)" error={dialog.amountError}>
          {(props) => <input {...props} name="amount" inputMode="decimal" value={dialog.amount} onChange={(e) => setAmount(e.target.value)} />}
        </AdminField>
      ) : null}
      {texts.needsReason ? (
        <AdminField label="Motivo" error={dialog.reasonError}>
          {(props) => <textarea {...props} name="reason" rows={3} value={dialog.reason} onChange={(e) => setReason(e.target.value)} />}
        </AdminField>
      ) : null}
    </ConfirmDialog>
  );
}
