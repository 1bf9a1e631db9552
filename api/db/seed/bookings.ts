/** A handful of bookings in every state, with their travellers, payments, points, airline records and mails. */
import { stepPath } from '#shared/funnel-steps.ts';
import { deadlinesWithOwed } from '#shared/rules/payments.ts';
import { demoTicketLines, demoTicketPdf } from './documents.ts';
import type { BookingStatus } from '#shared/enums.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL } from './accounts.ts';
import { add, spanishDate, type SeedContext } from './context.ts';
import { addDays, daysBetween } from './dates.ts';
import type { SeededCoupon } from './coupons.ts';
import type { SeededPeriod } from './periods.ts';
import type { People, SeededTraveler } from './people.ts';
import type { Random } from './random.ts';

type PaymentStatus = 'PENDING' | 'CONFIRMED' | 'FAILED' | 'CANCELED' | 'REVIEW';
type MailType = 'INFO_PRACTICA' | 'BONO_RESERVA' | 'PAYMENT' | 'REMINDER_PAYMENT' | 'PAYMENT_FALLIDO' | 'BUDGET' | 'PRE_BOOKING';

interface BookingPlan {
  period: SeededPeriod;
  flightCity: string | null;
  lead: SeededTraveler;
  companions: SeededTraveler[];
  children?: number;
  status: BookingStatus;
  daysAgo: number;
  modeName: string;
  insurance?: boolean;
  retailerId?: string | null;
  coupon?: SeededCoupon;
  budget?: boolean;
  /** The budget's name; by default the lead's family's. */
  budgetName?: string;
  payments: {
    share: number;
    status: PaymentStatus;
    method: 'card' | 'bizum' | 'transfer' | 'points';
    reviewReason?: string;
    /** Part given back from the back office (Redsys refund), with why. */
    refund?: { cents: number; reason: string };
  }[];
  mails: { type: MailType; status: 'SENT' | 'PENDING' | 'FAILED' }[];
  cockpit?: boolean;
  /** Every adult took the departure's first optional activity (not insurance). */
  activity?: boolean;
  /** A past trip whose points the job has not credited yet (its feedback mail goes with them). */
  pointsPending?: boolean;
  /** The feedback mail went out the day after the return (the job's record of it, so it is sent once). */
  feedbackMailed?: boolean;
  /**
   * The plan's own generator: a plan added later draws nothing from the shared one, so the rest of the
   * demo data stays as it was.
   */
  rng?: Random;
}

