/**
 * /sitemap.xml: every public static page, with absolute addresses from the configured site. Pages built by
 * other parts of the site (home, offers, campaign landings, information pages) are listed by their known
 * paths; catalogue pages come from the same lists their routes are built from, so a hidden or unpriced tour
 * is never listed.
 */
import type { APIRoute } from 'astro';
import { TRIP_TYPE_SLUGS } from '#shared/enums.ts';
import { buildTripTypePath } from '#shared/rules/tour-grid.ts';
import { listCampaignLandingSlugs } from '../lib/campaigns.ts';
import { listingPagePath } from '#shared/rules/listing-pages.ts';
import { listCatalogueListings, listDestinationListings, listingPages, listPublicTours, listRegionListings, listSeasonListings } from '../lib/listing.ts';

/** Content and information pages: fixed addresses. */
const CONTENT_PATHS = [
  '/',
  '/last-minute',
  '/ofertas',
  '/viajes-en-familia',
  '/black-friday',
  '/tipo-de-viaje/viaje-mercados-navidenos',
  '/somos-different',
  '/programa-de-puntos',
  '/politica-privacidad',
  '/contacto',
  '/preguntas-frecuentes',
  '/terminos-reservas',
  '/aviso-legal',
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every public path, once, in a stable order. Non-canonical duplicates (/tipo-de-viaje, /viajes-en-grupo) are left out. */
export function listSitemapPaths(): string[] {
  const campaigns = listCampaignLandingSlugs().map((slug) => `/${slug}`);
  const paths = [
    ...CONTENT_PATHS,
    ...campaigns,
    '/viajes',
    ...TRIP_TYPE_SLUGS.map((slug) => buildTripTypePath(slug)),
    '/temporada',
    ...listSeasonListings().map((season) => `/temporada/${season.slug}`),
    ...listRegionListings().map((listing) => `/region/${listing.region.slug}`),
    ...listDestinationListings().map((listing) => `/destino/${listing.slug}`),
    ...listPublicTours().map((tour) => `/tour/${tour.webSlug}`),
    // A listing's later pages (page 1 is its own address, above).
    ...[...listCatalogueListings().keys()].flatMap((base) =>
      listingPages(base)
        .slice(1)
        .map((page) => listingPagePath(base, page.number)),
    ),
  ];
  return [...new Set(paths)];
}

export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const urls = listSitemapPaths().map((path) => `  <url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
