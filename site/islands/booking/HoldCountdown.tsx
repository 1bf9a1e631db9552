/**
 * How long the seats are kept for the visitor while they pay: the time they go back on sale and a live
 * countdown. The countdown is a `timer` that is not announced every second; a polite status line speaks only
 * when 5 minutes and 1 minute are left, and when the time is up (then the seats can be held again).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMadridDateTime } from '#shared/rules/dates.ts';
import { $payScreen, holdBookingSeats } from '../../stores/payment.ts';

/** Minutes left at which the status line speaks up. */
const ANNOUNCE_AT_MINUTES = [5, 1] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

function announcementFor(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'El tiempo para pagar ha terminado: tus plazas han vuelto a la venta.';
  const minutes = ANNOUNCE_AT_MINUTES.find((m) => secondsLeft <= m * 60);
  if (minutes === undefined) return '';
  return minutes === 1
    ? 'Queda 1 minuto para pagar antes de que tus plazas vuelvan a la venta.'
    : `Quedan ${minutes} minutos para pagar antes de que tus plazas vuelvan a la venta.`;
}

export default function HoldCountdown({ passengersPath }: { passengersPath: string }) {
  const { hold } = useStore($payScreen);
  const expiresAt = hold.status === 'held' ? hold.expiresAt : null;
  const [now, setNow] = useState(() => Date.now());
  const [ranOutAt, setRanOutAt] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  if (hold.status === 'none') return null;
  if (hold.status === 'holding') {
    // Held again: a hold that was still live on the server comes back with the same deadline, and counts anew.
    if (ranOutAt !== null) setRanOutAt(null);
    return (
      <p className="funnel-hold" role="status">
        Reservando tus plazas…
      </p>
    );
  }
  if (hold.status === 'failed') {
    return (
      <div className="funnel-hold funnel-hold--failed" role="alert">
        <p>{hold.message}</p>
        {hold.incomplete ? (
          <a className="button button--secondary" href={passengersPath}>
            Completar los datos de los pasajeros
          </a>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => void holdBookingSeats()}>
            Volver a intentarlo
          </button>
        )}
      </div>
    );
  }

  const counted = Math.max(0, Math.ceil((Date.parse(hold.expiresAt) - now) / 1000));
  // Once a hold has run out it stays run out, even if the device's clock is then set back: the visitor was
  // told the seats went back on sale, and the button to hold them again must not vanish under their finger.
  if (counted === 0 && ranOutAt !== hold.expiresAt) setRanOutAt(hold.expiresAt);
  const expired = counted === 0 || ranOutAt === hold.expiresAt;
  const secondsLeft = expired ? 0 : counted;
  const until = formatMadridDateTime(hold.expiresAt).time;
  return (
    <section className={`funnel-hold${expired ? ' funnel-hold--expired' : ''}`} aria-label="Plazas guardadas" data-testid="hold-countdown">
      {expired ? (
        <>
          <p>
            <strong>El tiempo para pagar ha terminado</strong> y tus plazas han vuelto a la venta. Puedes volver a guardarlas si siguen libres.
          </p>
          <button type="button" className="button button--secondary" onClick={() => void holdBookingSeats()}>
            Volver a guardar mis plazas
          </button>
        </>
      ) : (
        <p>
          Te guardamos las plazas hasta las <strong>{until}</strong>.{' '}
          <span role="timer" aria-live="off" aria-atomic="true" className="funnel-hold__clock">
            Quedan {Math.floor(secondsLeft / 60)}:{twoDigits(secondsLeft % 60)} min
          </span>
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcementFor(secondsLeft)}
      </p>
    </section>
  );
}
