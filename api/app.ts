import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import type { ApiErrorBody } from '#shared/schemas/errors.ts';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { AppDeps } from './app-deps.ts';
import type { ApiEnv } from './auth-context.ts';
import { AppError, notFound, errorResponse } from './errors.ts';
import { allow } from './middleware/access.ts';
import { originCheck } from './middleware/csrf.ts';
import { API_CONTENT_SECURITY_POLICY, apiFastPathHeaders, corsPolicy, securityHeaders } from './middleware/security-headers.ts';
import { session } from './middleware/session.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { guideToolRoutes } from './routes/guide-tools.ts';
import { guideRoutes } from './routes/guides.ts';
import { meAccountRoutes } from './routes/me-account.ts';
import { meRoutes } from './routes/me.ts';
import { meBudgetRoutes } from './routes/me-budgets.ts';
import { meFavoriteRoutes } from './routes/me-favorites.ts';
import { meReviewRoutes } from './routes/me-reviews.ts';
import { visitRoutes } from './routes/visits.ts';
import { adminBudgetRoutes } from './routes/admin-budgets.ts';
import { adminBookingRoutes } from './routes/admin-bookings.ts';
import { adminCouponRoutes } from './routes/admin-coupons.ts';
import { adminDashboardRoutes } from './routes/admin-dashboard.ts';
import { adminPeriodRoutes } from './routes/admin-periods.ts';
import { adminPaymentPolicyRoutes } from './routes/admin-payment-policies.ts';
import { adminBalanceRoutes } from './routes/admin-balances.ts';
import { adminInvoiceRoutes } from './routes/admin-invoices.ts';
import { adminInboxRoutes } from './routes/admin-inbox.ts';
import { adminCompanyRoutes } from './routes/admin-company.ts';
import { adminHomeBlockRoutes } from './routes/admin-home-blocks.ts';
import { adminIntegrationRoutes } from './routes/admin-integrations.ts';
import { apiV1Routes } from './routes/api-v1.ts';
import { adminRetailerRoutes } from './routes/admin-retailers.ts';
import { adminStaffActionRoutes } from './routes/admin-staff-actions.ts';
import { adminTourRoutes } from './routes/admin-tours.ts';
import { adminImporterRoutes } from './routes/admin-importer.ts';
import { adminOpinionRoutes } from './routes/admin-opinions.ts';
import { adminTourSurveyRoutes } from './routes/admin-tour-survey.ts';
import { adminActivityPhotoRoutes } from './routes/admin-activity-photos.ts';
import { adminTravelerRoutes } from './routes/admin-travelers.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { paymentRoutes } from './routes/payments.ts';
import { siteBuildRoutes } from './routes/site-builds.ts';
import { cmsCarouselRoutes } from './routes/cms-carousels.ts';
import { cmsBannerRoutes } from './routes/cms-banners.ts';
import { cmsEventRoutes } from './routes/cms-events.ts';
import { cmsGridRoutes } from './routes/cms-grids.ts';
import { cmsLandingRoutes } from './routes/cms-landings.ts';
import { cmsTourRoutes } from './routes/cms-tours.ts';
import { cmsUploadRoutes } from './routes/cms-uploads.ts';
import { cmsOfferRoutes } from './routes/cms-offers.ts';
import { tourRoutes } from './routes/tours.ts';

/** Requests larger than this are refused before any handler reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => {
  throw new AppError('PAYLOAD_TOO_LARGE', 'La petición es demasiado grande.');
};
const streamedBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Hono's bodyLimit asks for the request's body stream first, which makes the Node adapter build a whole
 * web Request on every call, GETs included (a tenth of a 404's time in the profile, issue 15). A
 * declared length is enough to refuse; only a chunked body has to be counted as it streams.
 */
const requestLimit: MiddlewareHandler = (c, next) => {
  if (BODILESS_METHODS.has(c.req.method)) return next();
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number(length) > MAX_BODY_BYTES ? tooLarge() : next();
  return streamedBodyLimit(c, next);
};
/** Routes that take a file and set a body limit of their own (cms-uploads.ts, feedback.ts, admin-importer.ts, guide-tools.ts). */
const OWN_LIMIT_PATHS = [
  '/cms/uploads',
  '/feedback/tour',
  '/admin/importer/check',
  '/admin/importer/apply',
  '/guide-tools/expenses',
  '/admin/home-blocks/photos',
  '/v1/catalogue/check',
  '/v1/catalogue/apply',
];
/** An optional activity's photo upload (`/admin/activity-photos/{tourId}/{activityId}`), a home experience's (`/admin/home-blocks/activities/{id}/photo`). */
const OWN_LIMIT_PATTERN = /\/admin\/activity-photos\/[^/]+\/[^/]+$|\/admin\/home-blocks\/activities\/[^/]+\/photo$/;

const UNKNOWN_API_PATH_MESSAGE = 'No existe esa dirección de la API.';
/** Addresses the fast path below decides on; any other (encoded, doubled slashes…) is left to Hono's own parsing. */
const PLAIN_API_PATH = /^\/api(?:\/[\w-][\w.-]*)+\/?$/;

