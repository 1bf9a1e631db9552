/**
 * Date arithmetic on 'YYYY-MM-DD' strings in UTC. Every timestamp the seed writes derives from the `today`
 * it is given, never from the clock, so two runs with the same `today` write the same rows.
 */

const DAY_MS = 86_400_000;

function toUtcMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Expected a YYYY-MM-DD date, got '${date}'`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function isIsoDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return new Date(toUtcMs(date)).toISOString().slice(0, 10) === date;
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** 1..12 */
export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

export function dateOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** ISO timestamp on `date` at hh:mm UTC. */
export function at(date: string, hours: number, minutes = 0): string {
  return new Date(toUtcMs(date) + (hours * 60 + minutes) * 60_000).toISOString();
}

export function addMinutes(timestamp: string, minutes: number): string {
  return new Date(Date.parse(timestamp) + minutes * 60_000).toISOString();
}

/** The catalogue window's last day: 31 December of next year. */
export function windowEnd(today: string): string {
  return `${yearOf(today) + 1}-12-31`;
}

/** Timestamps for rows "created N days before today", at office hours so they read naturally. */
export function makeStamp(today: string): (daysAgo: number, minutesOffset?: number) => string {
  return (daysAgo, minutesOffset = 0) => addMinutes(at(addDays(today, -daysAgo), 9), minutesOffset);
}
