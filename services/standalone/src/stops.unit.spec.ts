import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStops } from './stops.ts';

const captureLogger = () => {
  const lines: { level: number; msg: string; part?: string }[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
};

afterEach(() => vi.useRealTimers());

describe('stopping the product', () => {
  it('stops the parts in reverse order, once, and goes on past one that fails', async () => {
    const { logger, lines } = captureLogger();
    const stops = createStops(logger);
    const order: string[] = [];
    stops.add('pool', async () => order.push('pool'));
    stops.add('projector', async () => {
      order.push('projector');
      throw new Error('socket closed');
    });
    stops.add('HTTP server', async () => order.push('HTTP server'));
    await Promise.all([stops.stopAll(), stops.stopAll()]);
    await stops.stopAll();
    expect(order).toEqual(['HTTP server', 'projector', 'pool']);
    await vi.waitFor(() =>
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'error while stopping', part: 'projector' })),
    );
  });

  it('names a part still stopping after 5 s, and again every 5 s until it is done', async () => {
    vi.useFakeTimers();
    const { logger, lines } = captureLogger();
    const stops = createStops(logger);
    let finish = () => {};
    stops.add('notifier', () => new Promise<void>((resolve) => (finish = resolve)));
    const stopping = stops.stopAll();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_001);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    await vi.waitFor(() =>
      expect(lines.map((line) => line.msg)).toEqual([
        'still stopping the notifier',
        'still stopping the notifier',
        'still stopping the notifier',
      ]),
    );
  });
});
