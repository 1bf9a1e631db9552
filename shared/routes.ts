/**
 * Every route of both specs in one table (storefront-and-booking.md §2, cms-and-backoffice.md §2): what
 * the Node server, the generated nginx config and the shell pages are all derived from.
 *
 * - 'static': Astro builds one page per concrete path (`/tour/{slug}` for every tour of the catalogue).
 * - 'shell': one prebuilt page serves every concrete path of the pattern; an island reads the
 *   parameters from `location` and loads what the screen needs from the API.
 * - 'app': answered by the Node app itself (nginx proxies it there).
 *
 * Patterns use Hono's syntax (`:name`, optional `:name?`); "all routes are exact matches" (§2), so a
 * pattern never matches a longer path. Earlier entries win, so specific patterns come before generic ones.
 */
import { PatternRouter } from 'hono/router/pattern-router';

export type RouteArea = 'public' | 'booking' | 'feedback' | 'profile' | 'admin';

/** One screen that is served as a shell; several routes may share it (the spec's "share one screen"). */
export interface ShellDef {
  /** Spanish heading the placeholder shows until the screen's island replaces it. */
  title: string;
  /**
   * The shell is a regular page of the site at this build path, made by its own Astro page, instead of
   * a placeholder under `/shells/`.
   */
  file?: string;
}

interface RouteBase {
  /** Stable name code refers to (never shown). */
  name: string;
  pattern: string;
  area: RouteArea;
  /** Kept out of search engines (`X-Robots-Tag: noindex`): private or per-visitor screens. */
  noindex?: boolean;
}
export interface StaticRoute extends RouteBase {
  kind: 'static';
}
export interface ShellRoute extends RouteBase {
  kind: 'shell';
  shell: ShellName;
}
export interface AppRoute extends RouteBase {
  kind: 'app';
}
export type RouteDef = StaticRoute | ShellRoute | AppRoute;

export const SHELLS = {
  // site/pages/busqueda/index.astro: /busqueda itself, and every /busqueda/{slug}.
  search: { title: 'Resultados de la búsqueda', file: '/busqueda/index.html' },
  'booking-start': { title: 'Empieza tu reserva' },
  'booking-details': { title: 'Completa tus datos' },
  'booking-flights': { title: 'Añade tus vuelos' },
  'booking-customise': { title: 'Personaliza el viaje' },
  'booking-passengers': { title: 'Pasajeros' },
  'booking-payment': { title: 'Paga tu reserva' },
  'payment-link': { title: 'Paga tu reserva' },
  payment: { title: 'Pago de la reserva' },
  confirmation: { title: 'Confirmación del pago' },
  receipts: { title: 'Recibos de pago' },
  feedback: { title: 'Cuéntanos tu experiencia' },
  profile: { title: 'Mi perfil' },
  'profile-trips': { title: 'Mis viajes' },
  'profile-reviews': { title: 'Mis reseñas' },
  'profile-budgets': { title: 'Presupuestos y favoritos' },
  'profile-booking': { title: 'Mi reserva' },
  'admin-home': { title: 'Administración' },
  'admin-budgets': { title: 'Presupuestos' },
  'admin-bookings': { title: 'Reservas' },
  'admin-booking': { title: 'Reserva' },
  'admin-tours': { title: 'Tours' },
  'admin-opinions': { title: 'Opiniones de los viajeros' },
  'admin-tour': { title: 'Tour' },
  'admin-activity-photos': { title: 'Fotos de la actividad opcional' },
  'admin-tour-survey': { title: 'Encuesta del tour' },
  'admin-tour-guide': { title: 'Guía de la salida' },
  'admin-guides': { title: 'Guías' },
  'admin-guide-period': { title: 'Salida' },
  'admin-guide-support': { title: 'Soporte para guías' },
  'admin-guide-rating': { title: 'Calificar la salida' },
  'admin-guide-expenses': { title: 'Gastos del guía' },
  'admin-guide-expense-new': { title: 'Registrar un gasto' },
  'admin-guide-extra-expenses': { title: 'Gastos extra' },
  'admin-retailers': { title: 'Agencias' },
  'admin-retailer': { title: 'Agencia' },
  'admin-coupons': { title: 'Cupones' },
  'admin-importer': { title: 'Importar catálogo' },
  'admin-travelers': { title: 'Viajeros' },
  'admin-staff-log': { title: 'Historial del equipo' },
  'admin-payment-policies': { title: 'Plazos de pago' },
  'admin-balances': { title: 'Cobros pendientes' },
  'admin-invoices': { title: 'Facturas' },
  'admin-inbox': { title: 'Consultas' },
  'admin-company': { title: 'Datos de la empresa' },
  'admin-home-blocks': { title: 'Portada: experiencias y fotos' },
  'admin-integrations': { title: 'Integraciones' },
  'admin-question': { title: 'Consulta' },
  'admin-traveler': { title: 'Viajero' },
} as const satisfies Record<string, ShellDef>;

