import { buildSearchVocabulary, buildTourSearchText } from '#shared/rules/search.ts';
import { perCatalogue } from './catalogue.ts';
import { type ListedTour, listPublicTours } from './listing.ts';

// Per tour view, which stays the same object while the tour is unchanged (`selectPublicTours`): a
// targeted rebuild renders /busqueda again after one tour's search record changed, and normalising
// the text of every tour again took most of that render at 10,000 tours.
const searchTexts = new WeakMap<ListedTour, string>();
function searchTextOf(tour: ListedTour): string {
  let text = searchTexts.get(tour);
  if (text === undefined) {
    text = buildTourSearchText({ ...tour, regions: tour.parentRegions });
    searchTexts.set(tour, text);
  }
  return text;
}

/** The words /busqueda may suggest for a mistyped query: those of every visible tour's search text. */
export const searchVocabulary = perCatalogue(() => buildSearchVocabulary({ texts: listPublicTours().map(searchTextOf) }));
