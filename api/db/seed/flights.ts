/** Flights of a period: one per Spanish departure city plus the 'Sin vuelo' option, with journeys and fares. */
import type { DestinationSeed } from './fixtures/destinations.ts';
import { add, cents, type SeedContext } from './context.ts';
import { addDays, addMinutes, at } from './dates.ts';
import { priceRow } from './catalogue.ts';

export const SPANISH_AIRPORTS: readonly (readonly [city: string, iata: string])[] = [
  ['Madrid', 'MAD'],
  ['Barcelona', 'BCN'],
  ['Valencia', 'VLC'],
  ['Bilbao', 'BIO'],
  ['Málaga', 'AGP'],
  ['Sevilla', 'SVQ'],
];

const CARRIERS: Readonly<Record<string, string>> = {
  IB: 'Iberia',
  VY: 'Vueling',
  UX: 'Air Europa',
  QR: 'Qatar Airways',
  EK: 'Emirates',
  FI: 'Icelandair',
  D8: 'Norwegian',
  AY: 'Finnair',
  LX: 'Swiss',
  LH: 'Lufthansa',
  S4: 'Azores Airlines',
  RJ: 'Royal Jordanian',
  TK: 'Turkish Airlines',
  AT: 'Royal Air Maroc',
  TP: 'TAP Air Portugal',
  MS: 'EgyptAir',
  ET: 'Ethiopian Airlines',
  AC: 'Air Canada',
  LA: 'LATAM',
};

/** Hours from Spain to each connection airport, and who flies there. */
const HUB_LEGS: Readonly<Record<string, readonly [hours: number, carrier: string]>> = {
  DOH: [6.5, 'QR'],
  DXB: [7, 'EK'],
  HEL: [4, 'AY'],
  ADD: [7, 'ET'],
  YYZ: [8.5, 'AC'],
  LIS: [1.2, 'TP'],
};

export const NO_FLIGHT_NAME = 'Sin vuelo (solo servicios de tierra)';

interface Leg {
  from: readonly [city: string, iata: string];
  to: readonly [city: string, iata: string];
  carrier: string;
  minutes: number;
}

function outboundLegs(origin: readonly [string, string], d: DestinationSeed): Leg[] {
  const dest = [d.airport[1], d.airport[0]] as const;
  const main = Math.round(d.hours * 60);
  if (d.hub) {
    const [hours, carrier] = HUB_LEGS[d.hub[0]] ?? [5, d.carrier];
    const hub = [d.hub[1], d.hub[0]] as const;
    return [
      { from: origin, to: hub, carrier, minutes: Math.round(hours * 60) },
      { from: hub, to: dest, carrier: d.carrier, minutes: main },
    ];
  }
  if (origin[1] === 'MAD' || d.hours <= 3.5)
    return [{ from: origin, to: dest, carrier: origin[1] === 'MAD' ? d.carrier : d.hours <= 3.5 ? 'VY' : d.carrier, minutes: main }];
  return [
    { from: origin, to: ['Madrid', 'MAD'], carrier: 'IB', minutes: 70 },
    { from: ['Madrid', 'MAD'], to: dest, carrier: d.carrier, minutes: main },
  ];
}

export interface SeededFlight {
  id: string;
  name: string;
  city: string | null;
  adultCents: number;
  cockpitFlightId: string | null;
  fareId: string | null;
}

