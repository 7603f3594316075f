import type { EventStore } from '../port.ts';
import { SEALED_KEY } from './seal.ts';

const PAGE_SIZE = 1000;

/**
 * Positions of the events sealed for these subjects, up to and including `upTo` (their
 * erasure: nothing is sealed for a subject after it), read through the port on either store.
 */
export const readSealedPositions = async (
  log: Pick<EventStore, 'readAll'>,
  options: { subjects: readonly string[]; upTo: bigint },
): Promise<bigint[]> => {
  const positions: bigint[] = [];
  if (options.subjects.length === 0) return positions;
  const filter = { data: [{ path: [SEALED_KEY, 's'], values: options.subjects }] };
  for (let after = 0n; ;) {
    const page = await log.readAll({ fromPosition: after, toPosition: options.upTo, filter, maxCount: PAGE_SIZE });
    positions.push(...page.map((event) => event.globalPosition));
    if (page.length < PAGE_SIZE) return positions;
    after = page.at(-1)!.globalPosition;
  }
};
