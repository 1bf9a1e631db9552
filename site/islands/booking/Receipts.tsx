/**
 * `/recibos-de-pago/{bookingId}` (`?tk=` from the booking mails): the booking's confirmed payments, each with
 * its receipt as a PDF. Shown to the owner, staff and whoever holds the tkId; anyone else reads why not and
 * how to get in.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { $receipts, loadReceipts } from '../../stores/payment-result.ts';
import { formatMoment, methodLabel } from './payment-labels.ts';
import { useRouteParams } from './use-route-params.ts';
import './funnel.css';
import { pathTo } from '#shared/routes.ts';

export default function Receipts() {
  const route = useRouteParams();
  const bookingId = route?.params['bookingId'] ?? null;
  const tk = route?.query.get('tk') ?? null;
  const state = useStore($receipts);

  useEffect(() => {
    if (bookingId) void loadReceipts(bookingId, tk);
  }, [bookingId, tk]);

  if (!route || state.phase === 'loading') return <p role="status">Cargando los recibos…</p>;
  if (state.phase === 'not-found') {
    const next = `${location.pathname}${location.search}`;
    return (
      <div className="funnel__panel funnel-text" role="alert" data-testid="receipts-not-found">
        <p className="funnel__error">No podemos mostrarte los recibos de esta reserva.</p>
        {state.signedIn ? (
          <p>
            Esta reserva no está en tu cuenta. Consulta <a href="/perfil/viajes">tus viajes</a> o abre el enlace de los recibos de tu correo.
          </p>
        ) : (
          <p>
            Si la reserva es tuya, <a href={pathTo('login', {}, { next })}>inicia sesión</a> o abre el enlace de los recibos del correo de confirmación.
          </p>
        )}
      </div>
    );
  }
  if (state.phase === 'error') {
    return (
      <div className="funnel__panel funnel-text" role="alert">
        <p className="funnel__error">{state.message}</p>
        {bookingId && (
          <button type="button" className="button" onClick={() => void loadReceipts(bookingId, tk)}>
            Volver a intentarlo
          </button>
        )}
      </div>
    );
  }

  const { receipts } = state;
  return (
    <section className="funnel__panel funnel-text" aria-labelledby="recibos-viaje">
      <h2 id="recibos-viaje">{receipts.tourName}</h2>
      {receipts.tkId && (
        <p>
          Localizador: <strong>{receipts.tkId}</strong>
        </p>
      )}
      {receipts.receipts.length === 0 ? (
        <p>Esta reserva aún no tiene pagos confirmados. Los recibos aparecen aquí en cuanto se confirma cada pago.</p>
      ) : (
        <ul className="funnel-list" data-testid="receipts">
          {receipts.receipts.map((receipt) => {
            const label = `${formatMoment(receipt.confirmedAt)} · ${methodLabel(receipt.method)}`;
            return (
              <li key={receipt.paymentId}>
                <span>
                  {label} · <strong>{formatEuros(receipt.amountCents)}</strong>
                </span>
                <a href={receipt.url} download>
                  Descargar recibo
                  <span className="visually-hidden">
                    {' '}
                    del pago de {formatEuros(receipt.amountCents)} del {formatMoment(receipt.confirmedAt)}
                  </span>{' '}
                  (PDF)
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
