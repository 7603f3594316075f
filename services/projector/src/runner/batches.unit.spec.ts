import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readBatches } from './batches.ts';

/** Yields the groups in turn: items of a group back to back, a pause between groups. */
async function* groups(list: number[][], pauseMs = 5) {
  for (const group of list) {
    await sleep(pauseMs);
    for (const item of group) yield item;
  }
}

const collect = async (source: AsyncIterable<number>, maxBatch: number, signal = new AbortController().signal) => {
  const batches: number[][] = [];
  for await (const batch of readBatches(source, { maxBatch, signal })) batches.push(batch);
  return batches;
};

describe('readBatches over a source', () => {
  it('takes events that are ready together and sends a batch when the next one is not', async () => {
    expect(await collect(groups([[1, 2, 3], [4], [5, 6]]), 100)).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('never makes a batch larger than maxBatch', async () => {
    expect(await collect(groups([[1, 2, 3, 4, 5, 6, 7]]), 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('ends when the signal aborts even while the source is waiting', async () => {
    const controller = new AbortController();
    async function* stuck() {
      yield 1;
      await new Promise(() => {});
    }
    setTimeout(() => controller.abort(), 20);
    const startedAt = Date.now();
    expect(await collect(stuck(), 10, controller.signal)).toEqual([[1]]);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('passes the source error on', async () => {
    async function* failing() {
      yield 1;
      await sleep(1);
      throw new Error('connection lost');
    }
    await expect(collect(failing(), 10)).rejects.toThrow('connection lost');
  });
});
