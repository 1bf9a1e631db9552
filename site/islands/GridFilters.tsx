/**
 * The tour grid's filter pills. The cards are static HTML (every card shows without JavaScript). On a
 * listing of one page this island shows and hides them by tour id with the shared grid rules. On a listing
 * of several pages the pills count the whole listing, and a filter shows the matching cards of every page,
 * 50 at a time, taken from the listing's static pages through its filter index (stores/paged-grid.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { filterListingIndex, type IndexMatch, type ListingFacets } from '#shared/rules/listing-pages.ts';
import { buildDestinationPills, buildTripTypePills, filterGrid } from '#shared/rules/tour-grid.ts';
import type { GridTourData } from '../lib/listing.ts';
import { $gridFilter, clearGridFilter, formatTripCount, loadGridFilterFromAddress, toggleDestinationPill, toggleTripTypePill } from '../stores/grid-filter.ts';
import { CARDS_ADDED_EVENT, collectCards, loadListingIndex, shownAfter } from '../stores/paged-grid.ts';

interface Props {
  /** id of the element holding the cards (`[data-grid-tour="{tourId}"]`). */
  gridId: string;
  /** The cards' data of a one-page listing; empty on a paged one. */
  tours: GridTourData[];
  /** A listing of several pages: its address, the page in view, its index and its pills. */
  paged?: { base: string; page: number; indexUrl: string; facets: ListingFacets };
}

type PagedView = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; matches: IndexMatch[]; shown: number };

