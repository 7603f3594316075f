// `npm run audit -- verify` on EventStoreDB: the streams of the log up to its head, each read
// back whole through the port and its chain (hashes in the events' metadata) recomputed.
// EventStoreDB keeps no digests of ours and no stream-head table: those checks are the
// PostgreSQL store's (chain/verify.ts).

import { createBrokenLinks } from '../chain/broken-link.ts';
import type { LogVerification, VerifyProgress } from '../chain/verify.ts';
import type { EventStore } from '../port.ts';
import { findBrokenEsdbLink } from './chain.ts';

const PAGE_SIZE = 1000;

/** The store must be the adapter itself, not one that opens sealed fields: the hashes cover what is stored. */
export const verifyEsdbLog = async (options: {
  store: Pick<EventStore, 'readAll' | 'readStream' | 'readHeadPosition'>;
  now?: () => Date;
  onProgress?: (progress: VerifyProgress) => void;
}): Promise<LogVerification> => {
  const { store } = options;
  const started = performance.now();
  const checkedAt = (options.now ?? (() => new Date()))();
  const rate = (events: number) => Math.round(events / Math.max((performance.now() - started) / 1000, 0.001));
  const upToPosition = await store.readHeadPosition();
  // Stream reads carry no global positions here: the $all pass names each event's.
  const positions = new Map<string, bigint>();
  const streams = new Set<string>();
  for (let after = 0n; after < upToPosition;) {
    const page = await store.readAll({ fromPosition: after, toPosition: upToPosition, maxCount: PAGE_SIZE });
    if (page.length === 0) break;
    for (const event of page) {
      streams.add(event.streamId);
      positions.set(event.id, event.globalPosition);
    }
    after = page.at(-1)!.globalPosition;
  }
  const broken = createBrokenLinks();
  let events = 0;
  for (const streamId of streams) {
    const read = await store.readStream(streamId);
    events += read.length;
    options.onProgress?.({ eventsChecked: events, eventsPerSecond: rate(events) });
    const bad = findBrokenEsdbLink(read);
    if (!bad) continue;
    const missing = bad.streamPosition !== BigInt(read.indexOf(bad));
    broken.add({
      kind: missing ? 'missing-revision' : 'hash-mismatch',
      position: (positions.get(bad.id) ?? upToPosition).toString(),
      streamId,
      revision: bad.streamPosition.toString(),
      type: bad.type,
      eventId: bad.id,
      message: missing ? 'A revision is missing before this event' : 'Event content does not match its hash',
    });
  }
  return {
    ok: broken.count() === 0,
    checkedAt,
    upToPosition,
    eventsChecked: events,
    streamsChecked: streams.size,
    digestsChecked: 0,
    digest: null,
    firstBroken: broken.first(),
    brokenLinks: broken.count(),
    eventsPerSecond: rate(events),
  };
};
