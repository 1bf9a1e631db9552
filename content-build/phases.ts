/** The build's phases, timed for `npm run bench` and `build.ts --phases`. */

/** The seconds of the Astro process's phases (`astro-build.ts`), left in its cache folder for `build.ts`. */

/**
 * A clock whose `lap(name)` records the seconds since the previous lap (or since the clock started) under
 * `name`, in `phases`, in the order laps are taken.
 */
export function startPhaseClock(): { phases: Record<string, number>; lap: (phase: string) => void } {
  const phases: Record<string, number> = {};
  let lapStart = performance.now();
  return {
    phases,
    lap: (phase) => {
      const end = performance.now();
      phases[phase] = Math.round(end - lapStart) / 1000;
      lapStart = end;
    },
  };
}
