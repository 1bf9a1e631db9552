/**
 * `{listing}/filtros.json`: the filter index of every catalogue listing of several pages (`buildListingIndex`),
 * which the grid's pills fetch to filter the whole listing. A listing of one page has none: its island
 * holds its cards' data.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildListingIndex } from '#shared/rules/listing-pages.ts';
import { computeCacheKey } from '../../lib/cache-key.ts';
import { listCatalogueListings, listingPages, toGridTour } from '../../lib/listing.ts';

export const getStaticPaths = (() =>
  [...listCatalogueListings().keys()].flatMap((base) => {
    const pages = listingPages(base);
    if (pages.length < 2) return [];
    const index = buildListingIndex(pages.map((page) => page.tours.map(toGridTour)));
    return [{ params: { listing: base.slice(1) }, props: { index }, cacheKey: computeCacheKey(index) }];
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props.index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
