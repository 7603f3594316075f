import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, MAX_TRACKED_KEYS } from './attempt-limiter.ts';

const setup = () => {
  let clock = 1_000_000;
  const limiter = createAttemptLimiter({ max: 3, windowMs: 60_000, now: () => clock });
  return { limiter, advance: (ms: number) => (clock += ms) };
};

describe('an attempt limiter', () => {
  it('lets a key try until it has max failures, then blocks it with the seconds left', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 2; i += 1) limiter.recordFailure('ip');
    expect(limiter.retryAfter('ip')).toBeNull();
    limiter.recordFailure('ip');
    expect(limiter.retryAfter('ip')).toBe(60);
    advance(45_500);
    expect(limiter.retryAfter('ip')).toBe(15);
  });

  it('unblocks the key when its window ends', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('ip');
    advance(60_000);
    expect(limiter.retryAfter('ip')).toBeNull();
    limiter.recordFailure('ip');
    expect(limiter.retryAfter('ip')).toBeNull();
  });

  it('keeps keys apart and forgets a key on reset', () => {
    const { limiter } = setup();
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('a');
    expect(limiter.retryAfter('b')).toBeNull();
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBeNull();
  });

  it('stays bounded when flooded with distinct keys', () => {
    const { limiter } = setup();
    for (let i = 0; i < MAX_TRACKED_KEYS * 3; i += 1) limiter.recordFailure(`k${i}`);
    expect(limiter.size()).toBeLessThanOrEqual(MAX_TRACKED_KEYS);
    for (let i = 0; i < 3; i += 1) limiter.recordFailure('last');
    expect(limiter.retryAfter('last')).toBe(60);
  });
});
