/** The link to where the visitor changes what the server refused (`whereToMend` in the payment store). */
import type { Mend } from '../../stores/payment.ts';
import { stepPath } from '#shared/funnel-steps.ts';
import { pathTo } from '#shared/routes.ts';

const LABELS: Record<Mend, string> = {
  tour: 'Volver al viaje para elegir otra salida o cambiar el número de viajeros',
  flights: 'Elegir otro vuelo',
  customise: 'Cambiar las habitaciones o las actividades',
  passengers: 'Completar los datos de los pasajeros',
};

export default function MendLink({ mend, slug, bookingId }: { mend: Mend | null; slug: string; bookingId: string }) {
  if (mend === null) return null;
  const href = mend === 'tour' ? pathTo('tour', { slug }) : stepPath(mend, slug, bookingId);
  return <a href={href}>{LABELS[mend]}</a>;
}
