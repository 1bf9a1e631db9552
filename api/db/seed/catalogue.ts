/** Parent regions, destinations, tours and their itineraries, tags and tour-level prices. */
import { DESTINATIONS, PARENT_REGIONS, type DestinationSeed } from './fixtures/destinations.ts';
import type { TourSeed } from './fixtures/types.ts';
import { EUROPE_TOURS } from './fixtures/tours-europe.ts';
import { ASIA_AFRICA_TOURS } from './fixtures/tours-asia-africa.ts';
import { AMERICAS_OCEANIA_TOURS } from './fixtures/tours-americas-oceania.ts';
import { MONTH_NAMES } from '#shared/constants.ts';
import { add, cents, type SeedContext } from './context.ts';

export const DEMO_TOURS: readonly TourSeed[] = [...EUROPE_TOURS, ...ASIA_AFRICA_TOURS, ...AMERICAS_OCEANIA_TOURS];

export interface SeededTour {
  id: string;
  seed: TourSeed;
  /** The destination that sets flights, practical texts and the picture. */
  destination: DestinationSeed;
  itineraryId: string;
  /** The day-by-day cities, for excursions and activity days. */
  cities: string[];
  thumbnail: string;
  banner: string;
  avatar: string;
}

export interface Catalogue {
  tours: SeededTour[];
  destinationIds: Map<string, string>;
  regionIds: Map<string, string>;
}

export function seasonLabel(months: readonly number[]): string {
  if (months.length >= 12) return 'Todo el año';
  return [...months]
    .sort((a, b) => a - b)
    .map((m) => MONTH_NAMES[m - 1])
    .join(', ');
}

export function destinationBySlug(slug: string): DestinationSeed {
  const destination = DESTINATIONS.find((d) => d.slug === slug);
  if (!destination) throw new Error(`Unknown destination '${slug}'`);
  return destination;
}

/** Cuts at a word boundary so search snippets never end mid-word. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,.;:]$/, '')}…`;
}

const markdownList = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

const FREE_DAYS: readonly (readonly [string, string])[] = [
  ['día libre', 'Día libre para disfrutar de {city} a tu ritmo o apuntarte a alguna de las excursiones opcionales.'],
  ['tiempo para ti', 'Jornada sin visitas programadas: tu guía te recomendará rincones, restaurantes y paseos que no salen en las guías.'],
  ['excursión opcional', 'Día libre con la posibilidad de hacer una excursión opcional; consulta las actividades disponibles en tu reserva.'],
];

interface DayPlan {
  title: string;
  description: string;
  city: string;
}

/** Arrival, the hand-written stops, free days where the tour is longer than its stops, and the return. */
export function planDays(seed: TourSeed, destination: DestinationSeed): DayPlan[] {
  const cityOf = (title: string) => title.split(':')[0]?.trim() ?? destination.airport[1];
  const middle = Math.max(0, seed.days - 2);
  const stops = seed.stops.slice(0, middle).map(([title, description]) => ({ title, description, city: cityOf(title) }));
  const extra = middle - stops.length;
  const planned: DayPlan[] = [...stops];
  for (let i = 0; i < extra; i++) {
    // Free days go after the later stops first: beaches and cities tend to close a trip.
    const after = stops.length === 0 ? 0 : stops.length - 1 - (i % stops.length);
    const anchor = stops[after] ?? { city: destination.airport[1] };
    const [suffix, text] = FREE_DAYS[i % FREE_DAYS.length] as readonly [string, string];
    const stop = stops[after];
    const at = stop ? planned.indexOf(stop) + 1 : 0;
    planned.splice(at, 0, { title: `${anchor.city}: ${suffix}`, description: text.replace('{city}', anchor.city), city: anchor.city });
  }
  const first = planned[0]?.city ?? destination.airport[1];
  const last = planned.at(-1)?.city ?? destination.airport[1];
  const via = destination.hub ? `, con conexión en ${destination.hub[1]}` : '';
  // Long-haul flights land the next morning, which is why the first stop then reads as the arrival.
  const overnight = destination.hub !== null || destination.hours >= 9;
  return [
    {
      title: `España – ${first}`,
      description: overnight
        ? `Presentación en el aeropuerto y salida en vuelo con destino ${destination.airport[1]}${via}. Noche a bordo.`
        : `Presentación en el aeropuerto y vuelo con destino ${destination.airport[1]}${via}. Llegada, asistencia de nuestro personal, traslado al hotel y alojamiento.`,
      city: first,
    },
    ...planned,
    {
      title: `${last} – España`,
      description: 'Desayuno y tiempo libre hasta la hora del traslado al aeropuerto. Vuelo de regreso a España. Fin de nuestros servicios.',
      city: last,
    },
  ];
}

