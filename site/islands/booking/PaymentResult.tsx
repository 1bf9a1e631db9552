/**
 * The result of one payment, as the API records it (never as the address says): `/confirmacion/{paymentID}`,
 * where the terminal sends the visitor back, and `/payment/{bookingID}/{paymentID}`. Confirmed: the booking's
 * reference, trip and amounts, the voucher mail, the receipt. Failed: why and a way back to pay. A transfer:
 * the account to pay into. Without a payment in the address (`/payment`) the page's own text shows instead.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { PaymentResultAnswer } from '#shared/schemas/payments.ts';
import { $paymentResult, loadPaymentResult } from '../../stores/payment-result.ts';
import { methodLabel } from './payment-labels.ts';
import { payLinkPath, receiptPdfPath, receiptsPagePath } from './payment-paths.ts';
import { stepPath } from '#shared/funnel-steps.ts';
import TransferInstructions from './TransferInstructions.tsx';
import { useRouteParams } from './use-route-params.ts';
import './funnel.css';
import { pathTo } from '#shared/routes.ts';

export default function PaymentResult({ children }: { children?: ReactNode }) {
  const route = useRouteParams();
  const paymentId = route?.params['paymentID'] ?? null;
  useEffect(() => {
    if (paymentId) void loadPaymentResult(paymentId);
  }, [paymentId]);

  if (!route) return <p role="status">Comprobando tu pago…</p>;
  if (!paymentId) return <>{children}</>;
  return <ResultView paymentId={paymentId} bookingId={route.params['bookingID'] ?? null} />;
}

/** `bookingId`: the booking the address names (/payment/{bookingID}/{paymentID}); a payment of another one is not shown. */
function ResultView({ paymentId, bookingId }: { paymentId: string; bookingId: string | null }) {
  const loaded = useStore($paymentResult);
  const state: typeof loaded =
    loaded.phase === 'ready' && bookingId !== null && loaded.result.booking.id !== bookingId
      ? { phase: 'not-found', message: 'No encontramos ese pago.' }
      : loaded;
  const heading = useRef<HTMLHeadingElement>(null);
  const key = state.phase === 'ready' ? `${state.result.status}:${state.checking}` : state.phase;
  // The outcome replaces 'Comprobando…': focus its heading so it is read out.
  useEffect(() => {
    if (key !== 'loading') heading.current?.focus();
  }, [key]);

  if (state.phase === 'loading') return <p role="status">Comprobando tu pago…</p>;
  if (state.phase === 'not-found' || state.phase === 'error') {
    return (
      <section className="funnel__panel funnel-result" aria-labelledby="resultado-titulo">
        <h2 id="resultado-titulo" ref={heading} tabIndex={-1}>
          {state.phase === 'not-found' ? 'No encontramos ese pago' : 'No hemos podido comprobar tu pago'}
        </h2>
        <p className="funnel__error">{state.message}</p>
        {state.phase === 'error' && (
          <button type="button" className="button" onClick={() => void loadPaymentResult(paymentId)}>
            Volver a intentarlo
          </button>
        )}
        <p>
          Si has pagado, recibirás la confirmación por correo. ¿Dudas? <a href="/contacto">Escríbenos</a>.
        </p>
      </section>
    );
  }

  const { result, checking } = state;
  const title = titleOf(result, checking);
  return (
    <section
      className={`funnel__panel funnel-result funnel-result--${result.status.toLowerCase()}`}
      aria-labelledby="resultado-titulo"
      data-testid="payment-result"
    >
      <h2 id="resultado-titulo" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <Outcome result={result} checking={checking} paymentId={paymentId} />
      <BookingFacts result={result} />
    </section>
  );
}

function titleOf(result: PaymentResultAnswer, checking: boolean): string {
  switch (result.status) {
    case 'CONFIRMED':
      return '¡Reserva confirmada!';
    case 'FAILED':
    case 'CANCELED':
      return 'El pago no se ha completado';
    case 'REVIEW':
      return 'Tu pago está en revisión';
    case 'PENDING':
      if (result.transfer) return 'Reserva pendiente de la transferencia';
      return checking ? 'Comprobando tu pago…' : 'Aún no tenemos la confirmación del banco';
  }
}

