import { describe, expect, it } from 'vitest';
import { sleep, StopRequested } from './transaction.ts';

describe('sleep', () => {
  it('resolves after its time', async () => {
    const started = performance.now();
    await expect(sleep(20)).resolves.toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    await expect(sleep(5, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('throws StopRequested at once when its signal has already aborted', async () => {
    await expect(sleep(60_000, AbortSignal.abort())).rejects.toBeInstanceOf(StopRequested);
  });

  it('throws StopRequested as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(waiting).rejects.toBeInstanceOf(StopRequested);
  });
});
