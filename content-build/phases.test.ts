import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPhaseClock } from './phases.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startPhaseClock', () => {
  it('records the seconds of each lap since the one before, in the order taken', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { phases, lap } = startPhaseClock();
    vi.advanceTimersByTime(1500);
    lap('snapshot');
    vi.advanceTimersByTime(250);
    lap('astro');
    expect(phases).toEqual({ snapshot: 1.5, astro: 0.25 });
    expect(Object.keys(phases)).toEqual(['snapshot', 'astro']);
  });
});
