/**
 * A small seeded PRNG (mulberry32) for fixtures. The seed must write the same bytes for the same
 * (seed, today) pair, so nothing here may touch Math.random, the clock or the OS entropy pool.
 */

export interface Random {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** An RFC 4122 version-4-shaped id drawn from this generator. */
  uuid(): string;
  /**
   * Like uuid(), but ids sort in the order they were drawn: B-tree indexes then append instead of
   * splitting pages all over, which keeps bulk inserts of hundreds of thousands of rows fast.
   */
  sequentialUuid(): string;
  bytes(length: number): Uint8Array;
  /** An independent generator, so adding draws in one area does not shift every id after it. */
  fork(label: string): Random;
}

/** 32-bit FNV-1a: turns labels into fork seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  let sequence = 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const bytes = (length: number): Uint8Array => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = int(0, 255);
    return out;
  };
  return {
    next,
    int,
    bytes,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i);
        [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
      }
      return pool.slice(0, Math.min(count, pool.length));
    },
    chance: (p) => next() < p,
    uuid(): string {
      const b = bytes(16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    sequentialUuid(): string {
      const random = this.uuid();
      const counter = (sequence++).toString(16).padStart(12, '0');
      return `${counter.slice(0, 8)}-${counter.slice(8, 12)}${random.slice(13)}`;
    },
    fork: (label) => createRandom((hashString(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0),
  };
}
