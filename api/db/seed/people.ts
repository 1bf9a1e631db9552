/** Countries, agencies, travellers, guides, contact questions and visitor logs. */
import { COUNTRIES, FIRST_NAMES_F, FIRST_NAMES_M, GUIDES, RETAILERS, SURNAMES } from './fixtures/people.ts';
import { DEMO_ADMIN_EMAIL } from './accounts.ts';
import { add, type SeedContext } from './context.ts';
import { addDays } from './dates.ts';
import { cifFromNumber, dniFromNumber, nieFromNumber } from './identity.ts';
import type { SeededTour } from './catalogue.ts';
import type { SeededPeriod } from './periods.ts';

export interface SeededTraveler {
  id: string;
  name: string;
  surname: string;
  email: string;
  dni: string | null;
  retailerId: string | null;
}

export interface People {
  demoTraveler: SeededTraveler;
  travelers: SeededTraveler[];
  retailerIds: string[];
  guideIds: Map<string, string>;
}

export const DEMO_TRAVELER = { name: 'Lucía', surname: 'Ramírez Ortega', email: 'viajero@different.demo' } as const;

/** Lowercase ASCII local part for generated e-mail addresses. */
export function emailSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

export function buildPeople(ctx: SeedContext, tours: readonly SeededTour[], periods: readonly SeededPeriod[]): People {
  const { rng, stamp, today } = ctx;
  const countryIds = new Map<string, string>();
  for (const [iso, name, nationality] of COUNTRIES) {
    const id = rng.uuid();
    countryIds.set(iso, id);
    add(ctx, 'countries', { id, iso, name, nationality });
  }

  const retailerIds: string[] = [];
  for (const r of RETAILERS) {
    const id = rng.uuid();
    retailerIds.push(id);
    const cif = cifFromNumber(r.letter, rng.int(1000000, 9999999));
    add(ctx, 'retailers', {
      id,
      cif,
      corporateName: r.corporateName,
      name: r.name,
      fiscalName: r.corporateName,
      type: 'Agencia minorista',
      contactPerson: r.contact,
      phone: `+34 9${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
      email: `reservas@${r.domain}`,
      invoiceEmail: `facturas@${r.domain}`,
      documentationEmail: `documentacion@${r.domain}`,
      address: r.address,
      postalCode: r.postalCode,
      city: r.city,
      latitude: r.latitude,
      longitude: r.longitude,
      membership: r.membership,
      paymentType: r.paymentType,
      version: 1,
    });
  }

  const travelers: SeededTraveler[] = [];
  const usedEmails = new Set<string>();
  const traveler = (fields: {
    name: string;
    surname: string;
    email?: string;
    sex: 'F' | 'M';
    country: string;
    document: 'dni' | 'nie' | 'passport';
    retailerId?: string | null;
    cognito?: boolean;
  }) => {
    const id = rng.uuid();
    let email = fields.email ?? `${emailSlug(fields.name)}.${emailSlug(fields.surname.split(' ')[0] ?? '')}@correo.demo`;
    while (usedEmails.has(email)) email = email.replace('@', `${rng.int(1, 99)}@`);
    usedEmails.add(email);
    const dni =
      fields.document === 'dni'
        ? dniFromNumber(rng.int(10000000, 79999999))
        : fields.document === 'nie'
          ? nieFromNumber(rng.pick(['X', 'Y', 'Z'] as const), rng.int(1000000, 9999999))
          : null;
    const birth = addDays(today, -rng.int(24 * 365, 72 * 365));
    add(ctx, 'travelers', {
      id,
      cognitoId: fields.cognito ? rng.uuid() : null,
      externalId: rng.chance(0.5) ? `TK-C-${rng.int(10000, 99999)}` : null,
      dni,
      passportId: fields.document === 'passport' || rng.chance(0.4) ? `${rng.pick(['PA', 'XD', 'AB'])}${rng.int(100000, 999999)}` : null,
      name: fields.name,
      surname: fields.surname,
      email,
      birthdate: birth,
      phone: `+34 6${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`,
      // Points come as ledger rows only (the database sums them into the balance).
      accumulatedReward: 0,
      sex: fields.sex,
      retailerId: fields.retailerId ?? null,
      countryId: countryIds.get(fields.country) ?? null,
      cityId: null,
      createdAt: stamp(rng.int(100, 700)),
      updatedAt: stamp(rng.int(0, 99)),
      version: 1,
      erasedAt: null,
    });
    const seeded = { id, name: fields.name, surname: fields.surname, email, dni, retailerId: fields.retailerId ?? null };
    travelers.push(seeded);
    return seeded;
  };

  // Points: 1 point per euro paid on a finished trip, minus the 50 redeemed on the upcoming one (see bookings.ts).
  const demoTraveler = traveler({ ...DEMO_TRAVELER, sex: 'F', country: 'ES', document: 'dni', cognito: true });
  for (let i = 0; i < 18; i++) {
    const female = i % 2 === 0;
    const name = female ? rng.pick(FIRST_NAMES_F) : rng.pick(FIRST_NAMES_M);
    const surname = `${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
    const foreign = i === 5 ? 'RO' : i === 9 ? 'MA' : i === 13 ? 'FR' : 'ES';
    traveler({
      name,
      surname,
      sex: female ? 'F' : 'M',
      country: foreign,
      document: foreign === 'FR' ? 'passport' : foreign === 'ES' ? 'dni' : 'nie',
      retailerId: i === 3 || i === 4 ? (retailerIds[0] ?? null) : i === 7 ? (retailerIds[2] ?? null) : null,
    });
  }

  const visible = tours.filter((t) => t.seed.price !== null && !t.seed.keywords.includes('oculto'));
  for (const slug of ['japon-esencial', 'islandia-tierra-de-hielo-y-fuego', 'costa-rica-en-familia']) {
    const tour = visible.find((t) => t.seed.slug === slug);
    if (tour) add(ctx, 'favoriteTours', { travelerId: demoTraveler.id, tourId: tour.id, createdAt: stamp(rng.int(5, 60)) });
  }
  for (const t of travelers.slice(1, 6)) {
    add(ctx, 'favoriteTours', { travelerId: t.id, tourId: rng.pick(visible).id, createdAt: stamp(rng.int(5, 200)) });
  }

  const guideIds = new Map<string, string>();
  GUIDES.forEach(([name, email, phone], i) => {
    const id = rng.uuid();
    guideIds.set(email, id);
    add(ctx, 'guides', { id, tkId: `TK-G-${100 + i}`, email, name, phone });
  });
  const guidePlan: [string, string[]][] = [
    ['guia@different.demo', ['japon-esencial', 'jordania-petra-y-wadi-rum', 'marruecos-ciudades-imperiales']],
    ['marta.ibanez@different.demo', ['islandia-tierra-de-hielo-y-fuego', 'fiordos-noruegos']],
    ['kenji.morales@different.demo', ['japon-esencial', 'vietnam-de-norte-a-sur']],
    ['aisha.benali@different.demo', ['marruecos-ciudades-imperiales', 'egipto-crucero-por-el-nilo']],
  ];
  const assigned = new Set<string>();
  for (const [email, slugs] of guidePlan) {
    for (const slug of slugs) {
      const tourPeriods = periods.filter((p) => p.tour.seed.slug === slug && p.kind !== 'beyond');
      // One finished departure and the next two, so a guide sees history and upcoming work.
      const chosen = [
        tourPeriods.find((p) => p.kind === 'past' && p.dayOne > addDays(today, -120)),
        ...tourPeriods.filter((p) => p.kind === 'future').slice(0, 2),
      ];
      for (const period of chosen) {
        const key = `${email}|${period?.id}`;
        if (!period || assigned.has(key)) continue;
        assigned.add(key);
        add(ctx, 'guidePeriods', { guideId: guideIds.get(email) as string, periodId: period.id });
      }
    }
  }

  const questions = [
    ['¿Se puede viajar con niños de 5 años en este circuito?', 'costa-rica-en-familia'],
    ['¿El precio incluye las tasas de aeropuerto desde Bilbao?', 'fiordos-noruegos'],
    ['Somos cuatro amigas, ¿podemos reservar dos habitaciones dobles juntas?', 'japon-esencial'],
    ['¿Hay salida desde Valencia en septiembre?', 'jordania-petra-y-wadi-rum'],
    ['Necesito dieta sin gluten, ¿lo tenéis en cuenta en las cenas incluidas?', 'toscana-esencial'],
  ] as const;
  questions.forEach(([question, slug], i) => {
    const tour = tours.find((t) => t.seed.slug === slug);
    const person = i === 2 ? demoTraveler : (travelers[i + 6] as SeededTraveler);
    const id = rng.uuid();
    const phone = `+34 6${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
    const daysAgo = rng.int(1, 40);
    const createdAt = stamp(daysAgo, rng.int(0, 480));
    // The demo traveller's question was answered the day after; the others wait in the office's inbox.
    const answered = i === 2;
    add(ctx, 'contactTours', {
      id,
      question,
      tourName: tour?.seed.name ?? null,
      tourId: tour?.id ?? null,
      travelerId: i % 2 === 0 ? person.id : null,
      name: person.name,
      surname: person.surname,
      email: person.email,
      phone,
      createdAt,
      status: answered ? 'ANSWERED' : 'NEW',
      periodId: null,
      assignedTo: answered ? DEMO_ADMIN_EMAIL : null,
      requestId: null,
      updatedAt: answered ? stamp(Math.max(0, daysAgo - 1), 600) : null,
    });
    if (answered)
      add(ctx, 'contactMessages', {
        id: `${id}-respuesta`,
        contactId: id,
        author: 'STAFF',
        authorEmail: DEMO_ADMIN_EMAIL,
        body: 'Sí: en la reserva elegís dos habitaciones dobles y en el paso de viajeros indicáis quién comparte con quién. Os las damos juntas siempre que el hotel lo permita.',
        mailId: null,
        createdAt: stamp(Math.max(0, daysAgo - 1), 600),
      });
  });

  const utm = [
    ['google', 'cpc', 'japon-otono'],
    ['facebook', 'social', 'black-friday'],
    ['newsletter', 'email', 'mercados-navidenos'],
    ['instagram', 'social', 'singles'],
    ['google', 'organic', null],
    ['afiliado', 'referral', 'ultimas-plazas'],
  ] as const;
  utm.forEach(([source, medium, campaign], i) => {
    const tour = rng.pick(visible);
    add(ctx, 'visitorLogs', {
      id: rng.uuid(),
      hash: Array.from(rng.bytes(8), (b) => b.toString(16).padStart(2, '0')).join(''),
      path: `/tour/${tour.seed.slug}`,
      utmSource: source,
      utmMedium: medium,
      utmVisitor: `v-${rng.int(100000, 999999)}`,
      utmCampaign: campaign,
      travelerId: i < 2 ? demoTraveler.id : null,
      bookingId: null,
      passengers: rng.int(1, 4),
      type: i % 2 === 0 ? 'PAGE_VIEW' : 'BOOKING_START',
      createdAt: stamp(rng.int(0, 15), rng.int(0, 600)),
    });
  });

  return { demoTraveler, travelers, retailerIds, guideIds };
}
