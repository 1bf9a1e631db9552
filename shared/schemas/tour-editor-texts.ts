/**
 * The tour editor's words, limits and messages, and a payment policy's form, apart from the schemas that check
 * them: the editor shows a tour without zod and loads the schemas when it first checks a form (a fifth of its
 * script; docs/decisions/053-fewer-script-files.md). The schemas import them from here.
 */
import type { CAMPAIGN_DISCOUNT_BASES, PERIOD_SOURCES } from '../enums.ts';
import type { PaymentPolicy } from '../rules/payment-schedule.ts';

/** The tour's own fields the editor edits, in the order its form shows them. */
export const TOUR_FIELDS = [
  'offerValidity',
  'rate',
  'stops',
  'expertOpinionTitle',
  'expertOpinion',
  'expertOpinionAvatar',
  'includedServicesWeb',
  'metaTitle',
  'metaDescription',
  'metaKeyword',
  'thumbnail',
  'status',
] as const;
export type TourField = (typeof TOUR_FIELDS)[number];

/** What staff may set; UPDATING is the shop's own while the tour's pages are being published. */
export const TOUR_EDITOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const TOUR_STATUS_LABELS = { ACTIVE: 'Activo', UPDATING: 'Actualizando', INACTIVE: 'Desactivado' } as const;

export const PERIOD_SOURCE_LABELS = {
  WEBDR: 'Web Different Roads',
  TOP: 'TOP (destacada)',
  DRCAMPAIGN: 'Campaña',
  DRLASTSEATS: 'Últimas plazas',
} as const satisfies Record<(typeof PERIOD_SOURCES)[number], string>;

/** Longest text each field keeps. */
export const TOUR_FIELD_LIMITS = {
  offerValidity: 300,
  stops: 500,
  expertOpinionTitle: 150,
  expertOpinion: 5000,
  expertOpinionAvatar: 300,
  includedServicesWeb: 10_000,
  metaTitle: 120,
  metaDescription: 320,
  metaKeyword: 255,
  thumbnail: 300,
} as const;

/** The most seats one departure can have. */
export const MAX_PERIOD_SEATS = 999;
/** The most one price per person can be: 100.000 €. */
export const MAX_PRICE_CENTS = 10_000_000;

export const TOUR_EDITOR_MESSAGES = {
  tooLong: (max: number) => `Escribe como mucho ${max} caracteres.`,
  rate: 'La valoración va de 0 a 5, con un decimal como mucho.',
  status: 'Elige Activo o Desactivado.',
  photoNotUploaded: 'Sube la imagen de nuevo: no la encontramos entre las del tour.',
  saved: 'Guardado. Las páginas del tour se están publicando de nuevo.',
  conflict: 'Otra persona ha cambiado este tour mientras lo editabas. Tus cambios siguen en el formulario: recarga para ver los suyos y vuelve a guardar.',
  day: 'Escribe una fecha válida (AAAA-MM-DD).',
  returnBeforeStart: 'La vuelta no puede ser antes de la salida.',
  seats: `Escribe un número de plazas entre 0 y ${MAX_PERIOD_SEATS}.`,
  source: 'Elige un origen de la lista.',
  price: 'Escribe un precio en euros, de 0 a 100.000, con dos decimales como mucho.',
  ageGroup: 'Ese grupo de edad no existe.',
  periodNotFound: 'No encontramos esa salida en este tour.',
  periodAdded: 'Salida añadida.',
  periodSaved: 'Salida guardada.',
  periodRemoved: 'Salida eliminada.',
  pricesSaved: 'Precios guardados.',
  regionUnknown: 'Esa región no existe.',
  activityUnknown: 'Esa actividad no existe.',
  activityNotFound: 'No encontramos esa actividad opcional en esta salida.',
  campaignName: 'Escribe el nombre de la campaña.',
  campaignValue: 'Escribe el descuento en euros, de 0 a 100.000, con dos decimales como mucho.',
  campaignBasis: 'Elige si el descuento es por persona o por reserva.',
  campaignUntil: 'El final de la campaña no puede ser antes de su inicio.',
  campaignNotFound: 'No encontramos esa campaña en esta salida.',
  flightNotFound: 'No encontramos ese vuelo en esta salida.',
  flightSaved: 'Vuelo guardado.',
  flightAdded: 'Vuelo añadido.',
  flightRemoved: 'Vuelo quitado.',
  flightName: 'Escribe el nombre del vuelo.',
  flightNumber: 'Escribe el número de vuelo (por ejemplo IB3456).',
  iata: 'Escribe el código IATA del aeropuerto: tres letras (por ejemplo MAD).',
  dateTime: 'Escribe la fecha y la hora (AAAA-MM-DDTHH:MM).',
  arrivalBeforeDeparture: 'La llegada tiene que ser después de la salida.',
  journeys: 'El vuelo lleva una ida y, si quieres, una vuelta; cada una con al menos un tramo.',
  outboundOutsideDates: 'La ida tiene que salir entre el primer día y el último de la salida.',
  campaignAdded: 'Campaña añadida.',
  campaignSaved: 'Campaña guardada.',
  campaignRemoved: 'Campaña quitada.',
  activityLinked: 'Actividad enlazada con el tour.',
  activityUnlinked: 'Actividad desenlazada del tour.',
  regionAdded: 'Región añadida.',
  regionRemoved: 'Región quitada.',
} as const;

