/**
 * Step 5 of the funnel, `/tour/{slug}/paga-tu-reserva/{bookingId}/{paymentID?}`: holds the seats while the
 * visitor pays (with a countdown), shows the server's price lines, the discount code, points, what to pay
 * and how, the pre-contractual information and the consents. Coming back with a `paymentID` means the
 * terminal did not complete that payment: the screen says so and the visitor tries again.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import type { Organiser } from '../../lib/organiser.ts';
import { $payScreen, $paymentSubmit, loadPayScreen } from '../../stores/payment.ts';
import { $paymentResult, loadPaymentResult } from '../../stores/payment-result.ts';
import CouponForm from './CouponForm.tsx';
import FunnelSteps from './FunnelSteps.tsx';
import HoldCountdown from './HoldCountdown.tsx';
import MendLink from './MendLink.tsx';
import PaidSoFar, { PaidInFull } from './PaidSummary.tsx';
import { confirmationPagePath } from './payment-paths.ts';
import PaymentForm from './PaymentForm.tsx';
import PriceSummary from './PriceSummary.tsx';
import SaveBudget from './SaveBudget.tsx';
import { stepPath } from '#shared/funnel-steps.ts';
import { useRouteParams } from './use-route-params.ts';
import './funnel.css';
import { pathTo } from '#shared/routes.ts';

export default function PayStep({ organiser }: { organiser: Organiser }) {
  const route = useRouteParams();
  const slug = route?.params['slug'] ?? '';
  const bookingId = route?.params['bookingId'] ?? null;
  const returnedPaymentId = route?.params['paymentID'] ?? null;

  useEffect(() => {
    if (bookingId) void loadPayScreen({ kind: 'booking', bookingId });
    // One read: the terminal has already answered by the time it sends the visitor back here.
    if (returnedPaymentId) void loadPaymentResult(returnedPaymentId, { poll: { attempts: 1, intervalMs: 0 } });
  }, [bookingId, returnedPaymentId]);

  if (!route) return <p role="status">Cargando tu reserva…</p>;
  return (
    <div className="funnel">
      <FunnelSteps current="pay" slug={slug} bookingId={bookingId} />
      {bookingId ? (
        <>
          {returnedPaymentId && <ReturnedPayment paymentId={returnedPaymentId} />}
          <PayStepBody slug={slug} bookingId={bookingId} organiser={organiser} />
        </>
      ) : (
        <p className="funnel__notice">
          Para pagar, empieza tu reserva en la <a href={pathTo('tour', { slug })}>ficha del viaje</a>.
        </p>
      )}
    </div>
  );
}

/** The payment that brought the visitor back: not completed (or, if it was after all, where to see it). */
function ReturnedPayment({ paymentId }: { paymentId: string }) {
  const state = useStore($paymentResult);
  if (state.phase === 'ready' && state.result.status === 'CONFIRMED') {
    return (
      <p className="funnel__notice" role="status">
        Ese pago se ha completado. <a href={confirmationPagePath(paymentId)}>Ver la confirmación</a>
      </p>
    );
  }
  return (
    <div className="funnel__error funnel-pay__failed" role="alert" data-testid="payment-not-completed">
      <p>
        <strong>El pago no se ha completado</strong> y no se ha hecho ningún cargo.
      </p>
      <p>Puedes intentarlo de nuevo con otra tarjeta o elegir otra forma de pago.</p>
    </div>
  );
}

function PayStepBody({ slug, bookingId, organiser }: { slug: string; bookingId: string; organiser: Organiser }) {
  const { phase, message, mend, options } = useStore($payScreen);
  const tourPath = pathTo('tour', { slug });

  if (phase === 'loading') return <p role="status">Cargando tu reserva…</p>;
  if (phase === 'not-found') {
    return (
      <div className="funnel__panel funnel-text" role="alert">
        <p className="funnel__error">{message}</p>
        <p>
          Si la reserva es tuya, <a href={pathTo('login', {}, { next: location.pathname })}>inicia sesión</a> o usa el enlace de pago de tu correo. También
          puedes <a href={tourPath}>volver al viaje</a>.
        </p>
      </div>
    );
  }
  if (phase === 'no-seats') {
    return (
      <div className="funnel__panel funnel-text" role="alert" data-testid="no-seats">
        <p className="funnel__error">{message}</p>
        <p>
          <MendLink mend={mend ?? 'tour'} slug={slug} bookingId={bookingId} />
        </p>
      </div>
    );
  }
  if (phase === 'error' || !options) {
    return (
      <div className="funnel__panel funnel-text" role="alert">
        <p className="funnel__error">{message}</p>
        <button type="button" className="button" onClick={() => void loadPayScreen({ kind: 'booking', bookingId })}>
          Volver a intentarlo
        </button>
      </div>
    );
  }
  return (
    <>
      <HoldCountdown passengersPath={stepPath('passengers', slug, bookingId)} />
      <div className="funnel__layout">
        <div className="funnel">
          {options.remainingCents === 0 ? <PaidInFull options={options} /> : <PayPanels options={options} organiser={organiser} />}
          <div className="funnel__actions">
            {options.status === 'IN_PROGRESS' && (
              <a className="funnel__back" href={stepPath('passengers', slug, bookingId)}>
                ← Volver a pasajeros
              </a>
            )}
          </div>
        </div>
        <PriceSummary quote={options.quote} travellerCount={options.travellerCount} extra={<SummaryExtra options={options} bookingId={bookingId} />} />
      </div>
    </>
  );
}

function PayPanels({ options, organiser }: { options: PaymentOptionsAnswer; organiser: Organiser }) {
  // Just chose a transfer: the form shows its instructions, and nothing else is to be done here.
  const transferStarted = useStore($paymentSubmit).status === 'transfer';
  const pendingTransfer = options.payments.find((payment) => payment.method === 'transfer' && payment.status === 'PENDING');
  if (transferStarted) return <PaymentForm options={options} organiser={organiser} />;
  return (
    <>
      {pendingTransfer && (
        <p className="funnel__notice">
          Tienes una transferencia de {formatEuros(pendingTransfer.amountCents)} pendiente de recibir.{' '}
          <a href={confirmationPagePath(pendingTransfer.id)}>Ver los datos de la transferencia</a>
        </p>
      )}
      {options.status === 'IN_PROGRESS' && <CouponForm coupon={options.quote.coupon} />}
      <PaymentForm options={options} organiser={organiser} />
    </>
  );
}

/** Under the price: what has been paid and what is still owed, and 'Guardar presupuesto' while in the funnel. */
function SummaryExtra({ options, bookingId }: { options: PaymentOptionsAnswer; bookingId: string }) {
  return (
    <>
      {options.paidCents > 0 && <PaidSoFar options={options} />}
      {options.status === 'IN_PROGRESS' && <SaveBudget bookingId={bookingId} />}
    </>
  );
}