export type ShellName = keyof typeof SHELLS;

/** Content-hashed files (Astro's bundles, image variants): a new version always has a new name. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else may change with the next build: browsers and CDNs must ask again each time. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
export const IMMUTABLE_PATH_PREFIXES: readonly string[] = ['/_astro/', '/media/'];

/** Where the build puts a shell, e.g. `/shells/booking-passengers/index.html` (from `site/pages/shells/`). */
export const SHELLS_PATH_PREFIX = '/shells/';
export const shellFile = (shell: ShellName): string => (SHELLS[shell] as ShellDef).file ?? `${SHELLS_PATH_PREFIX}${shell}/index.html`;

// Names and patterns keep their literal types, so `pathTo` knows every route's name and parameters.
const page = <N extends string, P extends string>(name: N, pattern: P, extra: { noindex?: boolean } = {}) =>
  ({ name, pattern, kind: 'static', area: 'public', ...extra }) as StaticRoute & { name: N; pattern: P };
/** A route served by a shell; the route is named after its shell unless several routes share one. */
function shell<S extends ShellName, P extends string>(area: RouteArea, shellName: S, pattern: P): ShellRoute & { name: S; pattern: P };
function shell<P extends string, N extends string>(area: RouteArea, shellName: ShellName, pattern: P, name: N): ShellRoute & { name: N; pattern: P };
function shell(area: RouteArea, shellName: ShellName, pattern: string, name: string = shellName): ShellRoute {
  return { name, pattern, kind: 'shell', area, shell: shellName, noindex: true };
}

