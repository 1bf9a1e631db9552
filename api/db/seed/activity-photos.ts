/** The photos of the demo's excursions, as staff upload them on /admin/actividad-opcional/fotos/…. */
import { add, type SeedContext } from './context.ts';
import type { ImageFile } from './images.ts';
import type { SeededPeriod } from './periods.ts';

/** Photos per excursion: the first excursion of every departure of the first tours that have one. */
const PHOTOS = 2;
const TOURS = 4;

/**
 * Two photos of the first excursion of each departure of a few tours; the same catalogue activity shows
 * the same two pictures on every departure, so one pair of files per activity. Draws nothing from the
 * random generator: the rest of the demo stays as it was.
 */
export function buildActivityPhotos(ctx: SeedContext, periods: readonly SeededPeriod[]): ImageFile[] {
  const images = new Map<string, ImageFile>();
  const tours = [...new Set(periods.filter((p) => p.activities.some((a) => !a.insurance)).map((p) => p.tour))].slice(0, TOURS);
  let n = 0;
  for (const period of periods) {
    if (!tours.includes(period.tour)) continue;
    const excursion = period.activities.find((a) => !a.insurance);
    if (!excursion) continue;
    for (let i = 0; i < PHOTOS; i++) {
      const key = `optional-activities/${period.tour.id}/${excursion.activityId.toLowerCase()}-${i + 1}.webp`;
      images.set(key, {
        path: key,
        width: 1200,
        height: 800,
        landscape: period.tour.destination.landscape,
        label: `${excursion.activityId}${i}`,
        winter: false,
      });
      n += 1;
      add(ctx, 'optionalActivityPhotos', {
        id: `activity-photo-${n}`,
        optionalActivityId: excursion.id,
        imageKey: key,
        position: i,
        createdAt: ctx.stamp(30, i),
      });
    }
  }
  return [...images.values()];
}
