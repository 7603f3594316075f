import { afterEach, describe, expect, it, vi } from 'vitest';
import { pause } from './pause.ts';

afterEach(() => vi.useRealTimers());

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('pause', () => {
  it('ends at once for a signal aborted before it began (a stop during a sweep)', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort();
    expect(await settled(pause(3_600_000, controller.signal))).toBe(true);
  });

  it('ends when the signal aborts, or after ms, and leaves no listener behind', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const timed = pause(1_000, controller.signal);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(timed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(timed)).toBe(true);
    expect(remove).toHaveBeenCalledTimes(1);
    const aborted = pause(1_000, controller.signal);
    controller.abort();
    expect(await settled(aborted)).toBe(true);
  });
});