/** Where to try again: the pay link once the booking has a tkId and is past the funnel, else the pay step. */
function retryPath(result: PaymentResultAnswer, paymentId: string): string {
  const { booking } = result;
  if (booking.tkId && booking.status !== 'IN_PROGRESS') return payLinkPath({ bookingId: booking.id, tkId: booking.tkId, slug: booking.tourSlug });
  return `${stepPath('pay', booking.tourSlug, booking.id)}/${encodeURIComponent(paymentId)}`;
}

function Outcome({ result, checking, paymentId }: { result: PaymentResultAnswer; checking: boolean; paymentId: string }) {
  const { booking } = result;
  switch (result.status) {
    case 'CONFIRMED':
      return (
        <>
          <p>
            Gracias, {booking.leadName}. Hemos recibido tu pago de <strong>{formatEuros(result.amountCents)}</strong> ({methodLabel(result.method)}).
          </p>
          {booking.tkId && (
            <p className="funnel-result__reference">
              Localizador de tu reserva: <strong data-testid="tk-id">{booking.tkId}</strong>
            </p>
          )}
          <p>
            Te hemos enviado el bono de la reserva a <strong>{booking.leadEmail}</strong>. Si no lo ves, mira en la carpeta de correo no deseado.
          </p>
          <div className="funnel-result__actions">
            <a className="button" href={receiptPdfPath({ bookingId: booking.id, paymentId: result.paymentId, tkId: booking.tkId })} download>
              Descargar el recibo (PDF)
            </a>
            <a href={receiptsPagePath(booking.id, booking.tkId)}>Todos los recibos</a>
            <a href="/perfil/viajes">Ver mis viajes</a>
          </div>
          {booking.remainingCents > 0 && booking.tkId && (
            <p className="funnel__notice">
              Te quedan {formatEuros(booking.remainingCents)} por pagar en los plazos de tu reserva; te avisaremos por correo.{' '}
              <a href={retryPath(result, paymentId)}>Pagar ahora el resto</a>
            </p>
          )}
        </>
      );
    case 'FAILED':
    case 'CANCELED':
      return (
        <>
          <p className="funnel__error">El banco no ha aceptado el pago de {formatEuros(result.amountCents)} y no se ha hecho ningún cargo.</p>
          <p>Puedes intentarlo otra vez con otra tarjeta o con otra forma de pago.</p>
          <div className="funnel-result__actions">
            <a className="button" href={retryPath(result, paymentId)}>
              Volver a intentar el pago
            </a>
          </div>
        </>
      );
    case 'REVIEW':
      return (
        <p>
          Estamos revisando tu pago de {formatEuros(result.amountCents)}. Te escribiremos a {booking.leadEmail} en cuanto esté confirmado.
        </p>
      );
    case 'PENDING':
      if (result.transfer) return <TransferInstructions transfer={result.transfer} amountCents={result.amountCents} />;
      if (checking) return <p role="status">Estamos esperando la confirmación del banco. Solo tarda unos segundos.</p>;
      return (
        <>
          <p>
            El banco todavía no nos ha confirmado tu pago de {formatEuros(result.amountCents)}. Si lo has completado, recibirás la confirmación por correo en
            unos minutos.
          </p>
          <div className="funnel-result__actions">
            <button type="button" className="button" onClick={() => void loadPaymentResult(paymentId)}>
              Comprobar de nuevo
            </button>
            <a href={retryPath(result, paymentId)}>Volver al pago</a>
          </div>
        </>
      );
  }
}

function BookingFacts({ result }: { result: PaymentResultAnswer }) {
  const { booking } = result;
  return (
    <dl className="funnel-result__facts">
      <dt>Viaje</dt>
      <dd>
        <a href={pathTo('tour', { slug: booking.tourSlug })}>{booking.tourName}</a>
      </dd>
      <dt>Salida</dt>
      <dd>{formatSpanishDate({ date: booking.dayOne })}</dd>
      <dt>Viajero principal</dt>
      <dd>{booking.leadName}</dd>
      <dt>Viajeros</dt>
      <dd>{booking.travellerCount}</dd>
      <dt>Total del viaje</dt>
      <dd>{formatEuros(booking.totalCents)}</dd>
      <dt>Pagado</dt>
      <dd data-testid="paid">{formatEuros(booking.paidCents)}</dd>
      <dt>Pendiente</dt>
      <dd data-testid="remaining">{formatEuros(booking.remainingCents)}</dd>
    </dl>
  );
}
