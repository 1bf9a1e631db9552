/** Traveller reviews of tours and of optional activities, with the team's replies. */
import { FIRST_NAMES_F, FIRST_NAMES_M, SURNAMES } from './fixtures/people.ts';
import { add, type SeedContext } from './context.ts';
import { daysBetween } from './dates.ts';
import type { SeededTour } from './catalogue.ts';
import type { SeededPeriod } from './periods.ts';
import { emailSlug, type People } from './people.ts';

const TITLES = [
  'Un viaje inolvidable',
  'Superó nuestras expectativas',
  'Muy bien organizado',
  'Repetiremos seguro',
  'Mágico de principio a fin',
  'Buen viaje, con algún pero',
  'El mejor viaje de nuestra vida',
  'Perfecto para viajar sola',
  'Un guía de diez',
  'Paisajes increíbles',
];
const OPENERS = [
  'Volvimos encantados de {dest}.',
  'Era mi primer viaje en grupo y no pudo salir mejor.',
  'Viajé sola y me sentí acompañada en todo momento.',
  '{tour} fue exactamente lo que buscábamos.',
  'Lo reservamos casi a última hora y fue un acierto.',
  'Llevábamos años queriendo conocer {dest}.',
];
const MIDDLES = [
  'El guía hizo que todo fuera fácil y nos contó mil historias.',
  'Los hoteles, bien situados y limpios; el de {city} era precioso.',
  'El ritmo es intenso, pero merece la pena cada madrugón.',
  'Las excursiones opcionales valen mucho la pena, sobre todo {excursion}.',
  'El grupo era pequeño y enseguida hicimos piña.',
  'La organización, impecable: ni una espera en aeropuertos ni en hoteles.',
];
const CLOSERS = [
  'Repetiremos con Different Roads.',
  'Lo recomiendo sin dudarlo.',
  'Solo cambiaría algún trayecto largo en autocar.',
  'Ya estamos pensando en el próximo.',
  'Eché de menos algo más de tiempo libre, pero volvería a hacerlo.',
];

const PENDING_REVIEWS = [
  {
    title: 'Un viaje para repetir con amigas',
    name: 'Carmen V.',
    rate: 4.5,
    description: 'Fuimos cuatro amigas y volvimos encantadas: el grupo, la guía y los riads. El último día se hizo corto.',
  },
  {
    title: 'La medina de Fez, imprescindible',
    name: 'Jorge T.',
    rate: 4,
    description: 'Perderse por la medina con un guía local no tiene precio. Los trayectos en autocar, largos pero bien llevados.',
  },
] as const;

const halfStep = (min: number, max: number, r: number) => Math.round((min + (max - min) * r) * 2) / 2;

