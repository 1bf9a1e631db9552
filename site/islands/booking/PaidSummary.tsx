/** What a booking has paid and still owes, under the price, and the panel that replaces the form once nothing is owed. */
import { formatEuros } from '#shared/rules/money.ts';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import { receiptsPagePath } from './payment-paths.ts';

export default function PaidSoFar({ options }: { options: Pick<PaymentOptionsAnswer, 'paidCents' | 'remainingCents'> }) {
  return (
    <dl className="funnel-summary__paid">
      <dt>Pagado</dt>
      <dd>{formatEuros(options.paidCents)}</dd>
      <dt>Pendiente</dt>
      <dd>{formatEuros(options.remainingCents)}</dd>
    </dl>
  );
}

export function PaidInFull({ options }: { options: Pick<PaymentOptionsAnswer, 'bookingId' | 'tkId'> }) {
  return (
    <div className="funnel__panel funnel-text">
      <h2>Tu reserva está pagada</h2>
      <p>No queda nada por pagar. Gracias.</p>
      <p>
        <a href={receiptsPagePath(options.bookingId, options.tkId)}>Ver los recibos de pago</a>
      </p>
    </div>
  );
}
