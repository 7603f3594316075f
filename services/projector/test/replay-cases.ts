import { expect, it } from 'vitest';
import type { Projection } from '@acres/read-models/projection';
import { oneByOne, runUntilLive, type ProjectorHarness } from './harness.ts';

/**
 * The replays a projection spec proves harmless once its first run is recorded: the whole log
 * again from position 0, in batches and event by event through apply(), each leaving every row
 * as the first run wrote it. `recorded` is read when the tests run, after the spec's beforeAll.
 */
export const itChangesNothingWhenReplayedFromZero = <S>(
  recorded: () => {
    harness: ProjectorHarness;
    projections: () => Projection[];
    head: bigint;
    snapshot: () => Promise<S>;
    first: S;
  },
) => {
  it.each([
    ['the whole log is replayed in batches', (projections: Projection[]) => projections],
    ['the log is replayed event by event through apply()', (projections: Projection[]) => projections.map(oneByOne)],
  ])('changes nothing when %s', async (_, prepare) => {
    const { harness, projections, head, snapshot, first } = recorded();
    await runUntilLive(harness, prepare(projections()), head, { from: 0n });
    expect(await snapshot()).toEqual(first);
  });
};