function includedServices(seed: TourSeed, destination: DestinationSeed): string[] {
  const list = [
    seed.rentalCar
      ? 'Vuelos de ida y vuelta y coche de alquiler con kilometraje ilimitado'
      : 'Vuelos de ida y vuelta en clase turista con una maleta facturada',
    `Alojamiento en ${seed.hotel.charAt(0).toLowerCase()}${seed.hotel.slice(1)}`,
    `Régimen: ${seed.meals.charAt(0).toLowerCase()}${seed.meals.slice(1)}`,
  ];
  if (seed.type === 'Group') list.push('Guía acompañante de habla hispana durante todo el circuito', 'Transporte en autocar o minibús privado');
  if (seed.type === 'Private') list.push('Vehículo privado con chófer y guías locales en español', 'Traslados privados de llegada y salida');
  if (seed.type === 'FIT') list.push('Traslados de llegada y salida', 'Asistencia telefónica en español 24 horas');
  list.push(
    `Visitas y entradas indicadas en el itinerario de ${destination.name}`,
    'Seguro básico de asistencia en viaje',
    'Tasas aéreas (revisables hasta 21 días antes de la salida)',
  );
  return list;
}

const NOT_INCLUDED = [
  'Propinas a guías y conductores',
  'Bebidas en las comidas y cenas incluidas',
  'Excursiones opcionales',
  'Seguro de cancelación (recomendado)',
  'Cualquier servicio no indicado como incluido',
];

