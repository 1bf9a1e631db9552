/**
 * `{listing}/filtros.json`: the filter index of every catalogue listing of several pages (`buildListingIndex`),
 * which the grid's pills fetch to filter the whole listing. A listing of one page has none: its island
 * holds its cards' data.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildListingIndex, type ListingIndex } from '#shared/rules/listing-pages.ts';
import { cacheKeyOf } from '../../lib/cache-key.ts';
import { gridTourOf, listCatalogueListings, listingPages } from '../../lib/listing.ts';

// Built when asked and not kept: the build hashes each listing's index for its cache key, then renders the few
// whose key changed, and keeping every index from one to the other held about 28 MB of the renderer's heap at
// 10,000 tours. Building an index again costs about a millisecond per thousand tours.
const listingIndex = (base: string): ListingIndex => buildListingIndex(listingPages(base).map((page) => page.tours.map(gridTourOf)));

export const getStaticPaths = (() =>
  [...listCatalogueListings().keys()].flatMap((base) =>
    listingPages(base).length < 2 ? [] : [{ params: { listing: base.slice(1) }, props: { base }, cacheKey: cacheKeyOf(() => listingIndex(base)) }],
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(listingIndex(props.base)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
