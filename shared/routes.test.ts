import { describe, expect, it } from 'vitest';
import { findRedirect, matchRoute, patternToRegex, REDIRECTS, ROUTES, SHELLS, shellFile, pathTo } from './routes.ts';

describe('route table', () => {
  it('names every route once and gives every shell route a known shell', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const route of ROUTES) if (route.kind === 'shell') expect(SHELLS).toHaveProperty(route.shell);
    // Every shell is used by some route: an unused one would be built for nothing.
    const used = new Set(ROUTES.flatMap((r) => (r.kind === 'shell' ? [r.shell] : [])));
    expect([...used].sort()).toEqual(Object.keys(SHELLS).sort());
  });

  it('keeps private and per-visitor screens out of search engines', () => {
    for (const route of ROUTES) if (route.area !== 'public') expect(route.noindex, route.name).toBe(true);
  });

  it.each([
    ['/', 'home', {}],
    ['/temporada', 'season', {}],
    ['/temporada/otono', 'season', { slug: 'otono' }],
    ['/tipo-de-viaje/viaje-mercados-navidenos', 'christmas-markets', {}],
    ['/tipo-de-viaje/single', 'trip-type', { slug: 'single' }],
    ['/viajes/pagina/2', 'trips-page', { page: '2' }],
    ['/temporada/enero/pagina/3', 'season-page', { slug: 'enero', page: '3' }],
    ['/tipo-de-viaje/grupo/pagina/2', 'trip-type-page', { slug: 'grupo', page: '2' }],
    ['/tour/japon-esencial', 'tour', { slug: 'japon-esencial' }],
    ['/busqueda/jap%C3%B3n', 'search', { slug: 'japón' }],
    ['/login', 'login', {}],
    ['/registro', 'register', {}],
    ['/booking', 'booking-start', {}],
    ['/tour/japon/completa-tus-datos', 'booking-details', { slug: 'japon' }],
    ['/tour/japon/pasajeros/b-1/', 'booking-passengers', { slug: 'japon', bookingId: 'b-1' }],
    ['/tour/japon/paga-tu-reserva/b-1/p-2', 'booking-payment', { slug: 'japon', bookingId: 'b-1', paymentID: 'p-2' }],
    ['/paga-tu-reserva/b-1/tk-9', 'payment-link', { id: 'b-1', tkId: 'tk-9' }],
    ['/payment', 'payment', {}],
    ['/payment/b-1/p-2', 'payment-return', { bookingID: 'b-1', paymentID: 'p-2' }],
    ['/confirmacion/p-2/firma', 'confirmation', { paymentID: 'p-2', signature: 'firma' }],
    ['/feedback/activity/pe-1/a-1', 'feedback-activity', { periodId: 'pe-1', activityId: 'a-1' }],
    ['/feedback/tour/pe-1/b-1', 'feedback-tour', { periodId: 'pe-1', bookingId: 'b-1' }],
    ['/perfil/reserva/b-1', 'profile-booking', { id: 'b-1' }],
    ['/admin/tour/opinion', 'admin-opinions', {}],
    ['/admin/tour/t-1', 'admin-tour', { id: 't-1' }],
    ['/admin/tour/t-1/guide/pe-1', 'admin-tour-guide', { tourID: 't-1', periodID: 'pe-1' }],
    ['/admin/guias/pe-1/calificar/g-1', 'admin-guide-rating', { periodId: 'pe-1', guideId: 'g-1' }],
    ['/black-friday', 'black-friday', {}],
    ['/navidad-en-europa', 'campaign', { sliderSlug: 'navidad-en-europa' }],
  ])('matches %s to %s', (path, name, params) => {
    expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ name }), params });
  });

  it.each(['/payment/b-1', '/tour/japon/otra', '/admin/nada/mas/que/esto', '/feedback/tour', '/x/y'])('matches nothing for %s (exact matches only)', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('finds the spec redirects, exact paths only', () => {
    expect(findRedirect('/viajes-para-singles')).toBe('/tipo-de-viaje/single');
    expect(findRedirect('/tour/viaje-suiza-diciembre')).toBe('/destino/suiza');
    expect(findRedirect('/tour/viaje-suiza-diciembre/pasajeros')).toBeNull();
    expect(Object.keys(REDIRECTS)).toHaveLength(3);
  });

  it('turns patterns into the regular expressions nginx gets', () => {
    expect(patternToRegex('/')).toBe('^/$');
    expect(patternToRegex('/perfil')).toBe('^/perfil/?$');
    expect(patternToRegex('/tour/:slug/paga-tu-reserva/:bookingId?/:paymentID?')).toBe('^/tour/[^/]+/paga-tu-reserva(?:/[^/]+)?(?:/[^/]+)?/?$');
    expect(shellFile('booking-passengers')).toBe('/shells/booking-passengers/index.html');
  });

  it('the first regular expression that matches a path names the same route as the matcher', () => {
    const samples = ROUTES.flatMap((r) => {
      const filled = r.pattern.replace(/\/:(\w+)\?/g, '/$1-x').replace(/\/:(\w+)/g, '/$1-x');
      const bare = r.pattern.replace(/\/:\w+\?/g, '');
      return [filled, bare, `${filled}/`, `${filled}/extra`];
    });
    for (const path of samples) {
      const viaRegex = ROUTES.find((r) => new RegExp(patternToRegex(r.pattern)).test(path));
      expect(viaRegex?.name ?? null, path).toBe(matchRoute(path)?.route.name ?? null);
    }
  });
});