export const ROUTES = [
  // Public pages
  page('home', '/'),
  page('trips', '/viajes'),
  page('season', '/temporada/:slug?'),
  page('destination', '/destino/:slug'),
  page('region', '/region/:slug'),
  page('christmas-markets', '/tipo-de-viaje/viaje-mercados-navidenos'),
  page('trip-type', '/tipo-de-viaje/:slug?'),
  page('group-trips', '/viajes-en-grupo'),
  // A listing's later pages, 50 cards each (docs/decisions/035-paged-listings.md).
  page('trips-page', '/viajes/pagina/:page'),
  page('season-page', '/temporada/:slug/pagina/:page'),
  page('destination-page', '/destino/:slug/pagina/:page'),
  page('region-page', '/region/:slug/pagina/:page'),
  page('trip-type-page', '/tipo-de-viaje/:slug/pagina/:page'),
  page('tour', '/tour/:slug'),
  // The results page itself; the app first turns the header form's `?q=` into /busqueda/{slug}.
  { name: 'search-form', pattern: '/busqueda', kind: 'app', area: 'public', noindex: true },
  shell('public', 'search', '/busqueda/:slug'),
  page('about', '/somos-different'),
  page('points', '/programa-de-puntos'),
  page('privacy', '/politica-privacidad'),
  page('contact', '/contacto'),
  page('faq', '/preguntas-frecuentes'),
  page('booking-terms', '/terminos-reservas'),
  page('legal-notice', '/aviso-legal'),
  page('last-minute', '/last-minute'),
  page('family-trips', '/viajes-en-familia'),
  page('black-friday', '/black-friday'),
  page('offers', '/ofertas'),
  // "/login and /registro (the same sign-in / sign-up screen)": two static pages, one screen.
  page('login', '/login', { noindex: true }),
  page('register', '/registro', { noindex: true }),

  // Booking funnel
  shell('booking', 'booking-start', '/booking/:slug?'),
  shell('booking', 'booking-details', '/tour/:slug/completa-tus-datos/:bookingId?'),
  shell('booking', 'booking-flights', '/tour/:slug/anade-tus-vuelos/:bookingId?'),
  shell('booking', 'booking-customise', '/tour/:slug/personaliza-el-viaje/:bookingId?'),
  shell('booking', 'booking-passengers', '/tour/:slug/pasajeros/:bookingId?'),
  shell('booking', 'booking-payment', '/tour/:slug/paga-tu-reserva/:bookingId?/:paymentID?'),
  shell('booking', 'payment-link', '/paga-tu-reserva/:id/:tkId/:slug?'),
  shell('booking', 'payment', '/payment'),
  shell('booking', 'payment', '/payment/:bookingID/:paymentID', 'payment-return'),
  shell('booking', 'confirmation', '/confirmacion/:paymentID/:signature?'),
  shell('booking', 'receipts', '/recibos-de-pago/:bookingId'),

  // Feedback: "share one feedback screen whose type is activity or tour"
  shell('feedback', 'feedback', '/feedback/activity/:periodId/:activityId/:bookingId?', 'feedback-activity'),
  shell('feedback', 'feedback', '/feedback/tour/:periodId/:bookingId?', 'feedback-tour'),

  // Signed-in traveller area
  shell('profile', 'profile', '/perfil'),
  shell('profile', 'profile-trips', '/perfil/viajes'),
  shell('profile', 'profile-reviews', '/perfil/mis-resenas'),
  shell('profile', 'profile-budgets', '/perfil/presupuestos-y-favoritos'),
  shell('profile', 'profile-booking', '/perfil/reserva/:id/:tkId?'),

  // Admin area
  shell('admin', 'admin-home', '/admin'),
  shell('admin', 'admin-budgets', '/admin/presupuesto'),
  shell('admin', 'admin-bookings', '/admin/bookings/:periodId?'),
  shell('admin', 'admin-booking', '/admin/booking/:id'),
  shell('admin', 'admin-tours', '/admin/tours'),
  shell('admin', 'admin-opinions', '/admin/tour/opinion'),
  shell('admin', 'admin-tour', '/admin/tour/:id'),
  shell('admin', 'admin-activity-photos', '/admin/actividad-opcional/fotos/:tourID/:optionalActivityId'),
  shell('admin', 'admin-tour-survey', '/admin/tour/:tourID/survey/:id'),
  shell('admin', 'admin-tour-guide', '/admin/tour/:tourID/guide/:periodID'),
  shell('admin', 'admin-guides', '/admin/guias'),
  shell('admin', 'admin-guide-period', '/admin/guias/:periodId'),
  shell('admin', 'admin-guide-support', '/admin/guia/soporte'),
  // The spec writes /admin/guias/{id}/calificar/{id}; the first is the departure, as in /admin/guias/{periodId}.
  shell('admin', 'admin-guide-rating', '/admin/guias/:periodId/calificar/:guideId'),
  shell('admin', 'admin-guide-expenses', '/admin/guia/gastos'),
  shell('admin', 'admin-guide-expense-new', '/admin/guia/gastos/registro'),
  shell('admin', 'admin-guide-extra-expenses', '/admin/guia/gastos-extra'),
  shell('admin', 'admin-retailers', '/admin/retailers'),
  shell('admin', 'admin-retailer', '/admin/retailer/:id'),
  shell('admin', 'admin-coupons', '/admin/cupones'),
  shell('admin', 'admin-importer', '/admin/importador'),
  shell('admin', 'admin-travelers', '/admin/travelers'),
  shell('admin', 'admin-staff-log', '/admin/historial'),
  shell('admin', 'admin-payment-policies', '/admin/plazos-de-pago'),
  shell('admin', 'admin-balances', '/admin/cobros'),
  shell('admin', 'admin-invoices', '/admin/facturas'),
  shell('admin', 'admin-inbox', '/admin/consultas'),
  shell('admin', 'admin-question', '/admin/consultas/:id'),
  shell('admin', 'admin-company', '/admin/empresa'),
  shell('admin', 'admin-home-blocks', '/admin/portada'),
  shell('admin', 'admin-integrations', '/admin/integraciones'),
  shell('admin', 'admin-traveler', '/admin/travelers/:id'),

  // Campaign landings: "the first path segment is the slider slug". Last: every fixed page above wins.
  page('campaign', '/:sliderSlug'),
] as const satisfies readonly RouteDef[];

