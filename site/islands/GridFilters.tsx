/**
 * The tour grid's filter pills. The cards are static HTML (every card shows without JavaScript); this
 * island shows and hides them by tour id with the shared grid rules, and announces the count.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { buildDestinationPills, buildTripTypePills, filterGrid } from '#shared/rules/tour-grid.ts';
import type { GridTourData } from '../lib/listing.ts';
import { $gridFilter, clearGridFilter, formatTripCount, loadGridFilterFromAddress, toggleDestinationPill, toggleTripTypePill } from '../stores/grid-filter.ts';

interface Props {
  /** id of the element holding the cards (`[data-grid-tour="{tourId}"]`). */
  gridId: string;
  tours: GridTourData[];
}

export default function GridFilters({ gridId, tours }: Props) {
  const filter = useStore($gridFilter);
  const typePills = useMemo(() => buildTripTypePills({ tours }), [tours]);
  const destinationPills = useMemo(() => buildDestinationPills({ tours }), [tours]);
  const shown = useMemo(() => filterGrid({ tours, tripType: filter.tripType, destination: filter.destination }), [tours, filter]);

  useEffect(() => loadGridFilterFromAddress(destinationPills), [destinationPills]);

  useEffect(() => {
    const grid = document.getElementById(gridId);
    if (!grid) return;
    const ids = new Set(shown.map((tour) => tour.id));
    for (const card of grid.querySelectorAll<HTMLElement>('[data-grid-tour]')) card.hidden = !ids.has(card.dataset.gridTour ?? '');
    // The skeleton stood in for the cards while the address's filter was not applied yet.
    grid.removeAttribute('data-grid-loading');
  }, [gridId, shown]);

  const activeType = filter.tripType ?? 'all';
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
        {shown.length === 0 ? 'No hay viajes con estos filtros.' : formatTripCount(shown.length)}
        {shown.length === 0 && (
          <>
            {' '}
            <button type="button" className="grid-filters__clear" onClick={clearGridFilter}>
              Ver todos los viajes
            </button>
          </>
        )}
      </p>
    </div>
  );
}
