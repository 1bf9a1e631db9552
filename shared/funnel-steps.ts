/**
 * The funnel's steps in order (DESIGN.md, Booking funnel): complete details → flights → customise →
 * passengers → pay. Every step has its own address carrying the booking id (a route of shared/routes.ts),
 * so a reload or a link lands on the same step.
 */
import { pathTo } from './routes.ts';

export const FUNNEL_STEPS = [
  { key: 'details', label: 'Tus datos', route: 'booking-details' },
  { key: 'flights', label: 'Vuelos', route: 'booking-flights' },
  { key: 'customise', label: 'Personaliza', route: 'booking-customise' },
  { key: 'passengers', label: 'Pasajeros', route: 'booking-passengers' },
  { key: 'pay', label: 'Pago', route: 'booking-payment' },
] as const;

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]['key'];

/** `/tour/{slug}/{step}/{bookingId}`; without a booking id only the first step has an address. */
export function stepPath(step: FunnelStepKey, slug: string, bookingId?: string | null): string {
  const { route } = FUNNEL_STEPS.find((s) => s.key === step)!;
  return pathTo(route, { slug, bookingId });
}