export default function GridFilters({ gridId, tours, paged }: Props) {
  const filter = useStore($gridFilter);
  const typePills = useMemo(() => paged?.facets.tripTypePills ?? buildTripTypePills({ tours }), [tours, paged]);
  const destinationPills = useMemo(() => paged?.facets.destinations ?? buildDestinationPills({ tours }), [tours, paged]);
  const shown = useMemo(() => (paged ? [] : filterGrid({ tours, tripType: filter.tripType, destination: filter.destination })), [tours, paged, filter]);
  const [view, setView] = useState<PagedView>({ status: 'idle' });
  const [presses, setPresses] = useState(0);
  const [retry, setRetry] = useState(0);
  const [moreSlot, setMoreSlot] = useState<Element | null>(null);
  // The page's own card items, in order: put back when the filter is cleared.
  const ownCards = useRef<HTMLElement[] | null>(null);
  // After 'Ver más viajes', the first card added gets the focus, which would otherwise stay on a button that may go.
  const focusFrom = useRef<number | null>(null);
  const filtering = filter.tripType !== null || filter.destination !== null;

  useEffect(() => loadGridFilterFromAddress(destinationPills), [destinationPills]);

  // One-page listing: hide the cards the filter leaves out.
  useEffect(() => {
    if (paged) return;
    const grid = document.getElementById(gridId);
    if (!grid) return;
    const ids = new Set(shown.map((tour) => tour.id));
    for (const card of grid.querySelectorAll<HTMLElement>('[data-grid-tour]')) card.hidden = !ids.has(card.dataset.gridTour ?? '');
    // The skeleton stood in for the cards while the address's filter was not applied yet.
    grid.removeAttribute('data-grid-loading');
  }, [gridId, shown, paged]);

  // Paged listing: a new filter starts again from its first 50 matches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is what resets the count
  useEffect(() => setPresses(0), [filter]);

  // Paged listing: the matches of the whole listing, from its index ('Reintentar' asks again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: retry is what asks again
  useEffect(() => {
    if (!paged) return;
    const grid = document.getElementById(gridId);
    setMoreSlot(grid?.querySelector('[data-grid-more]') ?? null);
    if (!filtering) {
      setView({ status: 'idle' });
      return;
    }
    let current = true;
    setView({ status: 'loading' });
    loadListingIndex(paged.indexUrl).then(
      (index) => {
        if (current) setView({ status: 'done', matches: filterListingIndex({ index, tripType: filter.tripType, destination: filter.destination }), shown: 0 });
      },
      () => {
        if (current) setView({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [gridId, paged, filter, filtering, retry]);

  // Paged listing: the cards in the list are the page's own, or the filter's first matches.
  const matches = view.status === 'done' ? view.matches : null;
  useEffect(() => {
    if (!paged) return;
    const grid = document.getElementById(gridId);
    const list = grid?.querySelector<HTMLElement>('.tour-grid__list');
    const pager = grid?.querySelector<HTMLElement>('[data-grid-pager]');
    if (!grid || !list) return;
    ownCards.current ??= [...list.querySelectorAll<HTMLElement>(':scope > [data-grid-tour]')];
    const own = ownCards.current;
    if (!matches) {
      if (!filtering) {
        list.replaceChildren(...own);
        if (pager) pager.hidden = false;
        grid.removeAttribute('data-grid-loading');
      }
      return;
    }
    let current = true;
    const byId = new Map(own.map((card) => [card.dataset.gridTour ?? '', card]));
    collectCards({ base: paged.base, matches, count: shownAfter(presses), own: byId }).then(
      (cards) => {
        if (!current) return;
        list.replaceChildren(...cards);
        if (pager) pager.hidden = true;
        grid.removeAttribute('data-grid-loading');
        setView((v) => (v.status === 'done' ? { ...v, shown: cards.length } : v));
        if (focusFrom.current !== null) cards[focusFrom.current]?.querySelector<HTMLElement>('a')?.focus();
        focusFrom.current = null;
        document.dispatchEvent(new Event(CARDS_ADDED_EVENT));
      },
      () => {
        if (current) setView({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [gridId, paged, matches, presses, filtering]);

  const activeType = filter.tripType ?? 'all';
  const total = paged ? (matches?.length ?? null) : shown.length;
  const more = paged && matches && view.status === 'done' && view.shown > 0 && view.shown < matches.length ? matches.length - view.shown : 0;
  return (
    <div className="grid-filters">
      {typePills.length > 1 && (
        <fieldset className="grid-filters__group" aria-label="Filtrar por tipo de viaje">
          {typePills.map((pill) => (
            <button key={pill.key} type="button" className="pill" aria-pressed={activeType === pill.key} onClick={() => toggleTripTypePill(pill.key)}>
              {pill.label} <span className="pill__count">({pill.count})</span>
            </button>
          ))}
        </fieldset>
      )}
      {destinationPills.length > 1 && (
        <fieldset className="grid-filters__group grid-filters__group--destinations" aria-label="Filtrar por destino">
          {destinationPills.map((name) => (
            <button
              key={name}
              type="button"
              className="pill pill--destination"
              aria-pressed={filter.destination === name}
              onClick={() => toggleDestinationPill(name)}
            >
              {name}
            </button>
          ))}
        </fieldset>
      )}
      <p className="grid-filters__count" role="status" aria-live="polite">
        {view.status === 'error' ? (
          <>
            No hemos podido cargar los viajes.{' '}
            <button type="button" className="grid-filters__clear" onClick={() => setRetry((n) => n + 1)}>
              Reintentar
            </button>
          </>
        ) : paged && !filtering ? (
          formatTripCount(paged.facets.tripTypePills[0]?.count ?? 0)
        ) : total === null ? (
          'Buscando viajes…'
        ) : total === 0 ? (
          <>
            No hay viajes con estos filtros.{' '}
            <button type="button" className="grid-filters__clear" onClick={clearGridFilter}>
              Ver todos los viajes
            </button>
          </>
        ) : (
          formatTripCount(total)
        )}
      </p>
      {moreSlot &&
        more > 0 &&
        createPortal(
          <button
            type="button"
            className="button"
            onClick={() => {
              focusFrom.current = view.status === 'done' ? view.shown : null;
              setPresses((n) => n + 1);
            }}
          >
            Ver más viajes ({more})
          </button>,
          moreSlot,
        )}
    </div>
  );
}
