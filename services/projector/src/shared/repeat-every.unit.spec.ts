import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every.ts';

describe('repeatEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the job once per interval, goes on after a failure, and stops waiting for the run under way', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let release = () => {};
    const stop = repeatEvery(
      1000,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
        if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
      },
      (error) => errors.push(error),
    );
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    expect(errors).toEqual([new Error('first run fails')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    // The third run hangs: no fourth starts while it does.
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
