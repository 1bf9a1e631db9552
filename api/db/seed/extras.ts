/**
 * The demo's tour extras (issue 33): every bookable tour offers a private airport transfer once per
 * booking; group tours a welcome dinner per traveller too; the first tour keeps a withdrawn one, as an
 * office's list would. Ids are derived from the tour's, not drawn: nothing written before changes.
 */
import { add, type SeedContext } from './context.ts';
import type { SeededTour } from './catalogue.ts';

export function buildTourExtras(ctx: SeedContext, tours: readonly SeededTour[]): void {
  const createdAt = ctx.stamp(30);
  tours.forEach((tour, index) => {
    if (tour.seed.price === null) return;
    const extras = [
      {
        name: 'Traslado privado desde el aeropuerto',
        description: 'Un conductor os espera a la llegada con un cartel con vuestro nombre y os lleva al hotel.',
        amountCents: 6_000,
        basis: 'PER_BOOKING' as const,
        active: 1,
      },
      ...(tour.seed.type === 'Group'
        ? [
            {
              name: 'Cena de bienvenida',
              description: 'La primera noche, con el guía y el resto del grupo.',
              amountCents: 3_500,
              basis: 'PER_TRAVELER' as const,
              active: 1,
            },
          ]
        : []),
      ...(index === 0 ? [{ name: 'Guía de viaje impresa', description: null, amountCents: 1_500, basis: 'PER_BOOKING' as const, active: 0 }] : []),
    ];
    extras.forEach((extra, position) => {
      add(ctx, 'tourExtras', { id: `${tour.id.slice(0, 24)}-extra-${position + 1}`, tourId: tour.id, ...extra, position, createdAt, updatedAt: createdAt });
    });
  });
}
