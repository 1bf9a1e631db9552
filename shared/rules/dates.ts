/**
 * Calendar dates as 'YYYY-MM-DD' strings, computed in UTC. Rules never read the clock: callers pass `now`
 * or `today` in.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC calendar date of an instant, as 'YYYY-MM-DD'. */
export function formatIsoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whether a string is a real calendar date in 'YYYY-MM-DD' form (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatIsoDate(new Date(time)) === value;
}

function toUtcMs(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function countDaysBetween({ from, to }: { from: string; to: string }): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** The date `days` days after `date` (before, when negative). */
export function addDays({ date, days }: { date: string; days: number }): string {
  return formatIsoDate(new Date(toUtcMs(date) + days * MS_PER_DAY));
}