describe('pathTo', () => {
  it.each([
    { name: 'home' as const, params: undefined, query: undefined, expected: '/' },
    { name: 'tour' as const, params: { slug: 'japon-esencial' }, query: undefined, expected: '/tour/japon-esencial' },
    { name: 'booking-passengers' as const, params: { slug: 'japon', bookingId: 'b 1/2' }, query: undefined, expected: '/tour/japon/pasajeros/b%201%2F2' },
    { name: 'booking-details' as const, params: { slug: 'japon' }, query: undefined, expected: '/tour/japon/completa-tus-datos' },
    { name: 'booking-details' as const, params: { slug: 'japon', bookingId: null }, query: undefined, expected: '/tour/japon/completa-tus-datos' },
    { name: 'receipts' as const, params: { bookingId: 'b1' }, query: { tk: 'DR-2026-ABC123' }, expected: '/recibos-de-pago/b1?tk=DR-2026-ABC123' },
    { name: 'receipts' as const, params: { bookingId: 'b1' }, query: { tk: null }, expected: '/recibos-de-pago/b1' },
    { name: 'login' as const, params: {}, query: { next: '/perfil/viajes' }, expected: '/login?next=%2Fperfil%2Fviajes' },
  ])('$name $params → $expected', ({ name, params, query, expected }) => {
    expect(pathTo(name, params as never, query as Record<string, string | null> | undefined)).toBe(expected);
  });

  it('matches back to the same route and parameters', () => {
    const path = pathTo('payment-link', { id: 'b1', tkId: 'DR-2026-ABC123', slug: 'japon' });
    expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ name: 'payment-link' }), params: { id: 'b1', tkId: 'DR-2026-ABC123', slug: 'japon' } });
  });

  it('refuses what the route cannot address', () => {
    expect(() => pathTo('tour', {} as never)).toThrow('missing parameter slug');
    expect(() => pathTo('booking-payment', { slug: 'japon', paymentID: 'p1' })).toThrow('after a missing optional parameter');
  });

  it('is typed by the route table', () => {
    // @ts-expect-error a route that does not exist
    expect(() => pathTo('nowhere')).toThrow();
    // @ts-expect-error a required parameter missing
    expect(() => pathTo('receipts', {})).toThrow();
    // @ts-expect-error a parameter the route does not have
    expect(pathTo('tour', { slug: 'japon', bookingId: 'b1' })).toBe('/tour/japon');
  });
});
