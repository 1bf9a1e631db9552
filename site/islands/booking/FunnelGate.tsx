/** What a step shows instead of its form while loading, for an unknown booking, or for one already paid. */
import type { ReactNode } from 'react';
import type { BookingView } from '../../stores/booking.ts';
import { pathTo } from '#shared/routes.ts';

/** A booking in progress opens only in the browser that made it, for its account, or from the budget mail. */
const NOT_HERE =
  'No encontramos esa reserva en este navegador. Si la empezaste en otro dispositivo, abre el enlace del presupuesto que te enviamos por correo o inicia sesión con tu cuenta.';

export default function FunnelGate({
  loading,
  error,
  view,
  children,
}: {
  loading: boolean;
  error: { status: number; message: string; fromLink?: boolean } | null;
  view: BookingView | null;
  children: ReactNode;
}) {
  if (loading) return <p role="status">Cargando tu reserva…</p>;
  if (error || !view) {
    return (
      <div className="funnel__panel">
        <p className="funnel__error" role="alert">
          {error?.status === 404 && !error.fromLink ? NOT_HERE : (error?.message ?? 'No encontramos esa reserva.')}
        </p>
        <p>
          <a href="/viajes">Ver todos los viajes</a> · <a href="/contacto">Contactar con nosotros</a>
        </p>
      </div>
    );
  }
  if (view.status !== 'IN_PROGRESS') {
    return (
      <div className="funnel__panel">
        <p className="funnel__notice" role="status">
          {view.status === 'CANCELED'
            ? 'Esta reserva está cancelada.'
            : view.status === 'WAITING_FOR_TRANSFER'
              ? 'Esta reserva está pendiente de recibir tu transferencia. Ya no se puede modificar desde aquí.'
              : 'Esta reserva ya está confirmada y no se puede modificar desde aquí.'}
        </p>
        <p>
          <a href={pathTo('profile-trips')}>Ver mis viajes</a> · <a href={pathTo('receipts', { bookingId: view.id })}>Recibos de pago</a>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
