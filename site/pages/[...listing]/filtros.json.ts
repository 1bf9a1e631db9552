/**
 * `{listing}/filtros.json`: the filter index of every catalogue listing of several pages (`buildListingIndex`),
 * which the grid's pills fetch to filter the whole listing. A listing of one page has none: its island
 * holds its cards' data.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildListingIndex, type ListingIndex } from '#shared/rules/listing-pages.ts';
import { cacheKeyOf } from '../../lib/cache-key.ts';
import { type ListingPage, listCatalogueListings, listingPages, toGridTour } from '../../lib/listing.ts';

// Built when asked, once per listing's pages: a targeted rebuild renders the indexes of the few listings
// a change touched, and asks the route for all of them.
const indexes = new WeakMap<ListingPage[], ListingIndex>();
function listingIndex(base: string): ListingIndex {
  const pages = listingPages(base);
  let index = indexes.get(pages);
  if (!index) {
    index = buildListingIndex(pages.map((page) => page.tours.map(toGridTour)));
    indexes.set(pages, index);
  }
  return index;
}

export const getStaticPaths = (() =>
  [...listCatalogueListings().keys()].flatMap((base) =>
    listingPages(base).length < 2 ? [] : [{ params: { listing: base.slice(1) }, props: { base }, cacheKey: cacheKeyOf(() => listingIndex(base)) }],
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(listingIndex(props.base)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
