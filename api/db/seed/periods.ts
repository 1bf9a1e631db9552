/** Periods (dated departures) with their prices, campaigns, flights, optional activities, packs and room modes. */
import { add, cents, spanishDate, type SeedContext } from './context.ts';
import { addDays, dateOf, monthOf, windowEnd, yearOf } from './dates.ts';
import { priceRow, type SeededTour } from './catalogue.ts';
import { addFlights, type SeededFlight } from './flights.ts';

export type PeriodKind = 'past' | 'future' | 'beyond';

export interface SeededActivity {
  id: string;
  activityId: string;
  name: string;
  adultCents: number;
  insurance: boolean;
}

export interface SeededMode {
  id: string;
  /** What a traveller entry's reservation_mode names, as the quote matches it. */
  activityId: string;
  name: string;
  places: number;
  adultCents: number;
}

export interface SeededPeriod {
  id: string;
  tour: SeededTour;
  kind: PeriodKind;
  dayOne: string;
  returnDate: string;
  tripType: string;
  webBookable: number;
  publishWeb: number;
  availability: number;
  adultSupplementCents: number;
  flights: SeededFlight[];
  activities: SeededActivity[];
  modes: SeededMode[];
}

/** Departure dates in the tour's months, from a week after today to the end of the catalogue window. */
function futureDates(ctx: SeedContext, months: readonly number[]): string[] {
  const { rng, today } = ctx;
  const last = [windowEnd(today), addDays(today, 540)].sort()[0] as string;
  const firstAllowed = addDays(today, 7);
  const christmas = months.every((m) => m === 11 || m === 12);
  const found: string[] = [];
  for (let k = 0; k < 19; k++) {
    const index = monthOf(today) - 1 + k;
    const year = yearOf(today) + Math.floor(index / 12);
    const month = (index % 12) + 1;
    if (!months.includes(month)) continue;
    const days = christmas ? (month === 11 ? [rng.int(24, 28)] : [rng.int(1, 5), rng.int(8, 12), rng.int(14, 18)]) : [rng.int(2, 24)];
    for (const day of days) {
      const date = dateOf(year, month, day);
      if (date >= firstAllowed && date <= last) found.push(date);
    }
  }
  if (found.length <= 7) return found;
  const step = found.length / 7;
  return Array.from({ length: 7 }, (_, i) => found[Math.floor(i * step)] as string);
}

function tripTypeFor(ctx: SeedContext, tour: SeededTour, index: number): string {
  if (tour.seed.thirdParty) return 'terceros';
  if (tour.seed.type === 'Private') return 'Privado';
  if (tour.seed.type === 'FIT') return 'FIT';
  if (tour.seed.singles && index % 3 === 1) return 'Single';
  return ctx.rng.chance(0.1) ? 'Grupo reducido' : 'Grupo';
}

function practicalTexts(tour: SeededTour) {
  const d = tour.destination;
  return {
    meetingPoint: `Mostrador de Different Roads en el aeropuerto de salida, dos horas antes del vuelo. Si viajas sin vuelo, te esperamos en el hotel de ${tour.cities[0]} el primer día a las 18:00.`,
    beforeYouTravel: `Documentación: ${d.entry} Moneda: ${d.currency}. Te recomendamos contratar un seguro de cancelación y llevar copia digital de tus documentos.`,
    aboutTheAirport: `Llegarás al ${d.airport[2]} (${d.airport[0]}). A la salida de la zona de equipajes te esperará nuestro personal con un cartel de Different Roads.`,
    countryInfo: `Idioma: ${d.language}. Moneda: ${d.currency}. Diferencia horaria: ${d.timeDiff}.`,
    emergencyNumbers: `Emergencias: ${d.emergency}. Asistencia Different Roads 24 horas: +34 910 000 001. Consulado o embajada de España: consulta exteriores.gob.es antes de viajar.`,
    afterYourTrip: 'A tu regreso te enviaremos una breve encuesta. Tu opinión nos ayuda a mejorar y suma puntos en el programa de puntos Different.',
  };
}

const INSURANCES = [
  ['Seguro de cancelación ampliado', 'Reembolso de hasta 5.000 € por anulación con 40 causas justificadas, incluida enfermedad de familiares.', 'Cancelación'],
  ['Seguro de asistencia premium', 'Gastos médicos hasta 300.000 €, equipaje y repatriación.', 'Asistencia'],
] as const;