export function buildCatalogue(ctx: SeedContext): Catalogue {
  const { rng, stamp } = ctx;
  const regionIds = new Map<string, string>();
  for (const region of PARENT_REGIONS) {
    const id = rng.uuid();
    regionIds.set(region.slug, id);
    add(ctx, 'parentRegions', { id, name: region.name, slug: region.slug, description: region.description });
  }
  const destinationIds = new Map<string, string>();
  for (const d of DESTINATIONS) {
    const id = rng.uuid();
    destinationIds.set(d.slug, id);
    add(ctx, 'destinations', {
      id,
      name: d.name,
      slug: d.slug,
      continentTxt: d.continent,
      province: d.province,
      iso2: d.iso2,
      iso3: d.iso3,
      description: d.description,
      typeTxt: d.typeTxt,
      parentRegionId: regionIds.get(d.region) ?? null,
    });
  }

  const tours: SeededTour[] = [];
  DEMO_TOURS.forEach((seed, index) => {
    const id = rng.uuid();
    const destination = destinationBySlug(seed.destinations[0] as string);
    const days = planDays(seed, destination);
    const created = stamp(rng.int(90, 720));
    const hidden = seed.keywords.includes('oculto');
    const stops = [...new Set(days.slice(1, -1).map((d) => d.city))];
    add(ctx, 'tours', {
      paymentPolicy: null,
      id,
      version: 1,
      name: seed.name,
      subtitle: seed.subtitle,
      comment:
        seed.type === 'Group'
          ? 'Salidas garantizadas con un mínimo de 2 viajeros.'
          : seed.type === 'Private'
            ? 'Precio por persona en base a dos viajeros.'
            : null,
      description: seed.description,
      webSlug: seed.slug,
      tagSeason: seasonLabel(seed.months),
      tagKeywords: seed.keywords.join(', '),
      highlights: markdownList(seed.highlights),
      includedServices: markdownList(includedServices(seed, destination)),
      notIncludedServices: markdownList(NOT_INCLUDED),
      includedServicesWeb: markdownList(includedServices(seed, destination).slice(0, 3)),
      thumbnail: `${seed.slug}-miniatura.webp`,
      banner: `${seed.slug}-cabecera.webp`,
      bookable: seed.price === null ? 0 : 1,
      privateTourBase: seed.type === 'Private' ? 1 : 0,
      expertOpinionTitle: seed.expert[0],
      expertOpinion: seed.expert[1],
      expertOpinionAvatar: 'experto.webp',
      tourType: seed.type,
      offerValidity: rng.chance(0.5) ? `Precios válidos para reservas realizadas hasta el ${ctx.today.slice(0, 4)}-12-31.` : null,
      seatsInThisFare: rng.chance(0.4) ? rng.int(2, 9) : null,
      exclusiveTrip: !seed.thirdParty && rng.chance(0.25) ? 1 : 0,
      stops: stops.join(', '),
      rate: hidden ? 5 : Math.round(rng.int(35, 50)) / 10,
      sortTour: index + 1,
      metaTitle: `${seed.name} | Different Roads`,
      metaDescription: truncate(`${seed.subtitle}. ${seed.description}`, 155),
      metaKeyword: [destination.name.toLowerCase(), ...seed.keywords.filter((k) => k !== 'oculto'), 'viaje organizado'].join(', '),
      publishWeb: 1,
      status: 'ACTIVE',
      includedTripPhoto: null,
      createdAt: created,
      updatedAt: stamp(rng.int(1, 60)),
    });
    seed.destinations.forEach((slug, position) => {
      add(ctx, 'tourDestinations', { tourId: id, destinationId: destinationIds.get(slug) as string, position });
    });
    const regions = [...new Set(seed.destinations.map((slug) => destinationBySlug(slug).region))];
    for (const region of regions) {
      add(ctx, 'tourParentRegions', { id: rng.uuid(), tourId: id, parentRegionId: regionIds.get(region) as string });
    }
    for (const keyword of seed.keywords.slice(0, 3)) {
      add(ctx, 'tags', {
        id: rng.uuid(),
        tourId: id,
        name: keyword.charAt(0).toUpperCase() + keyword.slice(1),
        description: `Viajes de ${keyword} en ${destination.name}`,
        typeName: keyword === 'oculto' ? 'Sistema' : 'Estilo',
      });
    }
    add(ctx, 'tags', { id: rng.uuid(), tourId: id, name: seasonLabel(seed.months), description: 'Mejor época para viajar', typeName: 'Temporada' });

    const itineraryId = rng.uuid();
    add(ctx, 'itineraries', { id: itineraryId, tourId: id, name: `${seed.name}: itinerario de ${seed.days} días`, status: 'ACTIVE' });
    days.forEach((day, i) => {
      add(ctx, 'itineraryDays', { id: rng.uuid(), itineraryId, rank: i + 1, title: day.title, description: day.description, city: day.city });
    });

    if (seed.price !== null) {
      add(ctx, 'prices', priceRow(ctx, { tourId: id }, 'Adultos', cents(seed.price)));
    }
    // The tour without an adult price still has a child price: the filter must look at 'Adultos' itself.
    add(ctx, 'prices', priceRow(ctx, { tourId: id }, 'Niños', cents(Math.round((seed.price ?? 1500) * 0.8))));

    tours.push({
      id,
      seed,
      destination,
      itineraryId,
      cities: days.map((d) => d.city),
      thumbnail: `${seed.slug}-miniatura.webp`,
      banner: `${seed.slug}-cabecera.webp`,
      avatar: 'experto.webp',
    });
  });
  return { tours, destinationIds, regionIds };
}

export interface PriceOwner {
  tourId?: string;
  periodId?: string;
  flightId?: string;
  optionalActivityId?: string;
  activityPackId?: string;
  reservationModeId?: string;
}

export function priceRow(
  ctx: SeedContext,
  owner: PriceOwner,
  ageGroupName: 'Adultos' | 'Niños',
  valueCents: number,
  extra: { flightCostCents?: number | null; feeCents?: number | null; valueWithCampaignCents?: number | null } = {},
) {
  return {
    id: ctx.rng.uuid(),
    tourId: owner.tourId ?? null,
    periodId: owner.periodId ?? null,
    flightId: owner.flightId ?? null,
    optionalActivityId: owner.optionalActivityId ?? null,
    activityPackId: owner.activityPackId ?? null,
    reservationModeId: owner.reservationModeId ?? null,
    ageGroupName,
    categoryName: 'Standard category',
    valueCents,
    valueWithCampaignCents: extra.valueWithCampaignCents ?? null,
    flightCostCents: extra.flightCostCents ?? null,
    feeCents: extra.feeCents ?? null,
  };
}
