/**
 * /robots.txt: everything public may be crawled except the staff area, the traveller's profile, the API
 * and the booking funnel (per-visitor screens); points to the sitemap.
 */
import type { APIRoute } from 'astro';

const DISALLOW = [
  '/admin',
  '/perfil',
  '/api/',
  '/booking',
  '/tour/*/completa-tus-datos',
  '/tour/*/anade-tus-vuelos',
  '/tour/*/personaliza-el-viaje',
  '/tour/*/pasajeros',
  '/tour/*/paga-tu-reserva',
  '/paga-tu-reserva/',
  '/payment',
  '/confirmacion/',
  '/recibos-de-pago/',
];

export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const body = ['User-agent: *', 'Allow: /', ...DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', base).href}`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
