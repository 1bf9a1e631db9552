/**
 * Who may call each API route, enforced on the server (DESIGN.md, Security). Every route declares one
 * rule as the first middleware of its chain:
 *
 * ```ts
 * new Hono<ApiEnv>().get('/:id', allow('traveler'), validate('param', IdParam), async (c) => { … })
 * ```
 *
 * - `public`: anyone, signed in or not.
 * - `traveler`: any signed-in account (staff included); the handler then narrows to the caller's own
 *   objects with `requireOwnTraveler`.
 * - `guide`: the 'guides' group, or an admin; the handler narrows to assigned periods with
 *   `requireGuidePeriod`.
 * - `admin`: the 'drAdmin' group.
 *
 * No session answers 401 (UNAUTHENTICATED), a session without the group 403 (FORBIDDEN). Asking for an
 * object that is not yours answers 404, exactly as for one that does not exist, so ids cannot be probed.
 * The rule runs before validation, so a visitor learns nothing about a route's input either.
 *
 * The declaration is introspectable (`declaredRule`, `routeAccessTable`): the route-table test lists
 * every route of the app and fails for one that declares no rule.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { findTargetHandler, isMiddleware } from 'hono/utils/handler';
import { isAdmin, isGuide } from '#shared/rules/session.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';

export const ACCESS_RULES = ['public', 'traveler', 'guide', 'admin'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

export const UNAUTHENTICATED_MESSAGE = 'Inicia sesión para continuar.';
export const FORBIDDEN_MESSAGE = 'No tienes permiso para hacer esto.';

export const unauthenticated = () => new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
export const forbidden = () => new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
const notYours = () => notFound('No encontramos lo que buscas.');

/** The caller as the session middleware (or a test's resolver) left it; null for visitors. */
export const authOf = (c: Context): AuthContext | null => (c.get('auth' as never) as AuthContext | null | undefined) ?? null;

/**
 * Whether `auth` may call a route declared with `rule`.
 *
 * @example accessDecision(null, 'traveler') // 'unauthenticated'
 * @example accessDecision({ …, groups: ['guides'] }, 'admin') // 'forbidden'
 */
export function accessDecision(auth: AuthContext | null, rule: AccessRule): 'allowed' | 'unauthenticated' | 'forbidden' {
  if (rule === 'public') return 'allowed';
  if (auth === null) return 'unauthenticated';
  if (rule === 'traveler') return 'allowed';
  if (rule === 'guide') return isGuide(auth.groups) || isAdmin(auth.groups) ? 'allowed' : 'forbidden';
  return isAdmin(auth.groups) ? 'allowed' : 'forbidden';
}

// Metadata only (which rule a middleware function enforces), never request state.
const declared = new WeakMap<object, AccessRule>();

/** The access rule of a route: the first middleware of its chain. */
export function allow(rule: AccessRule): MiddlewareHandler<ApiEnv> {
  const middleware: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const decision = accessDecision(authOf(c), rule);
    if (decision === 'unauthenticated') throw unauthenticated();
    if (decision === 'forbidden') throw forbidden();
    await next();
  };
  declared.set(middleware, rule);
  return middleware;
}

/** The rule a handler of `app.routes` enforces, if it is an `allow()` middleware. */
export const declaredRule = (handler: object): AccessRule | undefined => declared.get(handler);

export interface RouteAccess {
  method: string;
  path: string;
  /** Every rule declared in the route's own chain: exactly one is right. */
  rules: AccessRule[];
}

/**
 * Every endpoint of an app (final handlers, not middleware) with the rules declared in its own chain.
 * Hono keeps each handler of a chain as its own entry of `app.routes`, sub-apps' routes included;
 * middleware takes `(c, next)`, endpoints only `(c)`.
 */
export function routeAccessTable(app: { routes: readonly RouterRoute[] }): RouteAccess[] {
  const table: RouteAccess[] = [];
  const byKey = new Map<string, RouteAccess>();
  const pendingRules = new Map<string, AccessRule[]>();
  for (const route of app.routes) {
    const { method, path } = route;
    // A sub-app with its own onError has its handlers wrapped when mounted; look through the wrapper.
    const handler = findTargetHandler(route.handler);
    const key = `${method} ${path}`;
    const rule = declaredRule(handler);
    if (rule) {
      pendingRules.set(key, [...(pendingRules.get(key) ?? []), rule]);
      continue;
    }
    if (isMiddleware(handler) || byKey.has(key)) continue;
    const entry = { method, path, rules: pendingRules.get(key) ?? [] };
    byKey.set(key, entry);
    table.push(entry);
  }
  return table;
}

/** The signed-in caller, or 401: for handlers of routes that are public but act for an account. */
export function requireAuth(c: Context): AuthContext {
  const auth = authOf(c);
  if (!auth) throw unauthenticated();
  return auth;
}

/** The one owner-or-admin rule: the caller is the traveller the object belongs to, or an admin (who sees every traveller's). */
export function ownsOrAdministers(auth: AuthContext | null, travelerId: string | null): boolean {
  return auth !== null && (isAdmin(auth.groups) || (travelerId !== null && auth.travelerId === travelerId));
}

/**
 * Object-level check for a traveller's own things (bookings, budgets, favourites, reviews): the object's
 * `travelerId` must be the caller's. Admins see every traveller's. Anything else is 404, as if the
 * object did not exist.
 *
 * @example const booking = await findBooking(db, id); requireOwnTraveler(c, booking?.travelerId ?? null);
 */
export function requireOwnTraveler(c: Context, travelerId: string | null, { notFound = notYours }: { notFound?: () => AppError } = {}): AuthContext {
  const auth = requireAuth(c);
  if (!ownsOrAdministers(auth, travelerId)) throw notFound();
  return auth;
}

/**
 * The periods a guide is assigned to (`guide_periods`, the guide found by the account's e-mail), or
 * 'all' for an admin; none for anyone else. For list routes that narrow their query.
 */
export async function assignedPeriodIds(db: Db, auth: AuthContext | null): Promise<'all' | string[]> {
  if (auth === null) return [];
  if (isAdmin(auth.groups)) return 'all';
  if (!isGuide(auth.groups)) return [];
  const rows = await db
    .selectFrom('guidePeriods')
    .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
    .select('guidePeriods.periodId')
    .where((eb) => eb(eb.fn('lower', ['guides.email']), '=', auth.email.toLowerCase()))
    .execute();
  return rows.map((row) => row.periodId);
}

/** Object-level check for a guide's period: admins pass, a guide only for a period assigned to them; else 404. */
export async function requireGuidePeriod(
  c: Context,
  db: Db,
  periodId: string,
  { notFound = notYours }: { notFound?: () => AppError } = {},
): Promise<AuthContext> {
  const auth = requireAuth(c);
  if (isAdmin(auth.groups)) return auth;
  if (!isGuide(auth.groups)) throw notFound();
  const row = await db
    .selectFrom('guidePeriods')
    .innerJoin('guides', 'guides.id', 'guidePeriods.guideId')
    .select('guidePeriods.periodId')
    .where('guidePeriods.periodId', '=', periodId)
    .where((eb) => eb(eb.fn('lower', ['guides.email']), '=', auth.email.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw notFound();
  return auth;
}
