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

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether a string is a real calendar date in 'YYYY-MM-DD' form (rejects 2025-02-30). By arithmetic, not
 * through a Date: every date a page prints is checked, tens of thousands of times per build.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number));
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

const MONTHS_LONG = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;
/** The abbreviations es-ES uses ('sept', not 'sep'). */
const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] as const;

/**
 * A calendar date in Spanish, without time-zone arithmetic (a departure day is a day, not an instant), so
 * the build and the browser print the same text.
 *
 * @example formatSpanishDate({ date: '2027-03-24' }) // '24 de marzo de 2027'
 * @example formatSpanishDate({ date: '2027-09-05', style: 'short' }) // '5 sept 2027'
 */
export function formatSpanishDate({ date, style = 'long' }: { date: string; style?: 'long' | 'short' }): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return style === 'long' ? `${day} de ${MONTHS_LONG[month - 1]} de ${year}` : `${day} ${MONTHS_SHORT[month - 1]} ${year}`;
}

/** Timestamps "displayed in es-ES, Europe/Madrid" (DESIGN.md): a flight's departure or arrival. */
const MADRID_TIME = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const MADRID_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
const MS_PER_MINUTE = 60_000;

/** Madrid's wall clock to the minute, as Intl's options: the flights' times here, the invoices' records' (with seconds). */
export const MADRID_WALL_CLOCK: Readonly<Intl.DateTimeFormatOptions> = {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
/** Madrid's wall clock at an instant, in parts (for its offset from UTC). */
const MADRID_CLOCK = new Intl.DateTimeFormat('en-CA', MADRID_WALL_CLOCK);

/** Madrid's offset from UTC at an instant on a whole minute, in minutes, as Intl's time-zone data says. */
function madridOffsetAt(ms: number): number {
  const part = Object.fromEntries(MADRID_CLOCK.formatToParts(new Date(ms)).map(({ type, value }) => [type, Number(value)]));
  return (Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute) - ms) / MS_PER_MINUTE;
}

/**
 * Madrid's offset on each UTC day, or null on the two days a year it changes: formatting an instant in a time
 * zone through Intl costs microseconds, and a build prints every flight's times on its tour's page for each
 * departure that offers it (tens of thousands of distinct instants at 10,000 tours); a day's offset, looked up
 * once, turns each into arithmetic.
 */
const madridOffsets = new Map<number, number | null>();

function madridOffsetOnDay(ms: number): number | null {
  const day = Math.floor(ms / MS_PER_DAY);
  let offset = madridOffsets.get(day);
  if (offset === undefined) {
    const start = madridOffsetAt(day * MS_PER_DAY);
    // Offsets change at most once a day: the same at its first and last minute, the same all day.
    offset = start === madridOffsetAt((day + 1) * MS_PER_DAY - MS_PER_MINUTE) ? start : null;
    madridOffsets.set(day, offset);
  }
  return offset;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A UTC timestamp as Madrid's day and time.
 *
 * @example formatMadridDateTime('2027-03-24T10:00:00.000Z') // { date: '24 mar 2027', time: '11:00' }
 */
export function formatMadridDateTime(timestamp: string): { date: string; time: string } {
  const ms = new Date(timestamp).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a timestamp: ${timestamp}`);
  const offset = madridOffsetOnDay(ms);
  if (offset === null) {
    const instant = new Date(ms);
    return { date: formatSpanishDate({ date: MADRID_DAY.format(instant), style: 'short' }), time: MADRID_TIME.format(instant) };
  }
  const local = new Date(ms + offset * MS_PER_MINUTE);
  return {
    date: `${local.getUTCDate()} ${MONTHS_SHORT[local.getUTCMonth()]} ${local.getUTCFullYear()}`,
    time: `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`,
  };
}

/**
 * A departure's dates in Spanish, naming the month and year only once when they are shared.
 *
 * @example formatDateRange({ from: '2026-12-03', to: '2026-12-10' }) // 'del 3 al 10 de diciembre de 2026'
 * @example formatDateRange({ from: '2026-11-28', to: '2026-12-05' }) // 'del 28 de noviembre al 5 de diciembre de 2026'
 */
export function formatDateRange({ from, to }: { from: string; to: string }): string {
  const start = formatSpanishDate({ date: from });
  const end = formatSpanishDate({ date: to });
  if (from === to) return `el ${start}`;
  if (from.slice(0, 4) !== to.slice(0, 4)) return `del ${start} al ${end}`;
  // Same year: '28 de noviembre' + ' al ' + '5 de diciembre de 2026'; same month too: '3' + ' al ' + '10 de …'.
  const startWithoutYear = start.replace(/ de \d{4}$/, '');
  if (from.slice(0, 7) !== to.slice(0, 7)) return `del ${startWithoutYear} al ${end}`;
  return `del ${startWithoutYear.replace(/ de .*$/, '')} al ${end}`;
}
