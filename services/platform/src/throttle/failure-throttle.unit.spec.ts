import { describe, expect, it } from 'vitest';
import { DEFAULT_FAILURE_LIMITS, delayAfterFailures } from './failure-throttle.ts';

describe('the delay after failures', () => {
  const limits = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 };

  it('is nothing before the free failures are spent', () => {
    expect([0, 1, 2].map((failures) => delayAfterFailures({ ...limits, failures }))).toEqual([0, 0, 0]);
  });

  it('doubles with each failure from there, up to the cap, and never overflows', () => {
    expect([3, 4, 5, 6, 7, 8].map((failures) => delayAfterFailures({ ...limits, failures }))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect(delayAfterFailures({ ...limits, failures: 5_000 })).toBe(10_000);
  });

  it('forgets a counter only after the longest wait, so waiting it out never resets the growth', () => {
    expect(DEFAULT_FAILURE_LIMITS.forgetAfterMs).toBeGreaterThan(DEFAULT_FAILURE_LIMITS.maxDelayMs);
  });
});
