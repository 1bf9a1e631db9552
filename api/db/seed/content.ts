/** Home carousels, offer sliders, campaign grids, landings, banners, company info and home activities. */
import { PARENT_REGIONS, type Landscape } from './fixtures/destinations.ts';
import { LANDINGS } from './fixtures/landings.ts';
import type { LandingContentType, SliderCategory, SliderStatus } from '#shared/enums.ts';
import { BANNER_ANIMATION_MS } from '#shared/constants.ts';
import { add, cents, type SeedContext } from './context.ts';
import { DEMO_ADMIN_EMAIL } from './accounts.ts';
import type { SeededTour } from './catalogue.ts';
import type { SeededPeriod } from './periods.ts';
import { addOfferCoupon } from './coupons.ts';
import { NO_FLIGHT_NAME } from './flights.ts';
import type { ImageFile } from './images.ts';

export const landingImagePaths = (slug: string) => ({ desktop: `landing/${slug}/desktop.webp`, mobile: `landing/${slug}/mobile.webp` });

function landingJobs(slug: string, landscape: Landscape, winter = false): ImageFile[] {
  const paths = landingImagePaths(slug);
  return [
    { path: paths.desktop, width: 1600, height: 600, landscape, label: slug, winter },
    { path: paths.mobile, width: 568, height: 568, landscape, label: slug, winter },
  ];
}

interface SliderPlan {
  label: string;
  category: SliderCategory;
  status: SliderStatus;
  website: string | null;
  position: number;
  description: string;
  pick: (t: SeededTour) => boolean;
}

const isVisible = (t: SeededTour) => t.seed.price !== null && !t.seed.keywords.includes('oculto');
const winterish = (t: SeededTour) => t.seed.months.every((m) => [10, 11, 12, 1, 2, 3].includes(m));

const CAROUSELS: readonly SliderPlan[] = [
  {
    label: 'Aventuras en grupo',
    category: 'GROUP',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 1,
    description: 'Viaja con gente como tú y un guía que lo hace todo fácil.',
    pick: (t) => t.seed.type === 'Group' && t.destination.continent !== 'Europa',
  },
  {
    label: 'Europa en grupo',
    category: 'GROUP',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 2,
    description: 'Grandes viajes a pocas horas de casa.',
    pick: (t) => t.seed.type === 'Group' && t.destination.continent === 'Europa',
  },
  {
    label: 'Escapadas de invierno',
    category: 'GROUP',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 3,
    description: 'Auroras, mercados navideños y sol cuando aquí hace frío.',
    pick: (t) => winterish(t),
  },
  {
    label: 'Viajes para singles',
    category: 'SINGLE',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 1,
    description: 'Viaja solo y conoce gente nueva.',
    pick: (t) => t.seed.singles === true,
  },
  {
    label: 'A tu aire',
    category: 'SINGLE',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 2,
    description: 'Todo reservado y tú decides el ritmo.',
    pick: (t) => t.seed.type === 'FIT',
  },
  {
    label: 'Viajes privados a medida',
    category: 'FIT',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 1,
    description: 'Solo para ti y los tuyos, con guía y chófer privados.',
    pick: (t) => t.seed.type === 'Private',
  },
  {
    label: 'Próximamente: Asia en primavera',
    category: 'GROUP',
    status: 'DRAFT',
    website: 'WEBDR',
    position: 4,
    description: 'Borrador de la campaña de primavera.',
    pick: (t) => t.destination.continent === 'Asia' && t.seed.months.includes(4),
  },
  {
    label: 'Con niños, a su ritmo',
    category: 'FAMILY',
    status: 'ACTIVE',
    website: 'WEBDR',
    position: 5,
    description: 'Salidas pensadas para viajar en familia: en /viajes-en-familia.',
    pick: (t) => t.seed.keywords.includes('familia'),
  },
];

const GRIDS = [
  {
    slug: 'viaje-mercados-navidenos',
    title: 'Viaje a mercados Navideños Europeos',
    subtitle: 'Luces, villancicos y vino caliente en las plazas más bonitas de Europa',
    landscape: 'village' as const,
    winter: true,
    pick: (t: SeededTour) => t.seed.keywords.includes('navidad'),
  },
  {
    slug: 'black-friday',
    title: 'Black Friday viajero',
    subtitle: 'Los mejores descuentos del año en nuestros grandes viajes',
    landscape: 'city' as const,
    winter: false,
    pick: (t: SeededTour) => isVisible(t) && t.seed.price !== null && t.seed.price >= 2500,
    // The grid's own texts (issue 33): a promotion over the banner, which comes in animated, and a closing block.
    texts: {
      promotionBanner: 'Hasta -20 % solo esta semana',
      labelFooter: 'Cómo funciona el Black Friday',
      descriptionFooter:
        'El descuento ya está aplicado en el precio de cada salida. Reserva con el importe de la reserva y paga el resto en los plazos de siempre.',
      animate: true,
    },
  },
  {
    slug: 'viajes-en-familia',
    title: 'Viajes en familia',
    subtitle: 'Itinerarios pensados para viajar con niños',
    landscape: 'jungle' as const,
    winter: false,
    pick: (t: SeededTour) => t.seed.keywords.includes('familia'),
  },
];