const hex = (rng: Random, bytes: number) => Array.from(rng.bytes(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const SUBJECTS: Record<MailType, string> = {
  INFO_PRACTICA: 'Información práctica para tu viaje',
  BONO_RESERVA: 'Tu bono de reserva',
  PAYMENT: 'Hemos recibido tu pago',
  REMINDER_PAYMENT: 'Recordatorio: tienes un pago pendiente',
  PAYMENT_FALLIDO: 'No hemos podido procesar tu pago',
  BUDGET: 'Tu presupuesto de viaje',
  PRE_BOOKING: 'Tu prerreserva está confirmada',
};

export function buildBookings(ctx: SeedContext, periods: readonly SeededPeriod[], people: People, coupons: ReadonlyMap<string, SeededCoupon>): void {
  const { rng, today } = ctx;
  const bookable = periods.filter(
    (p) => p.kind === 'future' && p.publishWeb === 1 && p.webBookable === 1 && p.tour.seed.price !== null && !p.tour.seed.keywords.includes('oculto'),
  );
  const upcoming = (slug: string) =>
    bookable.find((p) => p.tour.seed.slug === slug && p.flights.some((f) => f.city === 'Madrid')) ?? (bookable[0] as SeededPeriod);
  const finished = periods.find((p) => p.tour.seed.slug === 'marruecos-ciudades-imperiales' && p.kind === 'past' && p.returnDate < today) as SeededPeriod;
  // A trip the demo traveller came back from in the last weeks, with an excursion: her review of it is still to write.
  const justBack = periods.find(
    (p) =>
      p.kind === 'past' &&
      p.returnDate < today &&
      p.returnDate >= addDays(today, -20) &&
      p.tour.id !== finished.tour.id &&
      p.tour.seed.price !== null &&
      !p.tour.seed.keywords.includes('oculto') &&
      p.activities.some((a) => !a.insurance),
  );
  const others = people.travelers.slice(1);
  const t = (i: number) => others[i % others.length] as SeededTraveler;
  const withCockpit = bookable.find((p) => p.flights.some((f) => f.fareId !== null && f.city !== null)) ?? (bookable[1] as SeededPeriod);
  const spread = rng.sample(
    bookable.filter((p) => !['japon-esencial'].includes(p.tour.seed.slug)),
    5,
  );

  const plans: BookingPlan[] = [
    {
      period: upcoming('japon-esencial'),
      flightCity: 'Madrid',
      lead: people.demoTraveler,
      companions: [t(0)],
      status: 'CONFIRMED',
      daysAgo: 40,
      modeName: 'Habitación doble',
      insurance: true,
      payments: [
        { share: 0.3, status: 'CONFIRMED', method: 'card' },
        { share: 0, status: 'CONFIRMED', method: 'points' },
      ],
      mails: [
        { type: 'BONO_RESERVA', status: 'SENT' },
        { type: 'PAYMENT', status: 'SENT' },
      ],
      cockpit: true,
    },
    {
      period: finished,
      flightCity: 'Madrid',
      lead: people.demoTraveler,
      companions: [],
      status: 'CONFIRMED',
      daysAgo: daysBetween(finished.dayOne, today) + 75,
      modeName: 'Habitación individual',
      payments: [{ share: 1, status: 'CONFIRMED', method: 'card' }],
      mails: [
        { type: 'BONO_RESERVA', status: 'SENT' },
        { type: 'INFO_PRACTICA', status: 'SENT' },
      ],
      feedbackMailed: true,
    },
    {
      period: spread[0] as SeededPeriod,
      flightCity: 'Barcelona',
      lead: t(1),
      companions: [t(2)],
      children: 1,
      status: 'IN_PROGRESS',
      daysAgo: 2,
      modeName: 'Habitación triple',
      budget: true,
      payments: [{ share: 0.25, status: 'PENDING', method: 'card' }],
      mails: [{ type: 'BUDGET', status: 'SENT' }],
    },
    {
      period: spread[1] as SeededPeriod,
      flightCity: null,
      lead: t(3),
      companions: [],
      status: 'WAITING_FOR_TRANSFER',
      daysAgo: 4,
      modeName: 'Habitación individual',
      payments: [{ share: 1, status: 'PENDING', method: 'transfer' }],
      mails: [
        { type: 'PRE_BOOKING', status: 'SENT' },
        { type: 'REMINDER_PAYMENT', status: 'PENDING' },
      ],
    },
    {
      period: spread[2] as SeededPeriod,
      flightCity: 'Madrid',
      lead: t(5),
      companions: [t(6), t(7)],
      status: 'PAYPAL_REVIEW',
      daysAgo: 1,
      modeName: 'Habitación triple',
      payments: [{ share: 1, status: 'REVIEW', method: 'card', reviewReason: 'Importe superior al habitual: verificación manual del titular de la tarjeta.' }],
      mails: [],
    },
    {
      period: spread[3] as SeededPeriod,
      flightCity: 'Madrid',
      lead: t(8),
      companions: [],
      status: 'CANCELED',
      daysAgo: 12,
      modeName: 'Habitación doble',
      payments: [{ share: 0.3, status: 'FAILED', method: 'card' }],
      mails: [{ type: 'PAYMENT_FALLIDO', status: 'FAILED' }],
    },
    {
      period: withCockpit,
      flightCity: withCockpit.flights.find((f) => f.fareId !== null && f.city !== null)?.city ?? 'Madrid',
      lead: t(3),
      companions: [t(4)],
      status: 'CONFIRMED',
      daysAgo: 20,
      modeName: 'Habitación doble',
      retailerId: people.retailerIds[0] ?? null,
      payments: [{ share: 1, status: 'CONFIRMED', method: 'transfer' }],
      mails: [{ type: 'BONO_RESERVA', status: 'SENT' }],
      cockpit: true,
    },
    {
      period: spread[4] as SeededPeriod,
      flightCity: 'Madrid',
      lead: t(10),
      companions: [t(11)],
      status: 'CONFIRMED',
      daysAgo: 9,
      modeName: 'Habitación doble',
      coupon: coupons.get('VERANO10'),
      payments: [
        { share: 0.3, status: 'CONFIRMED', method: 'bizum', refund: { cents: 5000, reason: 'Compensación por el cambio de hotel en la segunda noche' } },
        { share: 0.7, status: 'CANCELED', method: 'card' },
      ],
      mails: [
        { type: 'BONO_RESERVA', status: 'SENT' },
        { type: 'PAYMENT', status: 'SENT' },
      ],
    },
    ...(justBack
      ? [
          {
            period: justBack,
            flightCity: 'Madrid',
            lead: people.demoTraveler,
            companions: [],
            status: 'CONFIRMED' as const,
            daysAgo: daysBetween(justBack.dayOne, today) + 50,
            modeName: 'Habitación individual',
            activity: true,
            pointsPending: true,
            payments: [{ share: 1, status: 'CONFIRMED' as const, method: 'card' as const }],
            mails: [
              { type: 'BONO_RESERVA' as const, status: 'SENT' as const },
              { type: 'INFO_PRACTICA' as const, status: 'SENT' as const },
            ],
            rng: ctx.rng.fork('demo-trip-to-review'),
          },
        ]
      : []),
  ];

  const counters: BookingCounters = { orderSerial: 1000, tkSerial: 4100, ticketed: false };
  for (const plan of plans) addPlannedBooking(ctx, plan, counters);
  assignDemoGuide(ctx, people, plans[0]?.period);
  // The demo traveller's balance is her points rows' sum: the database keeps it (api/services/payments/ledger.ts).
}

/**
 * The demo guide leads the demo traveller's next trip (a confirmed booking), whatever departures the
 * guides' plan drew: /admin/guias always has an upcoming departure with travellers on it. No random draw.
 */
function assignDemoGuide(ctx: SeedContext, people: People, period: SeededPeriod | undefined): void {
  const email = DEMO_ACCOUNTS.find((a) => a.role === 'guide')?.email;
  const guideId = email ? people.guideIds.get(email) : undefined;
  if (!period || !guideId) return;
  if (ctx.rows.guidePeriods?.some((row) => row.guideId === guideId && row.periodId === period.id)) return;
  add(ctx, 'guidePeriods', { guideId, periodId: period.id });
}

/**
 * The demo traveller's saved budget, so /perfil/presupuestos-y-favoritos has one to resume: a trip for two
 * to one of her favourite tours, saved three days ago. Written after every other part of the demo, so the
 * rows drawn before it stay exactly as they were.
 */
export function buildDemoBudget(ctx: SeedContext, periods: readonly SeededPeriod[], people: People): void {
  // A departure with seats for two on it, on its flight from Madrid and in a double room: one she can resume.
  const seats = (table: 'flights' | 'reservationModes', id: string | undefined) => {
    const row = (ctx.rows[table] as { id: string; bookableAvailability?: number; availability?: number }[] | undefined)?.find((r) => r.id === id);
    return row?.bookableAvailability ?? row?.availability ?? 0;
  };
  const period = periods
    .filter(
      (p) =>
        p.kind === 'future' &&
        p.publishWeb === 1 &&
        p.webBookable === 1 &&
        p.tour.seed.slug === 'islandia-tierra-de-hielo-y-fuego' &&
        p.availability >= 2 &&
        seats('flights', p.flights.find((f) => f.city === 'Madrid')?.id) >= 2 &&
        seats('reservationModes', p.modes.find((m) => m.name === 'Habitación doble')?.id) >= 1,
    )
    .sort((a, b) => b.availability - a.availability || a.dayOne.localeCompare(b.dayOne))[0];
  const companion = people.travelers[2];
  if (!period || !companion) return;
  const plan: BookingPlan = {
    period,
    flightCity: 'Madrid',
    lead: people.demoTraveler,
    companions: [companion],
    status: 'IN_PROGRESS',
    daysAgo: 3,
    modeName: 'Habitación doble',
    budget: true,
    budgetName: 'Islandia en pareja',
    payments: [],
    mails: [{ type: 'BUDGET', status: 'SENT' }],
  };
  // Its own serials: an IN_PROGRESS booking without payments draws no tkId and no order number anyway.
  addPlannedBooking(ctx, plan, { orderSerial: 9000, tkSerial: 9000, ticketed: true });
}

/** Serial numbers and running totals shared by the bookings one call of the seed writes. */
interface BookingCounters {
  orderSerial: number;
  tkSerial: number;
  /** Whether a confirmed booking already has the uploaded e-ticket. */
  ticketed: boolean;
}

/** Writes one planned booking with its travellers, payments, points, airline records and mails. */
function addPlannedBooking(ctx: SeedContext, plan: BookingPlan, counters: BookingCounters): void {
  const { stamp, today } = ctx;
  const rng = plan.rng ?? ctx.rng;
  const { period } = plan;
  const id = rng.uuid();
  const created = stamp(plan.daysAgo, rng.int(0, 540));
  const updated = stamp(Math.max(0, plan.daysAgo - rng.int(0, 3)), 600);
  const flight = plan.flightCity
    ? (period.flights.find((f) => f.city === plan.flightCity) ?? period.flights[0])
    : (period.flights.find((f) => f.city === null) ?? period.flights[0]);
  const mode = period.modes.find((m) => m.name === plan.modeName) ?? period.modes[0];
  const insurance = plan.insurance ? period.activities.find((a) => a.insurance) : undefined;
  const activity = plan.activity ? period.activities.find((a) => !a.insurance) : undefined;
  /** What a traveller's entry names: the insurance for everyone, the activity for the adults, or '0' for nothing. */
  const servicesOf = (ageGroup: string) => {
    const ids = [insurance?.activityId, ageGroup === 'Adultos' ? activity?.activityId : undefined].filter((id): id is string => id !== undefined);
    return ids.length > 0 ? ids : ['0'];
  };
  const tourCents = (period.tour.seed.price ?? 0) * 100;
  const perAdult =
    tourCents + period.adultSupplementCents + (flight?.adultCents ?? 0) + (mode?.adultCents ?? 0) + (insurance?.adultCents ?? 0) + (activity?.adultCents ?? 0);
  const perChild = Math.round(tourCents * 0.8) + Math.round((flight?.adultCents ?? 0) * 0.75) + (insurance?.adultCents ?? 0);
  const adults = [plan.lead, ...plan.companions];
  const gross = perAdult * adults.length + perChild * (plan.children ?? 0);
  const price = plan.coupon ? Math.round(gross * 0.9) : gross;

  const entries = [
    ...adults.map((person, i) => ({ age_group: 'Adultos', person, lead: i === 0 })),
    ...Array.from({ length: plan.children ?? 0 }, () => ({ age_group: 'Niños', person: null, lead: false })),
  ].map((entry) => ({
    age_group: entry.age_group,
    category: 'Standard category',
    id: String(rng.int(100, 999)),
    lead: entry.lead,
    optional_activities: servicesOf(entry.age_group),
    reservation_fields: entry.person
      ? { name: entry.person.name, surname: entry.person.surname, email: entry.person.email, national_id: entry.person.dni ?? '' }
      : { name: 'Hugo', surname: plan.lead.surname, email: '', national_id: '' },
    reservation_mode: mode?.activityId ?? null,
    departure_flight_activity: flight?.id ?? null,
    return_flight_activity: flight?.id ?? null,
  }));
  const deadlines = [
    { date: addDays(today, 15) < period.dayOne ? addDays(today, 15) : addDays(period.dayOne, -2), amountCents: Math.round(price * 0.3) },
    { date: addDays(period.dayOne, -30) > today ? addDays(period.dayOne, -30) : addDays(period.dayOne, -1), amountCents: price - Math.round(price * 0.3) },
  ];
  const paidCents = plan.payments
    .filter((p) => p.status === 'CONFIRMED')
    .reduce((sum, p) => sum + (p.method === 'points' ? 5000 : Math.round(price * p.share)), 0);
  const owedSince = deadlinesWithOwed({ deadlines, paidCents, insuranceCents: 0 }).find((d) => d.owedCents > 0)?.date ?? null;
  const tkId = plan.status === 'IN_PROGRESS' ? null : `TK-${today.slice(0, 4)}-${counters.tkSerial++}`;
  const cockpitFlight = plan.cockpit ? period.flights.find((f) => f.id === flight?.id && f.fareId !== null) : undefined;
  const preBookingId = cockpitFlight ? rng.uuid() : null;
  const cockpitBookingId = cockpitFlight && plan.retailerId ? rng.uuid() : null;

  add(ctx, 'bookings', {
    id,
    tkId,
    retailerId: plan.retailerId ?? null,
    travelerId: plan.lead.id,
    differentId: String(rng.int(100000, 999999)),
    budgetName: plan.budget ? (plan.budgetName ?? `Presupuesto familia ${plan.lead.surname.split(' ')[0]}`) : null,
    // Where 'Guardar presupuesto' says the budget continues: the funnel's customise step.
    budgetPath: plan.budget ? stepPath('customise', period.tour.seed.slug, id) : null,
    couponId: plan.coupon?.id ?? null,
    priceCents: price,
    travelersStringify: JSON.stringify(entries),
    deadlinesStringify: JSON.stringify(deadlines),
    documentKeys: plan.status === 'CONFIRMED' ? JSON.stringify([`bookings/${id}/bono.pdf`]) : null,
    roommates: '[]',
    extraIds: '[]',
    modes: JSON.stringify(mode ? [{ id: mode.id, name: mode.name, places: mode.places, quantity: 1 }] : []),
    periodId: period.id,
    flightId: flight?.id ?? null,
    cockpitPreBookingId: preBookingId,
    cockpitBookingId,
    status: plan.status,
    tkStatus: plan.status === 'CONFIRMED' ? 'OK' : plan.status === 'CANCELED' ? 'AN' : 'PR',
    tkPaymentStatus: plan.status === 'CONFIRMED' ? (plan.payments.every((p) => p.share === 1 || p.status !== 'CONFIRMED') ? 'PAGADO' : 'PARCIAL') : 'PENDIENTE',
    tpvPaymentStatus: plan.payments.some((p) => p.status === 'CONFIRMED' && p.method !== 'transfer') ? 'OK' : plan.status === 'CANCELED' ? 'KO' : null,
    surveyId: period.kind === 'past' ? `ENC-${rng.int(1000, 9999)}` : null,
    visitedSourceId: null,
    dayOne: period.dayOne,
    luggage: rng.pick(['1 maleta facturada de 23 kg', 'Equipaje de mano', null]),
    howToCheckIn: plan.status === 'CONFIRMED' ? 'Check-in online 24 horas antes en la web de la aerolínea con el localizador del bono.' : null,
    type: 'Booking',
    hash: hex(rng, 16),
    invoiceRef: plan.status === 'CONFIRMED' ? `F-${today.slice(0, 4)}-${rng.int(10000, 99999)}` : null,
    urlInvoice: null,
    fileStatus: plan.status === 'CONFIRMED' ? 'COMPLETO' : 'PENDIENTE',
    pollMeetType: period.kind === 'past' ? 'Recomendación de amigos' : null,
    pollObservations: period.kind === 'past' ? 'Todo perfecto; el guía, excelente.' : null,
    transferCancellationDate: plan.status === 'WAITING_FOR_TRANSFER' ? addDays(today, 5) : null,
    notifyReminder: plan.status === 'WAITING_FOR_TRANSFER' ? 1 : 0,
    notifyDocumentation: plan.status === 'CONFIRMED' ? 1 : 0,
    notifyInsurance: insurance ? 1 : 0,
    notifyCancellation: plan.status === 'CANCELED' ? 1 : 0,
    notifyEticket: 0,
    // A booking whose practical information the demo shows as sent is not sent it again by the job.
    practicalInfoSentAt: plan.mails.some((m) => m.type === 'INFO_PRACTICA') ? updated : null,
    quoteStringify: null,
    // The demo's travellers made (or paid) their own bookings.
    ownerConfirmedAt: created,
    owedSince,
    lastRemindedAt: null,
    retailerReference: plan.retailerId ? `AG-${id.slice(0, 6).toUpperCase()}` : null,
    retailerCommissionPercent: plan.retailerId ? 10 : null,
    createdAt: created,
    updatedAt: updated,
  });
  if (plan.status === 'CONFIRMED' && !counters.ticketed) {
    // One booking has its e-ticket uploaded by staff, as the documentation mail with tickets attaches it.
    counters.ticketed = true;
    const name = 'billete-electronico.pdf';
    const documentId = rng.uuid();
    add(ctx, 'bookingDocuments', {
      id: documentId,
      bookingId: id,
      storageKey: `bookings/${id}/${documentId}-${name}`,
      name,
      contentType: 'application/pdf',
      kind: 'ETICKET',
      bytes: demoTicketPdf(demoTicketLines({ bookingId: id, name })).byteLength,
      requestId: rng.uuid(),
      uploadedBy: DEMO_ADMIN_EMAIL,
      createdAt: stamp(plan.daysAgo, 8),
    });
  }

  // A confirmed booking keeps the seats its payment confirmed. Fixed ids draw nothing from the
  // generator, so the rest of the demo data stays as it was.
  if (plan.status === 'CONFIRMED') {
    add(ctx, 'seatHolds', {
      id: `${id}-hold`,
      bookingId: id,
      resourceType: 'period',
      resourceId: period.id,
      quantity: entries.length,
      expiresAt: new Date(Date.parse(created) + 20 * 60_000).toISOString(),
      releasedAt: null,
      confirmedAt: created,
      clientKey: null,
      createdAt: created,
    });
  }

  const steps: [BookingStatus | null, BookingStatus, string | null, string][] = [[null, 'IN_PROGRESS', null, 'Reserva creada en la web']];
  if (plan.status === 'CONFIRMED') steps.push(['IN_PROGRESS', 'CONFIRMED', 'sistema', 'Primer pago confirmado']);
  if (plan.status === 'WAITING_FOR_TRANSFER') steps.push(['IN_PROGRESS', 'WAITING_FOR_TRANSFER', 'sistema', 'El viajero eligió transferencia bancaria']);
  if (plan.status === 'PAYPAL_REVIEW') steps.push(['IN_PROGRESS', 'PAYPAL_REVIEW', 'sistema', 'Pago en revisión']);
  if (plan.status === 'CANCELED') steps.push(['IN_PROGRESS', 'CANCELED', DEMO_ADMIN_EMAIL, 'Cancelada a petición del cliente tras el pago fallido']);
  if (plan.status === 'CANCELED') {
    // The desk's record of that cancellation: who pressed it, and why.
    add(ctx, 'staffActions', {
      id: rng.uuid(),
      entityType: 'booking',
      entityId: id,
      action: 'cancel',
      actorId: null,
      actorEmail: DEMO_ADMIN_EMAIL,
      requestId: null,
      reason: 'Cancelada a petición del cliente tras el pago fallido',
      before: JSON.stringify({ status: 'IN_PROGRESS' }),
      after: JSON.stringify({ status: 'CANCELED' }),
      createdAt: stamp(plan.daysAgo, 7),
    });
  }
  steps.forEach(([from, to, by, reason], i) => {
    add(ctx, 'bookingStatusChanges', {
      id: rng.uuid(),
      bookingId: id,
      fromStatus: from,
      toStatus: to,
      changedBy: by,
      reason,
      createdAt: stamp(plan.daysAgo, i * 7),
    });
  });

  adults.forEach((person, i) => {
    add(ctx, 'bookingTravelers', {
      id: rng.uuid(),
      bookingId: id,
      travelerId: person.id,
      retailerTravelerId: plan.retailerId ? `AG-${rng.int(1000, 9999)}` : null,
      email: person.email,
      dni: person.dni,
      pvpCents: perAdult,
      periodExtraCents: period.adultSupplementCents,
      flightExtraCents: flight?.adultCents ?? 0,
      roomExtraCents: mode?.adultCents ?? 0,
      reward: period.kind === 'past' && !plan.pointsPending && i === 0 ? Math.floor(price / 100) : 0,
      pnr: plan.status === 'CONFIRMED' && flight?.city ? hex(rng, 3).toUpperCase() : null,
      eTicket: period.kind === 'past' ? `075-${rng.int(1000000000, 9999999999)}` : null,
    });
  });

  let paymentMinute = 30;
  for (const pay of plan.payments) {
    const paymentId = rng.uuid();
    const amount = pay.method === 'points' ? 5000 : Math.round(price * pay.share);
    const orderNumber = `${String(counters.orderSerial++).padStart(4, '0')}${hex(rng, 4).toUpperCase()}`;
    add(ctx, 'payments', {
      id: paymentId,
      bookingId: id,
      orderNumber,
      type: pay.share === 1 ? 'TOTAL' : pay.method === 'points' ? 'PUNTOS' : 'PARCIAL',
      tkId,
      amountCents: amount,
      paymentMethod: pay.method,
      paymentOrigin: plan.retailerId ? 'AGENCIA' : 'WEB',
      paymentToken: pay.method === 'card' || pay.method === 'bizum' ? hex(rng, 12) : null,
      reviewReason: pay.reviewReason ?? null,
      tkPaymentStatus: pay.status === 'CONFIRMED' ? 'REGISTRADO' : null,
      tpvPaymentStatus:
        pay.method === 'transfer' || pay.method === 'points' ? null : pay.status === 'CONFIRMED' ? '0000' : pay.status === 'FAILED' ? '0190' : null,
      creditUrl: null,
      status: pay.status,
      hash: hex(rng, 16),
      paymentReceipt: pay.status === 'CONFIRMED' ? `receipts/${paymentId}.pdf` : null,
      expiresAt: null,
      confirmedAt: pay.status === 'CONFIRMED' ? stamp(plan.daysAgo, paymentMinute + 5) : null,
      pointsRequested: pay.method === 'points' ? 50 : 0,
      pointsTravelerId: pay.method === 'points' ? plan.lead.id : null,
      pointsDiscountCents: pay.method === 'points' ? amount : 0,
      refundedCents: pay.refund?.cents ?? 0,
      reference: null,
      note: null,
      paidOn: null,
      recordedBy: null,
      createdAt: stamp(plan.daysAgo, paymentMinute),
      updatedAt: stamp(plan.daysAgo, paymentMinute + 5),
    });
    // Terminal payments leave their notification and, once confirmed, the traveller's DEBIT. Ids are
    // derived, not drawn, so the rest of the demo data stays as it was.
    const terminal = pay.method === 'card' || pay.method === 'bizum';
    if (terminal && (pay.status === 'CONFIRMED' || pay.status === 'FAILED')) {
      add(ctx, 'paymentNotifications', {
        id: `${paymentId}-notification`,
        paymentId,
        orderNumber,
        responseCode: pay.status === 'CONFIRMED' ? '0000' : '0190',
        signatureVersion: 'HMAC_SHA256_V1',
        merchantParameters: null,
        signature: null,
        outcome: pay.status === 'CONFIRMED' ? 'approved' : 'declined',
        detail: pay.status === 'FAILED' ? 'Denegado por el banco (Ds_Response 0190).' : null,
        createdAt: stamp(plan.daysAgo, paymentMinute + 5),
      });
    }
    if (pay.status === 'CONFIRMED' && pay.method !== 'points') {
      add(ctx, 'transactions', {
        id: `${paymentId}-debit`,
        travelerId: plan.lead.id,
        bookingId: id,
        paymentId,
        amount,
        curency: 'EUR',
        exchangeRate: 1,
        status: 'COMPLETED',
        type: 'DEBIT',
        kind: 'PAYMENT',
        createdAt: stamp(plan.daysAgo, paymentMinute + 5),
      });
    }
    if (pay.refund) {
      // The desk's refund: the terminal's answer, the traveller's CREDIT and who pressed it.
      const refundedAt = stamp(Math.max(0, plan.daysAgo - 2), 120);
      add(ctx, 'refunds', {
        id: `${paymentId}-refund`,
        paymentId,
        bookingId: id,
        amountCents: pay.refund.cents,
        status: 'DONE',
        responseCode: '0900',
        reason: pay.refund.reason,
        requestId: `${paymentId}-refund`,
        actorEmail: DEMO_ADMIN_EMAIL,
        createdAt: refundedAt,
        settledAt: refundedAt,
      });
      add(ctx, 'transactions', {
        id: `${paymentId}-refund`,
        travelerId: plan.lead.id,
        bookingId: id,
        paymentId: null,
        amount: pay.refund.cents,
        curency: 'EUR',
        exchangeRate: 1,
        status: 'REFUNDED',
        type: 'CREDIT',
        kind: 'PAYMENT',
        createdAt: refundedAt,
      });
    }
    paymentMinute += 45;
    if (pay.status === 'CONFIRMED') add(ctx, 'paymentVouchers', { id: rng.uuid(), bookingId: id, paymentId, voucherUrl: `vouchers/${id}/${paymentId}.pdf` });
    if (pay.method === 'points') {
      add(ctx, 'transactions', {
        id: rng.uuid(),
        travelerId: plan.lead.id,
        bookingId: id,
        paymentId,
        amount: 50,
        curency: 'EUR',
        exchangeRate: 1,
        status: 'COMPLETED',
        type: 'DEBIT',
        kind: 'POINTS',
        createdAt: stamp(plan.daysAgo, paymentMinute),
      });
    }
  }
  if (period.kind === 'past' && plan.status === 'CONFIRMED' && !plan.pointsPending) {
    const points = Math.floor(price / 100);
    add(ctx, 'transactions', {
      id: rng.uuid(),
      travelerId: plan.lead.id,
      bookingId: id,
      paymentId: null,
      amount: points,
      curency: 'EUR',
      exchangeRate: 1,
      status: 'COMPLETED',
      type: 'CREDIT',
      kind: 'POINTS',
      createdAt: `${addDays(period.returnDate, 1)}T06:00:00.000Z`,
    });
  }

  if (cockpitFlight && preBookingId) {
    add(ctx, 'cockpitPreBookings', {
      id: preBookingId,
      bookingId: id,
      fareCents: Math.round((flight?.adultCents ?? 0) * 0.8),
      fareId: cockpitFlight.fareId as string,
      inboundItineraryId: `IN-${rng.int(100000, 999999)}`,
      outboundItineraryId: `OUT-${rng.int(100000, 999999)}`,
      cockpitFlightId: cockpitFlight.cockpitFlightId,
      flightId: cockpitFlight.id,
      createdAt: stamp(plan.daysAgo, 20),
    });
  }
  if (cockpitBookingId) {
    const purchase = Math.round((flight?.adultCents ?? 0) * 0.78) * adults.length;
    add(ctx, 'cockpitBookings', {
      id: cockpitBookingId,
      bookingId: id,
      pnrLocator: hex(rng, 3).toUpperCase(),
      pseudoCityCode: 'MADDR2102',
      purchasePriceCents: purchase,
      totalTaxCents: 14500 * adults.length,
      agencyPurchasePriceCents: Math.round(purchase * 0.97),
      agencyMarginCents: Math.round(purchase * 0.08),
      agencyCommissionPercent: 8,
      ticketTimeLimit: stamp(-5, 600),
      status: 'TICKETED',
      createdAt: stamp(plan.daysAgo, 90),
    });
  }
  if (tkId) {
    add(ctx, 'bookingResponses', {
      id: rng.uuid(),
      bookingId: id,
      tkResponse: JSON.stringify({ status: 'OK', tkId, items: [{ periodId: period.id, pax: adults.length + (plan.children ?? 0) }] }),
      createdAt: stamp(plan.daysAgo, 15),
    });
  }

  plan.mails.forEach((mail, i) => {
    const mailId = rng.uuid();
    const createdAt = stamp(Math.max(0, plan.daysAgo - i), 60 + i * 30);
    const line = `${SUBJECTS[mail.type]}: ${period.tour.seed.name}, salida el ${spanishDate(period.dayOne)}.`;
    add(ctx, 'mails', {
      id: mailId,
      type: mail.type,
      bookingId: id,
      toAddress: plan.lead.email,
      subject: `${SUBJECTS[mail.type]} · ${period.tour.seed.name}`,
      html: `<p>Hola, ${plan.lead.name}:</p><p>${line}</p><p>Un abrazo,<br>el equipo de Different Roads</p>`,
      text: `Hola, ${plan.lead.name}:\n\n${line}\n\nUn abrazo,\nel equipo de Different Roads`,
      attachments: mail.type === 'BONO_RESERVA' ? JSON.stringify([{ filename: 'bono-reserva.pdf', key: `bookings/${id}/bono.pdf` }]) : '[]',
      status: mail.status,
      attempts: mail.status === 'PENDING' ? 0 : mail.status === 'FAILED' ? 5 : 1,
      nextAttemptAt: mail.status === 'PENDING' ? stamp(-1) : createdAt,
      createdAt,
      sentAt: mail.status === 'SENT' ? createdAt : null,
    });
    add(ctx, 'bookingMails', { id: rng.uuid(), bookingId: id, status: mail.type, createdAt });
    // A reminder the job sent for the first deadline (the job's record of it, so it is sent once).
    if (mail.type === 'REMINDER_PAYMENT' && deadlines[0]) {
      add(ctx, 'paymentReminders', { bookingId: id, deadlineDate: deadlines[0].date, amountCents: deadlines[0].amountCents, mailId, createdAt });
    }
    if (mail.status === 'SENT') add(ctx, 'mailLogs', { id: rng.uuid(), mailId, bookingId: id, type: mail.type, status: 'SENT', error: null, createdAt });
    if (mail.status === 'FAILED') {
      add(ctx, 'mailLogs', {
        id: rng.uuid(),
        mailId,
        bookingId: id,
        type: mail.type,
        status: 'RETRY',
        error: 'ECONNREFUSED: servidor SMTP no disponible',
        createdAt,
      });
      add(ctx, 'mailLogs', {
        id: rng.uuid(),
        mailId,
        bookingId: id,
        type: mail.type,
        status: 'FAILED',
        error: 'Buzón de destino lleno (552 5.2.2)',
        createdAt: stamp(Math.max(0, plan.daysAgo - 1)),
      });
    }
  });

  if (plan.feedbackMailed) {
    // The feedback mail the job sent the morning after the return, and its record. Ids are derived, not drawn.
    const mailId = `${id}-feedback`;
    const createdAt = `${addDays(period.returnDate, 1)}T07:00:00.000Z`;
    const line = `¿Qué tal tu viaje «${period.tour.seed.name}»? Cuéntanos qué te pareció: tu opinión ayuda a otros viajeros a elegir.`;
    add(ctx, 'mails', {
      id: mailId,
      type: 'FEEDBACK',
      bookingId: id,
      toAddress: plan.lead.email,
      subject: `¿Qué tal tu viaje «${period.tour.seed.name}»?`,
      html: `<p>Hola, ${plan.lead.name}:</p><p>${line}</p><p>Un abrazo,<br>el equipo de Different Roads</p>`,
      text: `Hola, ${plan.lead.name}:\n\n${line}\n\nUn abrazo,\nel equipo de Different Roads`,
      attachments: '[]',
      status: 'SENT',
      attempts: 1,
      nextAttemptAt: createdAt,
      createdAt,
      sentAt: createdAt,
    });
    add(ctx, 'mailLogs', { id: `${mailId}-log`, mailId, bookingId: id, type: 'FEEDBACK', status: 'SENT', error: null, createdAt });
    add(ctx, 'feedbackRequests', { bookingId: id, mailId, createdAt });
  }
}