/** Adds the flights of one period and returns them in insertion order. */
export function addFlights(
  ctx: SeedContext,
  p: {
    tourId: string;
    periodId: string;
    dayOne: string;
    returnDate: string;
    days: number;
    destination: DestinationSeed;
    future: boolean;
    withoutFlight: boolean;
    cityCount: number;
  },
): SeededFlight[] {
  const { rng } = ctx;
  const d = p.destination;
  const longHaul = d.hours > 5 || d.hub !== null;
  const origins = [SPANISH_AIRPORTS[0] as readonly [string, string], ...rng.sample(SPANISH_AIRPORTS.slice(1), p.cityCount - 1)];
  const baseEuros = longHaul ? rng.int(62, 140) * 10 : rng.int(18, 38) * 10;
  const flights: SeededFlight[] = [];

  for (const origin of origins) {
    const id = rng.uuid();
    const name = `Vuelo desde ${origin[0]}`;
    const guaranteed = rng.chance(0.3) ? 0 : rng.int(2, 20);
    add(ctx, 'flights', {
      id,
      periodId: p.periodId,
      name,
      departureCity: origin[0],
      activityId: `FL-${rng.int(100000, 999999)}`,
      servicecombinationId: `SC-${rng.int(100000, 999999)}`,
      guaranteedAvailability: guaranteed,
      bookableAvailability: p.future ? (rng.chance(0.1) ? 0 : rng.int(4, 30)) : 0,
      departureDate: p.dayOne,
    });
    const legs = outboundLegs(origin, d);
    const outbound = legs;
    const inbound = [...legs].reverse().map((l) => ({ ...l, from: l.to, to: l.from }));
    const totalMinutes = legs.reduce((sum, l) => sum + l.minutes, 0) + (legs.length - 1) * 120;
    let clock = at(p.dayOne, longHaul ? rng.int(9, 14) : rng.int(6, 11), rng.pick([0, 15, 30, 45]));
    for (const [direction, journey] of [
      ['outbound', outbound],
      ['inbound', inbound],
    ] as const) {
      const journeyId = rng.uuid();
      add(ctx, 'flightJourneys', { id: journeyId, flightId: id, direction, position: direction === 'outbound' ? 0 : 1 });
      if (direction === 'inbound') {
        // Long flights leave the evening before so travellers land in Spain on the return date.
        clock =
          totalMinutes > 600
            ? at(addDays(p.returnDate, -1), rng.int(18, 22), rng.pick([0, 20, 40]))
            : at(p.returnDate, rng.int(11, 17), rng.pick([0, 10, 35, 50]));
      }
      journey.forEach((leg, position) => {
        const arrival = addMinutes(clock, leg.minutes);
        add(ctx, 'flightSegments', {
          id: rng.uuid(),
          journeyId,
          position,
          provider: CARRIERS[leg.carrier] ?? leg.carrier,
          departureAt: clock,
          arrivalAt: arrival,
          departureIata: leg.from[1],
          arrivalIata: leg.to[1],
          departureCity: leg.from[0],
          arrivalCity: leg.to[0],
          flightNumber: `${leg.carrier}${rng.int(leg.carrier === 'IB' ? 3000 : 100, leg.carrier === 'IB' ? 6999 : 1999)}`,
          goSegment: direction === 'outbound' ? 1 : 0,
          nights: direction === 'outbound' ? p.days - 1 : null,
        });
        clock = addMinutes(arrival, rng.int(16, 34) * 5);
      });
    }

    const adult = cents(baseEuros + (origin[1] === 'MAD' ? 0 : rng.int(3, 9) * 10));
    const child = Math.round(adult * 0.75);
    // The adult fare the flights step lists when the flight is sold at the fare service's price: cost plus fee, rounded up.
    let listedAdultFare = 0;
    for (const [age, value] of [
      ['Adultos', adult],
      ['Niños', child],
    ] as const) {
      const cost = Math.round(value * 0.84);
      add(
        ctx,
        'prices',
        priceRow(ctx, { tourId: p.tourId, periodId: p.periodId, flightId: id }, age, value, { flightCostCents: cost, feeCents: value - cost }),
      );
      const cockpitCost = Math.round(value * (rng.int(88, 112) / 100));
      const cockpit = add(ctx, 'cockpitPrices', {
        id: rng.uuid(),
        flightId: id,
        ageGroupName: age,
        flightCostCents: cockpitCost,
        feeCents: cents(rng.int(25, 45)),
      });
      if (age === 'Adultos') listedAdultFare = Math.ceil((cockpit.flightCostCents + cockpit.feeCents) / 100) * 100;
    }

    let cockpitFlightId: string | null = null;
    let fareId: string | null = null;
    if (guaranteed === 0 || rng.chance(0.2)) {
      cockpitFlightId = rng.uuid();
      fareId = `FARE-${origin[1]}${d.airport[0]}-${rng.int(10000, 99999)}`;
      // The fare service's last verification of the fare (purchase + margin + tax, the stored provider's
      // verified fare): the listed adult fare, except about one fare in twelve that went up 20–30 € since,
      // so the flights step's "the price changed" notice shows in the demo too.
      const purchase = Math.round(listedAdultFare * (rng.int(70, 85) / 100));
      const margin = Math.round(purchase * 0.08);
      const movement = rng.int(60, 180);
      const raise = movement > 170 ? cents(movement - 150) : 0;
      add(ctx, 'cockpitFlights', {
        id: cockpitFlightId,
        flightId: id,
        fareId,
        purchasePriceCents: purchase,
        agencyPurchasePriceCents: Math.round(purchase * 0.97),
        agencyMarginCents: margin,
        totalTaxCents: listedAdultFare - purchase - margin + raise,
        verifiedFareDate: ctx.stamp(rng.int(0, 6), rng.int(0, 480)),
        bookable: rng.chance(0.85) ? 1 : 0,
        ticketTimeLimit: ctx.stamp(-rng.int(3, 12), rng.int(0, 480)),
      });
    }
    flights.push({ id, name, city: origin[0], adultCents: adult, cockpitFlightId, fareId });
  }

  if (p.withoutFlight) {
    const id = rng.uuid();
    add(ctx, 'flights', {
      id,
      periodId: p.periodId,
      name: NO_FLIGHT_NAME,
      departureCity: null,
      activityId: `FL-${rng.int(100000, 999999)}`,
      servicecombinationId: null,
      guaranteedAvailability: 99,
      bookableAvailability: 99,
      departureDate: p.dayOne,
    });
    for (const age of ['Adultos', 'Niños'] as const) {
      add(ctx, 'prices', priceRow(ctx, { tourId: p.tourId, periodId: p.periodId, flightId: id }, age, 0, { flightCostCents: 0, feeCents: 0 }));
      add(ctx, 'cockpitPrices', { id: rng.uuid(), flightId: id, ageGroupName: age, flightCostCents: 0, feeCents: 0 });
    }
    flights.push({ id, name: NO_FLIGHT_NAME, city: null, adultCents: 0, cockpitFlightId: null, fareId: null });
  }
  return flights;
}