export function buildPeriods(ctx: SeedContext, tours: readonly SeededTour[]): SeededPeriod[] {
  const { rng, today } = ctx;
  const periods: SeededPeriod[] = [];
  let activitySerial = 10000;
  for (const tour of tours) {
    const { seed } = tour;
    const plan: { dayOne: string; kind: PeriodKind }[] = [
      { dayOne: addDays(today, -rng.int(200, 400)), kind: 'past' },
      { dayOne: addDays(today, -rng.int(seed.days + 2, 90)), kind: 'past' },
      ...futureDates(ctx, seed.months).map((dayOne) => ({ dayOne, kind: 'future' as const })),
      { dayOne: dateOf(yearOf(today) + 2, seed.months[0] ?? 6, rng.int(5, 20)), kind: 'beyond' },
    ];
    const texts = practicalTexts(tour);
    plan.forEach(({ dayOne, kind }, index) => {
      const id = rng.uuid();
      const returnDate = addDays(dayOne, seed.days - 1);
      const future = kind !== 'past';
      const tripType = tripTypeFor(ctx, tour, index);
      const soon = kind === 'future' && dayOne <= addDays(today, 45);
      const availability = kind === 'past' ? 0 : rng.chance(0.1) ? 0 : soon ? rng.int(1, 6) : rng.int(4, 40);
      const hiddenOnWeb = kind === 'future' && rng.chance(0.08);
      const webBookable = hiddenOnWeb && rng.chance(0.5) ? 0 : 1;
      const publishWeb = hiddenOnWeb ? 0 : 1;
      const withCampaign = kind === 'future' && !hiddenOnWeb && rng.chance(0.25);
      const source = withCampaign ? 'DRCAMPAIGN' : soon && availability > 0 ? 'DRLASTSEATS' : rng.chance(0.2) ? 'TOP' : 'WEBDR';
      const tags = [
        ...(availability > 0 && availability <= 6 && future ? ['Últimas plazas'] : []),
        ...(rng.chance(0.4) ? ['Salida garantizada'] : []),
        ...(tripType === 'Single' ? ['Especial singles'] : []),
      ];
      add(ctx, 'periods', {
        paymentPolicy: null,
        id,
        tourId: tour.id,
        itineraryId: tour.itineraryId,
        name: `${seed.name} – ${spanishDate(dayOne)}${tripType === 'Single' ? ' (salida singles)' : ''}`,
        dayOne,
        returnDate,
        tripType,
        tags: JSON.stringify(tags),
        numberOfDays: seed.days,
        bookableAvailability: availability,
        webBookable,
        publishWeb,
        source,
        ...texts,
      });
      const highSeason = [7, 8, 12].includes(monthOf(dayOne));
      const supplement = rng.chance(highSeason ? 0.8 : 0.3) ? cents(rng.int(1, 8) * 50) : 0;
      add(ctx, 'prices', priceRow(ctx, { periodId: id }, 'Adultos', supplement));
      add(ctx, 'prices', priceRow(ctx, { periodId: id }, 'Niños', Math.round(supplement / 2)));

      if (withCampaign) {
        const kindOf = rng.pick(['Black Friday', 'Última hora', 'Reserva anticipada', 'Descuento familias'] as const);
        const until = kindOf === 'Última hora' ? addDays(dayOne, -7) : addDays(today, rng.int(10, 60));
        add(ctx, 'campaigns', {
          id: rng.uuid(),
          periodId: id,
          name: kindOf,
          valueCents: cents(rng.int(5, 25) * 10),
          validFromDate: addDays(today, -rng.int(1, 20)),
          validUntilDate: until < today ? addDays(today, 3) : until,
          discountAppliedPerTxt: kindOf === 'Descuento familias' ? 'ONCE' : 'PER_PAX',
        });
      }

      const flights = addFlights(ctx, {
        tourId: tour.id,
        periodId: id,
        dayOne,
        returnDate,
        days: seed.days,
        destination: tour.destination,
        future,
        withoutFlight: seed.type === 'FIT' || rng.chance(0.6),
        cityCount: kind === 'beyond' ? 1 : rng.int(2, 4),
      });

      const activities: SeededActivity[] = [];
      seed.excursions.forEach(([name, euros, info], i) => {
        const oa = rng.uuid();
        const activityId = `OA-${activitySerial++}`;
        add(ctx, 'optionalActivities', {
          id: oa,
          periodId: id,
          activityId,
          name,
          subtype: 'Excursión',
          productType: 'Excursiones',
          serviceType: 'Actividad opcional',
          webInfo: info,
          bookableAvailability: rng.chance(0.12) ? 0 : rng.int(4, 30),
          guaranteedAvailability: rng.int(0, 10),
          numPax: null,
        });
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Adultos', cents(euros)));
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Niños', cents(Math.round(euros * 0.7))));
        const rank = Math.min(seed.days - 1, 2 + Math.floor(((i + 1) * (seed.days - 2)) / (seed.excursions.length + 1)));
        add(ctx, 'optionalActivityDays', { optionalActivityId: oa, dayRank: rank });
        activities.push({ id: oa, activityId, name, adultCents: cents(euros), insurance: false });
      });
      if (seed.rentalCar || (seed.type === 'FIT' && rng.chance(0.3))) {
        const oa = rng.uuid();
        const activityId = `OA-${activitySerial++}`;
        const perDay = rng.int(3, 6) * 10;
        add(ctx, 'optionalActivities', {
          id: oa,
          periodId: id,
          activityId,
          name: 'Mejora de coche de alquiler a categoría SUV',
          subtype: 'Rental car',
          productType: 'Alquiler de coches',
          serviceType: 'Coche de alquiler',
          webInfo: 'Recogida y devolución en el aeropuerto, seguro a todo riesgo sin franquicia y conductor adicional.',
          bookableAvailability: rng.int(2, 10),
          guaranteedAvailability: 0,
          numPax: 4,
        });
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Adultos', cents(perDay * (seed.days - 1))));
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Niños', 0));
        for (let day = 1; day <= seed.days; day++) add(ctx, 'optionalActivityDays', { optionalActivityId: oa, dayRank: day });
        activities.push({
          id: oa,
          activityId,
          name: 'Mejora de coche de alquiler a categoría SUV',
          adultCents: cents(perDay * (seed.days - 1)),
          insurance: false,
        });
      }
      const tourCents = cents(seed.price ?? 1500);
      INSURANCES.forEach(([name, info, subtype], i) => {
        if (i === 1 && rng.chance(0.4)) return;
        const oa = rng.uuid();
        const activityId = `SEG-${activitySerial++}`;
        const value = i === 0 ? Math.max(cents(45), Math.round((tourCents * 0.045) / 100) * 100) : cents(rng.int(4, 9) * 10);
        add(ctx, 'optionalActivities', {
          id: oa,
          periodId: id,
          activityId,
          name,
          subtype,
          productType: 'Seguros',
          serviceType: 'Seguro',
          webInfo: info,
          bookableAvailability: 999,
          guaranteedAvailability: 999,
          numPax: 1,
        });
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Adultos', value));
        add(ctx, 'prices', priceRow(ctx, { optionalActivityId: oa }, 'Niños', value));
        activities.push({ id: oa, activityId, name, adultCents: value, insurance: true });
      });

      const excursions = activities.filter((a) => !a.insurance && !a.name.includes('coche'));
      if (excursions.length >= 2 && rng.chance(0.8)) {
        const pack = rng.uuid();
        const sum = excursions.reduce((s, a) => s + a.adultCents, 0);
        add(ctx, 'activityPacks', {
          id: pack,
          periodId: id,
          activityId: `PK-${activitySerial++}`,
          name: `Pack de excursiones ${tour.destination.name}`,
          webInfo: `Incluye: ${excursions.map((a) => a.name.toLowerCase()).join(' y ')}. Ahorra un 10 % frente a la compra por separado.`,
          multipleActivityIds: excursions.map((a) => a.activityId).join(','),
          toggleAccordion: 0,
        });
        add(ctx, 'prices', priceRow(ctx, { activityPackId: pack }, 'Adultos', Math.round((sum * 0.9) / 100) * 100));
        add(ctx, 'prices', priceRow(ctx, { activityPackId: pack }, 'Niños', Math.round((sum * 0.63) / 100) * 100));
      }

      const modes: SeededMode[] = [];
      const single = cents(rng.int(3, 6) * 10 * (seed.days - 1));
      const modePlan: [string, number, number, string, number][] = [
        ['Habitación doble', 2, 0, 'Dos camas o cama de matrimonio, según disponibilidad del hotel.', 0],
        ['Habitación individual', 1, single, 'Suplemento por uso individual durante todo el viaje.', 0],
      ];
      if (rng.chance(0.5)) modePlan.push(['Habitación triple', 3, 0, 'Cama supletoria o sofá cama; recomendada para familias.', 0]);
      if (seed.type === 'Group')
        modePlan.push(['Habitación compartida', 1, 0, 'Te asignamos compañero o compañera de habitación del mismo sexo; si no lo hay, sin suplemento.', 1]);
      for (const [name, places, value, comment, shareRoom] of modePlan) {
        const mode = rng.uuid();
        const activityId = `RM-${activitySerial++}`;
        add(ctx, 'reservationModes', {
          id: mode,
          periodId: id,
          activityId,
          name,
          places,
          comment,
          deleted: 0,
          availability: kind === 'past' ? 0 : rng.chance(0.1) ? 0 : rng.int(2, 20),
          shareRoom,
        });
        add(ctx, 'prices', priceRow(ctx, { reservationModeId: mode }, 'Adultos', value));
        add(ctx, 'prices', priceRow(ctx, { reservationModeId: mode }, 'Niños', Math.round(value * 0.5)));
        modes.push({ id: mode, activityId, name, places, adultCents: value });
      }

      periods.push({
        id,
        tour,
        kind,
        dayOne,
        returnDate,
        tripType,
        webBookable,
        publishWeb,
        availability,
        adultSupplementCents: supplement,
        flights,
        activities,
        modes,
      });
    });
  }
  return periods;
}
