// The allocation as of a log position: the allocation stream's approvals up to it, a page
// at a time, tallied by the domain's fold (@acres/read-models/allocation).
// Without a position, the read model answers with the checkpoint it was read at.

import { ALLOCATION_STREAM_ID } from '@acres/contracts/constants';
import type { Allocation } from '@acres/contracts/payment';
import type { Pool } from '@acres/platform';
import {
  ALLOCATION,
  ALLOCATION_EVENTS,
  EMPTY_TALLY,
  tallyDecisions,
  toAllocationEvent,
  readAllocation,
  toAllocationOf,
} from '@acres/read-models/allocation';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { readEventPages, type EventLog } from '../shared/as-of/event-log.ts';
import { resolveAsOf, type AsOfPoint } from '../shared/as-of/resolve.ts';
import { readInSnapshot } from '../shared/as-of/snapshot.ts';
import type { AsOfQuery } from '@acres/contracts/as-of';

// Acres and investors' ids are never sealed, but the events are opened all the same: their
// schema wants every field back (an erased subject's read 'erased', which changes no tally).
export const foldAllocationAt = async (log: EventLog, options: { position: bigint }): Promise<Allocation> => {
  let tally = EMPTY_TALLY;
  const pages = readEventPages(log, {
    filter: { streamIds: [ALLOCATION_STREAM_ID], types: ALLOCATION_EVENTS },
    position: options.position,
  });
  for await (const page of pages) tally = tallyDecisions(tally, page.map(toAllocationEvent));
  return toAllocationOf(tally);
};

export const readAllocationAsOf = (
  pool: Pool,
  options: { query: AsOfQuery; now: Date; log: EventLog },
): Promise<{ allocation: Allocation; position: bigint; point: AsOfPoint | null }> =>
  readInSnapshot(pool, async (client) => {
    const point = await resolveAsOf(options.log, options.query, options.now);
    if (point)
      return {
        allocation: await foldAllocationAt(options.log, { position: point.position }),
        position: point.position,
        point,
      };
    const [checkpoint] = await readCheckpoints(client, [ALLOCATION.name]);
    return { allocation: await readAllocation(client), position: checkpoint?.position ?? 0n, point };
  });
