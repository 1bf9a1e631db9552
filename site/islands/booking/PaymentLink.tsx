/**
 * `/paga-tu-reserva/{id}/{tkId}/{slug?}`: the link of the booking mails, to pay a booking's next amount
 * without signing in. The pair (booking id, tkId) is the capability; a wrong pair is 'No encontramos esa
 * reserva.' The payment itself is the pay step's form.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import type { Organiser } from '../../lib/organiser.ts';
import { $payScreen, loadPayScreen } from '../../stores/payment.ts';
import { formatMoment, methodLabel, PAYMENT_STATUS_LABELS } from './payment-labels.ts';
import PaidSoFar, { PaidInFull } from './PaidSummary.tsx';
import PaymentForm from './PaymentForm.tsx';
import { receiptsPagePath } from './payment-paths.ts';
import PriceSummary from './PriceSummary.tsx';
import { useRouteParams } from './use-route-params.ts';
import './funnel.css';
import { pathTo } from '#shared/routes.ts';

const NOT_FOUND = 'No encontramos esa reserva.';

export default function PaymentLink({ organiser }: { organiser: Organiser }) {
  const route = useRouteParams();
  const id = route?.params['id'] ?? null;
  const tkId = route?.params['tkId'] ?? null;
  const { phase, message, options } = useStore($payScreen);

  useEffect(() => {
    if (id && tkId) void loadPayScreen({ kind: 'link', bookingId: id, tkId });
  }, [id, tkId]);

  if (!route || phase === 'loading') return <p role="status">Cargando tu reserva…</p>;
  if (phase === 'not-found') {
    return (
      <div className="funnel__panel funnel-text" role="alert" data-testid="link-not-found">
        <p className="funnel__error">{NOT_FOUND}</p>
        <p>
          Revisa que el enlace sea el de tu correo, completo. Si tienes cuenta,{' '}
          <a href={pathTo('login', {}, { next: pathTo('profile-trips') })}>inicia sesión</a> para ver tus viajes, o <a href="/contacto">escríbenos</a> y te
          ayudamos.
        </p>
      </div>
    );
  }
  if (phase !== 'ready' || !options || !id || !tkId) {
    return (
      <div className="funnel__panel funnel-text" role="alert">
        <p className="funnel__error">{message}</p>
        {id && tkId && (
          <button type="button" className="button" onClick={() => void loadPayScreen({ kind: 'link', bookingId: id, tkId })}>
            Volver a intentarlo
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="funnel">
      <BookingHeading options={options} />
      <div className="funnel__layout">
        <div className="funnel">
          {options.remainingCents === 0 ? <PaidInFull options={options} /> : <PaymentForm options={options} organiser={organiser} />}
          <PaymentHistory options={options} />
        </div>
        <PriceSummary quote={options.quote} travellerCount={options.travellerCount} extra={<PaidSoFar options={options} />} />
      </div>
    </div>
  );
}

function BookingHeading({ options }: { options: PaymentOptionsAnswer }) {
  const { period } = options;
  const dates = period.returnDate ? formatDateRange({ from: period.dayOne, to: period.returnDate }) : `desde el ${formatSpanishDate({ date: period.dayOne })}`;
  return (
    <section className="funnel__panel funnel-text" aria-labelledby="enlace-reserva">
      <h2 id="enlace-reserva">{options.tour.name}</h2>
      <p>
        Salida {dates}. Reserva <strong>{options.tkId ?? options.differentId}</strong>.
      </p>
      <p className="funnel__hint">
        Pagado hasta hoy: {formatEuros(options.paidCents)} · Pendiente: {formatEuros(options.remainingCents)}
      </p>
    </section>
  );
}

/** The booking's earlier payments, newest first, and where to download their receipts. */
function PaymentHistory({ options }: { options: PaymentOptionsAnswer }) {
  if (options.payments.length === 0) return null;
  return (
    <section className="funnel__panel funnel-text" aria-labelledby="enlace-pagos">
      <h2 id="enlace-pagos">Pagos de esta reserva</h2>
      <ul className="funnel-list">
        {options.payments.map((payment) => (
          <li key={payment.id}>
            <span>
              {formatMoment(payment.createdAt)} · {methodLabel(payment.method)} · {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
            </span>
            <strong>{formatEuros(payment.amountCents)}</strong>
          </li>
        ))}
      </ul>
      <p>
        <a href={receiptsPagePath(options.bookingId, options.tkId)}>Ver los recibos</a>
      </p>
    </section>
  );
}
