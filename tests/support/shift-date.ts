/**
 * Moves the global `Date` forward by `shift` milliseconds: `Date.now()` and `new Date()` read the shifted
 * time, every other use of `Date` is unchanged, and dates made elsewhere (Node's file times) still pass
 * `instanceof Date`. Self-contained, as Playwright sends it to each page as an init script's source.
 */
export function shiftDate(shift: number): void {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
