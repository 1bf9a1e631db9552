/**
 * Synthetic catalogue for benchmarks: N valid tours with destinations, periods, prices, flights and a room
 * mode each, written in batches. No pictures (thumbnail null) and no people.
 */
import type { Db } from '../database.ts';
import { DESTINATIONS, PARENT_REGIONS } from './fixtures/destinations.ts';
import { MONTH_NAMES } from '#shared/constants.ts';
import { seasonLabel } from './catalogue.ts';
import type { Row } from './context.ts';
import { addDays, addMinutes, at, isIsoDate, windowEnd } from './dates.ts';
import { TABLE_ORDER, insertRows, type RowSets, type Writer } from './insert.ts';
import { createRandom, type Random } from './random.ts';
import { SPANISH_AIRPORTS } from './flights.ts';

export interface SeedScaleOptions {
  tours: number;
  /** 'YYYY-MM-DD' (UTC). */
  today: string;
  seed?: number;
}

const PATTERNS = ['Descubre', 'Lo mejor de', 'Ruta por', 'Gran viaje a', 'Esencias de', 'Aventura en', 'Rincones de', 'Clásicos de'] as const;
const TOURS_PER_BATCH = 1000;

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function ensureGeography(db: Writer, rng: Random): Promise<Map<string, { id: string; regionId: string | null }>> {
  const regions = new Map((await db.selectFrom('parentRegions').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  const newRegions = PARENT_REGIONS.filter((r) => !regions.has(r.slug)).map((r) => {
    const id = rng.sequentialUuid();
    regions.set(r.slug, id);
    return { id, name: r.name, slug: r.slug, description: r.description };
  });
  await insertRows(db, 'parentRegions', newRegions);
  const existing = new Map((await db.selectFrom('destinations').select(['id', 'slug']).execute()).map((d) => [d.slug, d.id]));
  const newDestinations = DESTINATIONS.filter((d) => !existing.has(d.slug)).map((d) => {
    const id = rng.sequentialUuid();
    existing.set(d.slug, id);
    return {
      id,
      name: d.name,
      slug: d.slug,
      continentTxt: d.continent,
      province: d.province,
      iso2: d.iso2,
      iso3: d.iso3,
      description: d.description,
      typeTxt: d.typeTxt,
      parentRegionId: regions.get(d.region) ?? null,
    };
  });
  await insertRows(db, 'destinations', newDestinations);
  return new Map(DESTINATIONS.map((d) => [d.slug, { id: existing.get(d.slug) as string, regionId: regions.get(d.region) ?? null }]));
}

/** Writes `tours` synthetic tours; returns the row count per table. */
export async function seedScale(db: Db, options: SeedScaleOptions): Promise<Record<string, number>> {
  if (!isIsoDate(options.today)) throw new Error(`today must be a YYYY-MM-DD date, got '${options.today}'`);
  const seed = options.seed ?? 7;
  const rng = createRandom(seed);
  const { today } = options;
  const last = windowEnd(today);
  const span = Math.max(30, Math.min(540, Math.round((Date.parse(last) - Date.parse(today)) / 86_400_000)));
  const counts: Record<string, number> = {};

  await db.transaction().execute(async (trx) => {
    const geography = await ensureGeography(trx, rng);
    let sets: RowSets = {};
    const push = <T extends keyof RowSets>(table: T, row: Row<T>) => {
      sets[table] ??= [];
      (sets[table] as Row<T>[]).push(row);
    };
    const price = (
      owner: Partial<Record<'tourId' | 'periodId' | 'flightId' | 'reservationModeId', string>>,
      ageGroupName: string,
      valueCents: number,
      flightCostCents: number | null = null,
      feeCents: number | null = null,
    ) =>
      push('prices', {
        id: rng.sequentialUuid(),
        tourId: owner.tourId ?? null,
        periodId: owner.periodId ?? null,
        flightId: owner.flightId ?? null,
        optionalActivityId: null,
        activityPackId: null,
        reservationModeId: owner.reservationModeId ?? null,
        ageGroupName,
        categoryName: 'Standard category',
        valueCents,
        valueWithCampaignCents: null,
        flightCostCents,
        feeCents,
      });
    const flush = async () => {
      for (const table of TABLE_ORDER) {
        const rows = sets[table];
        if (rows?.length) await insertRows(trx, table, rows as never[], counts);
      }
      sets = {};
    };

    for (let i = 0; i < options.tours; i++) {
      const destination = DESTINATIONS[i % DESTINATIONS.length] as (typeof DESTINATIONS)[number];
      const geo = geography.get(destination.slug) as { id: string; regionId: string | null };
      const tourId = rng.sequentialUuid();
      const name = `${PATTERNS[Math.floor(i / DESTINATIONS.length) % PATTERNS.length]} ${destination.name}`;
      const days = rng.int(5, 14);
      const type = rng.pick(['Group', 'Group', 'FIT', 'Private'] as const);
      const months = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], rng.int(3, 12)).sort((a, b) => a - b);
      const adult = rng.int(99, 490) * 1000;
      const stamp = at(addDays(today, -rng.int(1, 400)), 9);
      push('tours', {
        paymentPolicy: null,
        id: tourId,
        version: 1,
        name,
        subtitle: `${days} días por ${destination.name}`,
        comment: null,
        description: `${destination.description} Un viaje de ${days} días con salidas de ${MONTH_NAMES[(months[0] ?? 1) - 1]} a ${MONTH_NAMES[(months.at(-1) ?? 12) - 1]}.`,
        webSlug: `${slugify(name)}-${seed}-${i + 1}`,
        tagSeason: seasonLabel(months),
        tagKeywords: 'escala, benchmark',
        highlights: `- ${destination.description}`,
        includedServices: '- Vuelos\n- Alojamiento\n- Traslados',
        notIncludedServices: '- Propinas',
        includedServicesWeb: '- Vuelos\n- Alojamiento',
        thumbnail: null,
        banner: null,
        bookable: 1,
        privateTourBase: type === 'Private' ? 1 : 0,
        expertOpinionTitle: null,
        expertOpinion: null,
        expertOpinionAvatar: null,
        tourType: type,
        offerValidity: null,
        seatsInThisFare: null,
        exclusiveTrip: 0,
        stops: destination.airport[1],
        rate: rng.int(35, 50) / 10,
        sortTour: i + 1,
        metaTitle: `${name} | Different Roads`,
        metaDescription: destination.description,
        metaKeyword: destination.name.toLowerCase(),
        publishWeb: 1,
        status: 'ACTIVE',
        includedTripPhoto: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      push('tourDestinations', { tourId, destinationId: geo.id, position: 0 });
      if (geo.regionId) push('tourParentRegions', { id: rng.sequentialUuid(), tourId, parentRegionId: geo.regionId });
      const itineraryId = rng.sequentialUuid();
      push('itineraries', { id: itineraryId, tourId, name: `${name}: itinerario`, status: 'ACTIVE' });
      for (let d = 1; d <= days; d++) {
        push('itineraryDays', {
          id: rng.sequentialUuid(),
          itineraryId,
          rank: d,
          title: `Día ${d} en ${destination.airport[1]}`,
          description: 'Visitas y tiempo libre.',
          city: destination.airport[1],
        });
      }
      price({ tourId }, 'Adultos', adult);
      price({ tourId }, 'Niños', Math.round(adult * 0.8));

      const periodCount = rng.int(2, 6);
      for (let p = 0; p < periodCount; p++) {
        const periodId = rng.sequentialUuid();
        const dayOne = p === 0 && rng.chance(0.2) ? addDays(today, -rng.int(30, 200)) : addDays(today, rng.int(7, span));
        const returnDate = addDays(dayOne, days - 1);
        push('periods', {
          paymentPolicy: null,
          id: periodId,
          tourId,
          itineraryId,
          name: `${name} – ${dayOne}`,
          dayOne,
          returnDate,
          tripType: type === 'FIT' ? 'FIT' : rng.chance(0.15) ? 'Single' : 'Grupo',
          tags: '[]',
          numberOfDays: days,
          bookableAvailability: rng.int(0, 40),
          webBookable: rng.chance(0.95) ? 1 : 0,
          publishWeb: 1,
          source: 'WEBDR',
          meetingPoint: null,
          afterYourTrip: null,
          beforeYouTravel: destination.entry,
          aboutTheAirport: destination.airport[2],
          countryInfo: `Moneda: ${destination.currency}.`,
          emergencyNumbers: `Emergencias: ${destination.emergency}.`,
        });
        price({ periodId }, 'Adultos', rng.chance(0.6) ? 0 : rng.int(1, 6) * 5000);
        price({ periodId }, 'Niños', 0);
        const origins = rng.chance(0.5) ? SPANISH_AIRPORTS.slice(0, 2) : SPANISH_AIRPORTS.slice(0, 1);
        for (const [city, iata] of origins) {
          const flightId = rng.sequentialUuid();
          push('flights', {
            id: flightId,
            periodId,
            name: `Vuelo desde ${city}`,
            departureCity: city,
            activityId: null,
            servicecombinationId: null,
            guaranteedAvailability: rng.int(0, 20),
            bookableAvailability: rng.int(0, 30),
            departureDate: dayOne,
          });
          for (const [direction, from, to, date] of [
            ['outbound', iata, destination.airport[0], dayOne],
            ['inbound', destination.airport[0], iata, returnDate],
          ] as const) {
            const journeyId = rng.sequentialUuid();
            push('flightJourneys', { id: journeyId, flightId, direction, position: direction === 'outbound' ? 0 : 1 });
            const departureAt = at(date, rng.int(7, 18));
            push('flightSegments', {
              id: rng.sequentialUuid(),
              journeyId,
              position: 0,
              provider: 'Iberia',
              departureAt,
              arrivalAt: addMinutes(departureAt, Math.round(destination.hours * 60)),
              departureIata: from,
              arrivalIata: to,
              departureCity: null,
              arrivalCity: null,
              flightNumber: `IB${rng.int(3000, 6999)}`,
              goSegment: direction === 'outbound' ? 1 : 0,
              nights: direction === 'outbound' ? days - 1 : null,
            });
          }
          const value = rng.int(20, 120) * 1000;
          price({ periodId, tourId, flightId }, 'Adultos', value, Math.round(value * 0.84), value - Math.round(value * 0.84));
          price({ periodId, tourId, flightId }, 'Niños', Math.round(value * 0.75), Math.round(value * 0.63), Math.round(value * 0.12));
        }
        const modeId = rng.sequentialUuid();
        push('reservationModes', {
          id: modeId,
          periodId,
          activityId: `RM-${i}-${p}`,
          name: 'Habitación doble',
          places: 2,
          comment: null,
          deleted: 0,
          availability: rng.int(0, 20),
          shareRoom: 0,
        });
        price({ reservationModeId: modeId }, 'Adultos', 0);
        price({ reservationModeId: modeId }, 'Niños', 0);
      }
      if ((i + 1) % TOURS_PER_BATCH === 0) await flush();
    }
    await flush();
  });
  return counts;
}