/** 'Quitar la salida' refused: a booking names it (even a canceled one keeps its record of the trip). */
export const periodHasBookingsMessage = (n: number) =>
  `No se puede quitar esta salida: tiene ${n === 1 ? '1 reserva' : `${n} reservas`}. Ciérrala a la venta en la web en lugar de quitarla.`;
/** Seats lowered under what bookings already took for good. */
export const seatsUnderSoldMessage = (sold: number) => `No puedes dejar menos plazas que las ${sold} ya vendidas en esta salida.`;
/** Seats lowered under what is sold plus what payments under way hold for a few minutes. */
export const seatsUnderHeldMessage = ({ sold, held }: { sold: number; held: number }) =>
  `Hay ${sold} plazas vendidas y ${held} apartadas por pagos en curso: no puedes dejar menos de ${sold + held}. Vuelve a intentarlo en unos minutos.`;

export const CAMPAIGN_BASIS_LABELS = { PER_PAX: 'por persona', ONCE: 'por reserva' } as const satisfies Record<
  (typeof CAMPAIGN_DISCOUNT_BASES)[number],
  string
>;

/** The journeys a flight has, as the flights provider reads them: the outbound ('Ida') and the return ('Vuelta'). */
export const FLIGHT_DIRECTIONS = ['outbound', 'inbound'] as const;
export const FLIGHT_DIRECTION_LABELS = { outbound: 'Ida', inbound: 'Vuelta' } as const satisfies Record<(typeof FLIGHT_DIRECTIONS)[number], string>;
/** The most segments (connections) one journey can have. */
export const MAX_FLIGHT_SEGMENTS = 4;

/** 'Añadir vuelo' refused: the departure prices an age group the flight does not. */
export const flightAgeGroupsMessage = (missing: readonly string[]) => `Pon también el precio del vuelo para: ${missing.join(', ')}.`;

/** 'Quitar vuelo' refused: a booking chose it (even a canceled one keeps its record of the trip). */
export const flightHasBookingsMessage = (n: number) =>
  `No se puede quitar este vuelo: ${n === 1 ? '1 reserva lo ha elegido' : `${n} reservas lo han elegido`}. Deja sus plazas a 0 para que no se venda más.`;

export const EXTRA_MESSAGES = {
  name: 'Escribe el nombre del extra.',
  amount: 'Escribe el precio en euros, de 0 a 100.000, con dos decimales como mucho.',
  basis: 'Elige si el extra se cobra por viajero o por reserva.',
  notFound: 'No encontramos ese extra en este tour.',
  added: 'Extra añadido. Se ofrece en las reservas nuevas y en las que están en curso.',
  saved: 'Extra guardado. Las reservas en curso que lo eligieron tienen ya el precio nuevo.',
  withdrawn: 'Extra retirado: ya no se ofrece. Las reservas que lo eligieron lo conservan.',
  offered: 'Extra ofrecido de nuevo en las reservas.',
} as const;

export const PAYMENT_POLICY_MESSAGES = {
  percent: 'Escribe un porcentaje entre 0 y 100.',
  amount: 'Escribe un importe en euros de 0 a 100.000.',
  days: 'Escribe un número de días entre 0 y 365.',
  total: 'La señal y los plazos no pueden sumar más del 100 %.',
  order: 'Cada plazo tiene que vencer antes que el resto del pago.',
  tourSaved: 'Plazos de pago del tour guardados. Las reservas nuevas los siguen; las hechas conservan los suyos.',
  periodSaved: 'Plazos de pago de la salida guardados. Las reservas nuevas los siguen; las hechas conservan los suyos.',
  typeSaved: 'Plazos de pago guardados. Las reservas nuevas los siguen; las hechas conservan los suyos.',
} as const;

/** A policy as its form holds it: text fields, the deposit's value in its kind's unit (% or euros). */
export interface PaymentPolicyForm {
  depositKind: 'percent' | 'perTraveller';
  depositValue: string;
  balanceDaysBefore: string;
  instalments: { percent: string; daysBefore: string }[];
}

/** A policy form's percentage or euros as typed (a decimal comma or point, two decimals at most); NaN otherwise. */
export const formNumber = (text: string) => (/^\d+([.,]\d{1,2})?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN);
/** A policy form's days as typed (up to three digits); NaN otherwise. */
export const formDays = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form of `policy`, as a person reads it (percentages and euros with a decimal comma). */
export function policyForm(policy: PaymentPolicy): PaymentPolicyForm {
  const decimal = (n: number) => String(n).replace('.', ',');
  return {
    depositKind: policy.deposit.kind,
    depositValue: policy.deposit.kind === 'percent' ? decimal(policy.deposit.percent) : decimal(policy.deposit.amountCents / 100),
    balanceDaysBefore: String(policy.balanceDaysBefore),
    instalments: policy.instalments.map((i) => ({ percent: decimal(i.percent), daysBefore: String(i.daysBefore) })),
  };
}