/**
 * A GET of an `/api` address that no route or middleware of `api` claims, answered by `listen` before Hono
 * (api/server.ts): the 404 the catch-all above gives, with the same headers and body, without the envelope
 * (issue 15: scanners and stale links cost a shop more than its visitors). False: Hono answers, also for a
 * request the envelope treats differently (its own request id, a cross-origin caller).
 */
export function unknownApiPathFastPath(api: { routes: readonly RouterRoute[] }, { config }: Pick<AppDeps, 'config'>) {
  const claimed = new TrieRouter<true>();
  // The envelope's own middleware and the catch-all are on every path; whatever else matches is a route.
  for (const route of api.routes) if (route.path !== '/*' && route.path !== '*') claimed.add(route.method, `/api${route.path}`, true);
  const headers = apiFastPathHeaders({ production: config.env === 'production' });
  const crossOrigin = config.corsOrigins.length > 0;
  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    if (req.method !== 'GET' || !PLAIN_API_PATH.test(path) || req.headers['x-request-id'] !== undefined || (crossOrigin && req.headers.origin !== undefined))
      return false;
    if (claimed.match('GET', path)[0].length > 0) return false;
    const requestId = randomUUID();
    const body = JSON.stringify({ error: { code: 'NOT_FOUND', message: UNKNOWN_API_PATH_MESSAGE, requestId } } satisfies ApiErrorBody);
    res.writeHead(404, { ...headers, 'x-request-id': requestId, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
    return true;
  };
}

/** The API, mounted under `/api`. Route modules are one sub-app per resource. */
export function createApi(deps: AppDeps) {
  const { config, resolveAuth } = deps;
  const api = new Hono<ApiEnv>()
    .use(requestId())
    // Sets `c.var.auth` from the access-token cookie (or, in tests, from `resolveAuth`).
    .use(session({ db: deps.db, config, resolveAuth }))
    .use(securityHeaders({ production: config.env === 'production', contentSecurityPolicy: () => API_CONTENT_SECURITY_POLICY }))
    .use(corsPolicy(config))
    // Image uploads have a limit of their own; every other body this one.
    .use((c, next) => (OWN_LIMIT_PATHS.some((path) => c.req.path.endsWith(path)) || OWN_LIMIT_PATTERN.test(c.req.path) ? next() : requestLimit(c, next)))
    .use(originCheck(config))
    .route('/health', healthRoutes(deps))
    .route('/tours', tourRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/bookings', bookingRoutes(deps))
    .route('/payments', paymentRoutes(deps))
    .route('/visits', visitRoutes(deps))
    .route('/feedback', feedbackRoutes(deps))
    .route('/me', meRoutes(deps))
    .route('/me/account', meAccountRoutes(deps))
    .route('/me/favorites', meFavoriteRoutes(deps))
    .route('/me/budgets', meBudgetRoutes(deps))
    .route('/me/reviews', meReviewRoutes(deps))
    .route('/guides', guideRoutes(deps))
    .route('/guide-tools', guideToolRoutes(deps))
    .route('/admin/site-builds', siteBuildRoutes(deps))
    .route('/admin/coupons', adminCouponRoutes(deps))
    .route('/admin/retailers', adminRetailerRoutes(deps))
    .route('/admin/importer', adminImporterRoutes(deps))
    .route('/admin/dashboard', adminDashboardRoutes(deps))
    .route('/admin/bookings', adminBookingRoutes(deps))
    .route('/admin/budgets', adminBudgetRoutes(deps))
    .route('/admin/periods', adminPeriodRoutes(deps))
    .route('/admin/travelers', adminTravelerRoutes(deps))
    .route('/admin/staff-actions', adminStaffActionRoutes(deps))
    .route('/admin/payment-policies', adminPaymentPolicyRoutes(deps))
    .route('/admin/balances', adminBalanceRoutes(deps))
    .route('/admin/invoices', adminInvoiceRoutes(deps))
    .route('/admin/inbox', adminInboxRoutes(deps))
    .route('/admin/company', adminCompanyRoutes(deps))
    .route('/admin/home-blocks', adminHomeBlockRoutes(deps))
    .route('/admin/integrations', adminIntegrationRoutes(deps))
    .route('/v1', apiV1Routes(deps))
    .route('/admin/tours', adminTourRoutes(deps))
    .route('/admin/opinions', adminOpinionRoutes(deps))
    .route('/admin/surveys', adminTourSurveyRoutes(deps))
    .route('/admin/activity-photos', adminActivityPhotoRoutes(deps))
    .route('/cms/carousels', cmsCarouselRoutes(deps))
    .route('/cms/offers', cmsOfferRoutes(deps))
    .route('/cms/grids', cmsGridRoutes(deps))
    .route('/cms/uploads', cmsUploadRoutes(deps))
    .route('/cms/landings', cmsLandingRoutes(deps))
    .route('/cms/banners', cmsBannerRoutes(deps))
    .route('/cms/tours', cmsTourRoutes(deps))
    .route('/cms/events', cmsEventRoutes(deps));
  // A mounted sub-app's notFound is not consulted by its parent, so the catch-all is a route, kept last.
  api.all('*', allow('public'), (c) => errorResponse(notFound(UNKNOWN_API_PATH_MESSAGE), c));
  api.onError(errorResponse);
  return api;
}

export type ApiType = ReturnType<typeof createApi>;