export function buildContent(ctx: SeedContext, tours: readonly SeededTour[], periods: readonly SeededPeriod[]): ImageFile[] {
  const { rng, stamp, today } = ctx;
  const jobs: ImageFile[] = [];
  const createdAtById = new Map<string, string>();
  const slider = (fields: {
    label: string;
    category: SliderCategory;
    status: SliderStatus;
    website: string | null;
    position: number;
    description: string | null;
    sliderSlug?: string;
    title?: string;
    subtitle?: string;
    banner?: boolean;
    texts?: { promotionBanner: string; labelFooter: string; descriptionFooter: string; animate: boolean };
  }) => {
    const id = rng.uuid();
    const images = fields.sliderSlug && fields.banner ? landingImagePaths(fields.sliderSlug) : null;
    const createdAt = stamp(rng.int(30, 200));
    add(ctx, 'sliders', {
      id,
      version: 1,
      website: fields.website,
      position: fields.position,
      label: fields.label,
      subTitleBanner: fields.subtitle ?? null,
      promotionBanner: fields.texts?.promotionBanner ?? null,
      description: fields.description,
      labelFooter: fields.texts?.labelFooter ?? null,
      descriptionFooter: fields.texts?.descriptionFooter ?? null,
      category: fields.category,
      status: fields.status,
      sliderSlug: fields.sliderSlug ?? null,
      // A grid's list heading is its own; the page says 'Viajes de la campaña' without one.
      sliderTitle: null,
      subtitle: fields.subtitle ?? null,
      title: fields.title ?? null,
      sliderBanner: images?.desktop ?? null,
      sliderBannerMobile: images?.mobile ?? null,
      sliderBannerAnimation: fields.texts?.animate ? String(BANNER_ANIMATION_MS) : null,
      createdAt,
      updatedAt: stamp(rng.int(0, 29)),
    });
    createdAtById.set(id, createdAt);
    return id;
  };
  const link = (sliderId: string, tourId: string, position: number, tourOfferId: string | null = null) =>
    add(ctx, 'tourSliders', { id: rng.uuid(), tourId, sliderId, position, tourOfferId });

  for (const plan of CAROUSELS) {
    const id = slider(plan);
    const roll = tours
      .filter(plan.pick)
      .slice(0, 8)
      .map((t, i) => ({ tourId: t.id, position: i + 1 }));
    for (const entry of roll) link(id, entry.tourId, entry.position);
    // The editors' history starts with the demo content: who made each carousel of the home, and how.
    const { label, category, position, status, website } = plan;
    add(ctx, 'contentHistory', {
      id: `${id}-created`,
      entityType: 'carousel',
      entityId: id,
      version: 1,
      action: 'create',
      actorId: null,
      actorEmail: DEMO_ADMIN_EMAIL,
      requestId: null,
      before: null,
      after: JSON.stringify({ id, website, label, category, position, status, tours: roll }),
      createdAt: createdAtById.get(id) ?? '',
    });
  }
  // Fixtures for the visitor filters: a hidden tour and one without an adult price sit inside a live carousel.
  const group = ctx.rows.sliders?.[0]?.id as string;
  for (const t of tours.filter((t) => !isVisible(t))) link(group, t.id, 20);

  for (const grid of GRIDS) {
    const id = slider({
      label: grid.title,
      category: 'GRID',
      status: 'ACTIVE',
      website: 'DRCAMPAIGN',
      position: 0,
      description: grid.subtitle,
      sliderSlug: grid.slug,
      title: grid.title,
      subtitle: grid.subtitle,
      banner: true,
      texts: 'texts' in grid ? grid.texts : undefined,
    });
    for (const [i, t] of tours.filter(grid.pick).slice(0, 12).entries()) link(id, t.id, i + 1);
  }

  // Offer sliders: one card per offer, cities taken from the chosen flights' names.
  const live = periods.filter((p) => p.kind === 'future' && p.publishWeb === 1 && p.webBookable === 1 && p.availability > 0 && isVisible(p.tour));
  const offerSliders = [
    {
      slug: 'ultimas-plazas',
      title: 'Últimas Plazas',
      subtitle: 'Ofertas especiales de último minuto',
      description: 'Plazas sueltas en salidas muy próximas',
      candidates: [...live].sort((a, b) => a.dayOne.localeCompare(b.dayOne)),
    },
    { slug: 'ofertas', title: 'Ofertas', subtitle: 'Ofertas especiales', description: 'Ofertas especiales', candidates: rng.sample(live, live.length) },
  ];
  const usedTours = new Set<string>();
  for (const [s, plan] of offerSliders.entries()) {
    const sliderId = slider({
      label: plan.title,
      category: 'GROUP',
      status: 'ACTIVE',
      website: 'DRCAMPAIGN',
      position: 0,
      description: plan.description,
      sliderSlug: plan.slug,
      title: plan.title,
      subtitle: plan.subtitle,
    });
    const chosen = plan.candidates.filter((p) => !usedTours.has(p.tour.id) && p.flights.filter((f) => f.city).length >= 3).slice(0, 7);
    chosen.forEach((period, i) => {
      usedTours.add(period.tour.id);
      const real = period.flights.filter((f) => f.name !== NO_FLIGHT_NAME);
      // Cases 0, 1, 2 and 3+ departure cities, in turn.
      const cityCount = [1, 2, 0, 3, 1, 2, 4][i] ?? 1;
      const picked = real.slice(0, cityCount);
      const discount = cents(rng.int(5, 30) * 10);
      const code = `${s === 0 ? 'ULTIMAS' : 'OFERTA'}${discount / 100}-${String(i + 1).padStart(2, '0')}`;
      addOfferCoupon(ctx, code, discount, period);
      const offerId = rng.uuid();
      add(ctx, 'tourOffers', {
        id: offerId,
        version: 1,
        periodId: period.id,
        flightId: picked.length === 1 ? (picked[0]?.id ?? null) : null,
        stock: rng.chance(0.6) ? rng.int(1, 6) : null,
        description: rng.pick([
          'Solo quedan unas pocas plazas a este precio',
          'Precio final por persona con el código',
          'Descuento aplicado con el código de la oferta',
        ]),
        discountCents: discount,
        coupon: code,
        position: i + 1,
        status: i === 5 ? 'inactive' : 'active',
        departureCities: JSON.stringify(picked.map((f) => f.name.replace('Vuelo desde ', ''))),
      });
      link(sliderId, period.tour.id, i + 1, offerId);
    });
  }

  for (const landing of LANDINGS) {
    const landingId = rng.uuid();
    add(ctx, 'landings', { id: landingId, slug: landing.slug, name: landing.name, status: 'ACTIVE', version: 1 });
    const images = landingImagePaths(landing.slug);
    const contents: [LandingContentType, string, string | null, string | null][] = [
      ['TITLE', 'banner-title', landing.title, null],
      ['TEXT', 'banner-subtitle', landing.subtitle, null],
      ['IMAGE', 'banner-image', images.desktop, images.mobile],
      ['ENRICHED_TEXT', 'main-content', landing.html, null],
    ];
    for (const [contentType, name, value1, value2] of contents) {
      add(ctx, 'landingContents', {
        id: rng.uuid(),
        landingId,
        slug: landing.slug,
        contentType,
        name,
        value1,
        value2,
        updatedAt: stamp(rng.int(0, 90)),
        version: 1,
      });
    }
    jobs.push(...landingJobs(landing.slug, landing.landscape, landing.winter));
  }

  const banners = [
    ['viaje-mercados-navidenos', '<h2>Mercados navideños</h2><p>Alsacia, la Selva Negra, Viena y Praga. Salidas en noviembre y diciembre.</p>', 1],
    ['black-friday', '<h2>Black Friday viajero</h2><p>Hasta 250 € de descuento por persona en grandes viajes.</p>', 1],
    ['home', '<h2>Viajes en grupo con alma</h2><p>Más de 40 destinos con guía en español y grupos reducidos.</p>', 0],
  ] as const;
  banners.forEach(([slug, content, enhanceMenu], order) => {
    const images = landingImagePaths(slug);
    add(ctx, 'mainBanners', {
      id: rng.uuid(),
      version: 1,
      backgroundImageDesktop: images.desktop,
      backgroundImageMobile: images.mobile,
      content,
      order: order + 1,
      status: order === 1 ? 'DRAFT' : 'ACTIVE',
      enhanceMenu,
    });
  });
  PARENT_REGIONS.forEach((region, order) => {
    const images = landingImagePaths(region.slug);
    const hasImages = LANDINGS.some((l) => l.slug === region.slug);
    add(ctx, 'regionBanners', {
      id: rng.uuid(),
      version: 1,
      region: region.slug,
      imageDesktop: hasImages ? images.desktop : null,
      imageMobile: hasImages ? images.mobile : null,
      description: region.description,
      order: order + 1,
      visible: hasImages ? 1 : 0,
    });
  });

  add(ctx, 'companyInfo', {
    id: rng.uuid(),
    name: 'Different Roads',
    description:
      'Agencia de viajes especializada en circuitos en grupo, viajes para singles y viajes privados, con guías en español y grupos reducidos desde 2009.',
    country: 'España',
    numberPhone: '+34 910 000 000',
    schedules: 'Lunes a viernes de 9:00 a 20:00 y sábados de 10:00 a 14:00',
    email: 'hola@different.demo',
    ads: 'Reserva ahora con solo 1 € y paga el resto más adelante.',
    offerValidity: `Ofertas válidas hasta el 31 de diciembre de ${today.slice(0, 4)} o hasta agotar plazas.`,
    version: 1,
    updatedAt: null,
  });

  const activityPlans = [
    ['Safari fotográfico en Masái Mara', 'Masái Mara', 'Kenia', 'kenia-safari-masai-mara'],
    ['Noche en un ryokan con onsen', 'Takayama', 'Japón', 'japon-esencial'],
    ['Crucero por el fiordo de Geiranger', 'Geiranger', 'Noruega', 'fiordos-noruegos'],
    ['Globo sobre Capadocia', 'Göreme', 'Turquía', 'turquia-estambul-y-capadocia'],
    ['Noche en el desierto de Wadi Rum', 'Wadi Rum', 'Jordania', 'jordania-petra-y-wadi-rum'],
    ['Cata de vinos en el valle de Orcia', 'Montalcino', 'Italia', 'toscana-esencial'],
    ['Trineo de huskies en Laponia', 'Rovaniemi', 'Finlandia', 'laponia-finlandesa-en-familia'],
  ] as const;
  activityPlans.forEach(([name, city, country, slug], i) => {
    const tour = tours.find((t) => t.seed.slug === slug);
    if (!tour) return;
    const id = rng.uuid();
    add(ctx, 'activities', {
      id,
      thumbnail: `${tour.id}/${tour.thumbnail}`,
      name,
      city,
      country,
      description: `${name}: una de las experiencias que más recuerdan nuestros viajeros en ${country}.`,
      homeViewable: i < 6 ? 1 : 0,
      status: i === 6 ? 'DRAFT' : 'ACTIVE',
      position: i,
    });
    add(ctx, 'activityTours', { activityId: id, tourId: tour.id });
    const also = tours.find((t) => t.id !== tour.id && t.destination.name === country);
    if (also) add(ctx, 'activityTours', { activityId: id, tourId: also.id });
  });

  const photoTours = tours.filter(isVisible).filter((_, i) => i % 6 === 0);
  photoTours.forEach((tour, i) => {
    add(ctx, 'travellerPhotos', {
      id: rng.uuid(),
      name: `Grupo de ${tour.destination.name}, ${tour.cities[1] ?? tour.cities[0]}`,
      thumbnail: `${tour.id}/${tour.banner}`,
      status: i === photoTours.length - 1 ? 'DRAFT' : 'ACTIVE',
      position: i,
    });
  });

  // /admin/integraciones as an operator finds it once tried: a receiver of the ERP, paused, whose last
  // delivery failed, and a key that was revoked. Nothing in the demo calls out.
  const endpointId = rng.uuid();
  const at = stamp(3);
  add(ctx, 'webhookEndpoints', {
    id: endpointId,
    url: 'https://erp.different.demo/webhooks/tienda',
    description: 'ERP de la oficina (demostración, en pausa)',
    secret: `whsec_demo${rng.uuid().replace(/-/g, '')}`,
    events: JSON.stringify(['booking.created', 'booking.confirmed', 'booking.cancelled', 'payment.received']),
    active: 0,
    createdBy: DEMO_ADMIN_EMAIL,
    createdAt: stamp(10),
  });
  add(ctx, 'webhookDeliveries', {
    id: rng.uuid(),
    endpointId,
    eventId: rng.uuid(),
    eventType: 'booking.created',
    payload: JSON.stringify({ type: 'booking.created', createdAt: at, data: { bookingId: 'demo' } }),
    status: 'FAILED',
    attempts: 8,
    nextAttemptAt: at,
    lastStatusCode: 503,
    lastError: 'El receptor respondió 503',
    replayOf: null,
    createdAt: at,
    deliveredAt: null,
  });
  add(ctx, 'apiKeys', {
    id: rng.uuid(),
    name: 'ERP de la oficina (demostración)',
    prefix: `drk_${rng.uuid().replace(/-/g, '').slice(0, 12)}`,
    keyHash: rng.uuid().replace(/-/g, '').repeat(2),
    scopes: JSON.stringify(['bookings:read', 'travelers:read']),
    createdBy: DEMO_ADMIN_EMAIL,
    createdAt: stamp(10),
    lastUsedAt: null,
    revokedAt: stamp(2),
  });
  return jobs;
}