type RouteTable = (typeof ROUTES)[number];
export type RouteName = RouteTable['name'];
type PatternOf<N extends RouteName> = Extract<RouteTable, { name: N }>['pattern'];

/** `'/tour/:slug/pasajeros/:bookingId?'` → `{ slug: string; bookingId?: string | null }`. */
type ParamsOfPattern<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Param}/${infer Tail}`
    ? ParamEntry<Param> & ParamsOfPattern<`/${Tail}`>
    : ParamEntry<Rest>
  : unknown;
type ParamEntry<P extends string> = P extends `${infer Optional}?` ? { [K in Optional]?: string | null } : { [K in P]: string };
export type RouteParams<N extends RouteName> = ParamsOfPattern<PatternOf<N>>;

const routesByName = new Map<string, RouteDef>(ROUTES.map((route) => [route.name, route]));

/**
 * The path of a route of the table, its parameters encoded; optional ones left out end the path there. The
 * one way code builds an address of the shop, so a route that moves in the table moves everywhere.
 *
 * @example pathTo('booking-passengers', { slug: 'japon', bookingId: 'b-1' }) // '/tour/japon/pasajeros/b-1'
 * @example pathTo('receipts', { bookingId: 'b-1' }, { tk: 'DR-2026-ABC123' }) // '/recibos-de-pago/b-1?tk=DR-2026-ABC123'
 */
export function pathTo<N extends RouteName>(
  name: N,
  ...[params, query]: Record<string, never> extends RouteParams<N>
    ? [params?: RouteParams<N>, query?: Record<string, string | null>]
    : [params: RouteParams<N>, query?: Record<string, string | null>]
): string {
  const route = routesByName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  const given = (params ?? {}) as Record<string, string | null | undefined>;
  const segments: string[] = [];
  let ended = false;
  for (const segment of route.pattern.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      if (ended) throw new Error(`${name}: a fixed segment after a missing optional parameter`);
      segments.push(segment);
      continue;
    }
    const key = segment.slice(1).replace(/\?$/, '');
    const value = given[key];
    if (value === undefined || value === null || value === '') {
      if (!segment.endsWith('?')) throw new Error(`${name}: missing parameter ${key}`);
      ended = true;
      continue;
    }
    if (ended) throw new Error(`${name}: ${key} given after a missing optional parameter`);
    segments.push(encodeURIComponent(value));
  }
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')).toString();
  return `/${segments.join('/')}${search ? `?${search}` : ''}`;
}

/** The spec's permanent redirects (301), exact paths. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/viajes-para-singles': '/tipo-de-viaje/single',
  '/tour/selva-negra-alsacia-diciembre': '/destino/suiza',
  '/tour/viaje-suiza-diciembre': '/destino/suiza',
};

export interface RouteMatch {
  route: RouteDef;
  /** Decoded path parameters; optional ones that are absent are missing. */
  params: Record<string, string>;
}

const router = new PatternRouter<RouteDef>();
for (const route of ROUTES) router.add('GET', route.pattern, route);

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The first route of the table that matches a path (a trailing slash is tolerated), or null.
 *
 * @example matchRoute('/tour/japon/pasajeros/42') // { route: { name: 'booking-passengers', … }, params: { slug: 'japon', bookingId: '42' } }
 */
export function matchRoute(path: string): RouteMatch | null {
  const [matches] = router.match('GET', path) as [[RouteDef, Record<string, string | undefined>][]];
  const first = matches[0];
  if (!first) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(first[1])) if (value !== undefined) params[key] = decode(value);
  return { route: first[0], params };
}

/** Where a redirect of the spec sends a path, or null. */
export const findRedirect = (path: string): string | null => REDIRECTS[path] ?? null;

/**
 * A pattern as an anchored regular expression in the syntax PCRE (nginx) and JavaScript share; a
 * trailing slash is tolerated, as in `matchRoute`.
 *
 * @example patternToRegex('/tour/:slug/pasajeros/:bookingId?') // '^/tour/[^/]+/pasajeros(?:/[^/]+)?/?$'
 */
export function patternToRegex(pattern: string): string {
  if (pattern === '/') return '^/$';
  const body = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body}/?$`;
}
