/**
 * The funnel's steps in order (DESIGN.md, Booking funnel): complete details → flights → customise →
 * passengers → pay. Every step has its own address carrying the booking id, so a reload or a link lands
 * on the same step.
 */
export const FUNNEL_STEPS = [
  { key: 'details', label: 'Tus datos', segment: 'completa-tus-datos' },
  { key: 'flights', label: 'Vuelos', segment: 'anade-tus-vuelos' },
  { key: 'customise', label: 'Personaliza', segment: 'personaliza-el-viaje' },
  { key: 'passengers', label: 'Pasajeros', segment: 'pasajeros' },
  { key: 'pay', label: 'Pago', segment: 'paga-tu-reserva' },
] as const;

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]['key'];

/** `/tour/{slug}/{segment}/{bookingId}`; without a booking id only the first step has an address. */
export function stepPath(step: FunnelStepKey, slug: string, bookingId?: string | null): string {
  const { segment } = FUNNEL_STEPS.find((s) => s.key === step)!;
  const base = `/tour/${encodeURIComponent(slug)}/${segment}`;
  return bookingId ? `${base}/${encodeURIComponent(bookingId)}` : base;
}

export function nextStep(step: FunnelStepKey): FunnelStepKey | null {
  const i = FUNNEL_STEPS.findIndex((s) => s.key === step);
  return FUNNEL_STEPS[i + 1]?.key ?? null;
}

export function previousStep(step: FunnelStepKey): FunnelStepKey | null {
  const i = FUNNEL_STEPS.findIndex((s) => s.key === step);
  return i > 0 ? FUNNEL_STEPS[i - 1]!.key : null;
}