export function buildOpinions(ctx: SeedContext, tours: readonly SeededTour[], periods: readonly SeededPeriod[], people: People): void {
  const { rng, today } = ctx;
  const fill = (text: string, tour: SeededTour) =>
    text
      .replace('{dest}', tour.destination.name)
      .replace('{tour}', tour.seed.name)
      .replace('{city}', tour.cities[2] ?? tour.cities[1] ?? tour.destination.airport[1])
      .replace('{excursion}', (tour.seed.excursions[0]?.[0] ?? 'la visita guiada').toLowerCase());

  const opinionIds: { id: string; name: string }[] = [];
  for (const tour of tours) {
    if (tour.seed.price === null || tour.seed.keywords.includes('oculto')) continue;
    const past = periods.filter((p) => p.tour.id === tour.id && p.kind === 'past' && p.returnDate < today);
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const period = rng.pick(past);
      const female = rng.chance(0.55);
      const name = `${female ? rng.pick(FIRST_NAMES_F) : rng.pick(FIRST_NAMES_M)} ${rng.pick(SURNAMES).charAt(0)}.`;
      const rate = halfStep(3.5, 5, rng.next());
      const id = rng.uuid();
      const draft = rng.chance(0.1);
      const daysAfter = Math.min(daysBetween(period.returnDate, today), rng.int(3, 25));
      const row = add(ctx, 'travelerOpinions', {
        id,
        bookingId: null,
        travelerId: null,
        periodId: period.id,
        tourId: tour.id,
        title: rng.pick(TITLES),
        name,
        email: `${emailSlug(name)}${rng.int(1, 99)}@correo.demo`,
        description: [rng.pick(OPENERS), rng.pick(MIDDLES), rng.pick(CLOSERS)].map((s) => fill(s, tour)).join(' '),
        thumbnail: null,
        avatar: null,
        rate,
        rateGuide: halfStep(Math.max(3, rate - 0.5), 5, rng.next()),
        rateDestination: halfStep(4, 5, rng.next()),
        ratePriceQuality: halfStep(Math.max(3, rate - 1), 5, rng.next()),
        rateAccomodation: halfStep(Math.max(3, rate - 1), 5, rng.next()),
        rateActivities: halfStep(Math.max(3, rate - 0.5), 5, rng.next()),
        homeViewable: !draft && rate >= 4.5 && rng.chance(0.4) ? 1 : 0,
        // As a feedback link saves it: for the tour page once the team publishes it.
        tourViewable: 1,
        urlFolder: null,
        status: draft ? 'DRAFT' : 'ACTIVE',
        type: 'TravelerOpinion',
        createdAt: ctx.stamp(daysBetween(period.returnDate, today) - daysAfter, rng.int(0, 600)),
        publishedMailAt: null,
      });
      // A published review has had its published-opinion mail; a pending one gets it when published.
      if (!draft) row.publishedMailAt = row.createdAt;
      if (!draft) opinionIds.push({ id, name });
    }
  }

  // The demo traveller reviewed the trip she already made; the booking link lets the profile list it.
  const demoBooking = ctx.rows.bookings?.find((b) => b.travelerId === people.demoTraveler.id && periods.find((p) => p.id === b.periodId)?.kind === 'past');
  const demoPeriod = periods.find((p) => p.id === demoBooking?.periodId);
  if (demoBooking && demoPeriod) {
    add(ctx, 'travelerOpinions', {
      id: rng.uuid(),
      bookingId: demoBooking.id,
      travelerId: people.demoTraveler.id,
      periodId: demoPeriod.id,
      tourId: demoPeriod.tour.id,
      title: 'Marruecos nos robó el corazón',
      name: `${people.demoTraveler.name} R.`,
      email: people.demoTraveler.email,
      description: 'Los riads de Fez son una maravilla y la guía, Aisha, nos explicó cada rincón de la medina. Volveré para hacer el desierto.',
      thumbnail: null,
      avatar: null,
      rate: 5,
      rateGuide: 5,
      rateDestination: 5,
      ratePriceQuality: 4.5,
      rateAccomodation: 4.5,
      rateActivities: 4.5,
      homeViewable: 1,
      tourViewable: 1,
      urlFolder: null,
      status: 'ACTIVE',
      type: 'TravelerOpinion',
      createdAt: `${demoPeriod.returnDate}T19:30:00.000Z`,
      publishedMailAt: `${demoPeriod.returnDate}T19:30:00.000Z`,
    });
    // Two reviews of that departure waiting for the team on /admin/tour/opinion, as feedback links save them.
    for (const [i, pending] of PENDING_REVIEWS.entries()) {
      add(ctx, 'travelerOpinions', {
        id: `opinion-pending-${i + 1}`,
        bookingId: null,
        travelerId: null,
        periodId: demoPeriod.id,
        tourId: demoPeriod.tour.id,
        title: pending.title,
        name: pending.name,
        email: `${emailSlug(pending.name)}@correo.demo`,
        description: pending.description,
        thumbnail: null,
        avatar: null,
        rate: pending.rate,
        rateGuide: 5,
        rateDestination: 4.5,
        ratePriceQuality: 4,
        rateAccomodation: 4,
        rateActivities: 4.5,
        homeViewable: 0,
        tourViewable: 1,
        urlFolder: null,
        status: 'DRAFT',
        type: 'TravelerOpinion',
        createdAt: `${demoPeriod.returnDate}T2${i}:15:00.000Z`,
        publishedMailAt: null,
      });
    }
    const excursion = demoPeriod.activities.find((a) => !a.insurance);
    if (excursion) {
      add(ctx, 'optionalActivityOpinions', {
        id: rng.uuid(),
        optionalActivityId: excursion.id,
        bookingId: demoBooking.id,
        travelerId: people.demoTraveler.id,
        rate: 4.5,
        status: 'ACTIVE',
        opinion: 'Muy recomendable, aunque se hizo un poco corto.',
        createdAt: `${demoPeriod.returnDate}T19:40:00.000Z`,
      });
    }
  }

  for (const opinion of rng.sample(opinionIds, 6)) {
    add(ctx, 'opinionComments', {
      id: rng.uuid(),
      opinionId: opinion.id,
      comment: `¡Muchas gracias, ${opinion.name.split(' ')[0]}! Nos alegra muchísimo que disfrutaras del viaje. Trasladamos tus comentarios al guía y al equipo de operaciones.`,
      emailReplySent: rng.chance(0.7) ? 1 : 0,
      createdAt: ctx.stamp(rng.int(0, 2), rng.int(0, 300)),
    });
  }

  const pastActivities = periods
    .filter((p) => p.kind === 'past' && p.returnDate < today)
    .flatMap((p) => p.activities.filter((a) => !a.insurance).map((a) => ({ a, p })));
  for (const { a, p } of rng.sample(pastActivities, 8)) {
    add(ctx, 'optionalActivityOpinions', {
      id: rng.uuid(),
      optionalActivityId: a.id,
      bookingId: null,
      travelerId: null,
      rate: halfStep(3.5, 5, rng.next()),
      status: 'ACTIVE',
      opinion: rng.pick([
        'Imprescindible, lo mejor del viaje.',
        'Bien organizada y con un guía local muy simpático.',
        'Cara para lo que es, pero el paisaje compensa.',
        'Repetiría sin dudarlo.',
      ]),
      createdAt: ctx.stamp(Math.max(0, daysBetween(p.returnDate, today) - 2), rng.int(0, 300)),
    });
  }
}
