import type { Insertable } from 'kysely';
import type { Database } from '../tables.ts';
import type { Random } from './random.ts';
import { makeStamp } from './dates.ts';
import type { RowSets } from './insert.ts';

/** Every column present, so one multi-row insert never mixes keys (see insert.ts). */
export type Row<T extends keyof Database> = Required<Insertable<Database[T]>>;

/** What each area of the seed reads and appends to. */
export interface SeedContext {
  rng: Random;
  today: string;
  /** ISO timestamp `daysAgo` days before `today`, 09:00 UTC plus `minutes`. */
  stamp: (daysAgo: number, minutes?: number) => string;
  rows: RowSets;
}

export function createContext(rng: Random, today: string): SeedContext {
  return { rng, today, stamp: makeStamp(today), rows: {} };
}

export function add<T extends keyof Database>(ctx: SeedContext, table: T, row: Row<T>): Row<T> {
  ctx.rows[table] ??= [];
  (ctx.rows[table] as Row<T>[]).push(row);
  return row;
}

/** Spanish long date: '12 de mayo de 2027'. */
const MONTHS_LOWER = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export function spanishDate(date: string): string {
  return `${Number(date.slice(8, 10))} de ${MONTHS_LOWER[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`;
}

export const cents = (euros: number): number => Math.round(euros * 100);
