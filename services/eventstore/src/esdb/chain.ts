// The tamper-evident chain on EventStoreDB: no table to add a column to, so each event's
// hash travels in its metadata (CHAIN_METADATA_KEY), computed before the append from the
// stream's last event. The encoding is the PostgreSQL store's (chain/encoding.ts) over the
// JSON text the client writes; EventStoreDB sets the created time itself, after the hash,
// so it is encoded as 0 and occurredAt (in the metadata) stands for it.

import { CHAIN_ROOT, hashChainedEvent } from '../chain/encoding.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../port.ts';

export const CHAIN_METADATA_KEY = '$acres.hash';

export type StreamHead = { revision: bigint; hash: Buffer } | null;

const withoutHash = (metadata: EventMetadata) => {
  const { [CHAIN_METADATA_KEY]: _hash, ...rest } = metadata;
  return rest;
};

const hashOf = (
  streamId: string,
  revision: bigint,
  event: Pick<NewEvent, 'id' | 'type' | 'data' | 'metadata'>,
  previous: Buffer,
) =>
  hashChainedEvent(
    {
      streamId,
      streamPosition: revision,
      eventId: event.id,
      type: event.type,
      dataText: JSON.stringify(event.data ?? null),
      metadataText: JSON.stringify(withoutHash(event.metadata)),
      createdAtMicros: 0n,
    },
    previous,
  );

/** The events to write, each with its hash in its metadata, chained from the stream's head. */
export const chainEsdbEvents = (streamId: string, head: StreamHead, events: NewEvent[]): NewEvent[] => {
  let previous: Buffer = head?.hash ?? CHAIN_ROOT;
  let revision = head ? head.revision + 1n : 0n;
  return events.map((event) => {
    const metadata = withoutHash(event.metadata) as EventMetadata;
    const hash = hashOf(streamId, revision, { ...event, metadata }, previous);
    previous = hash;
    revision += 1n;
    return { ...event, metadata: { ...metadata, [CHAIN_METADATA_KEY]: hash.toString('hex') } };
  });
};

/** The head of a stream as read back: its last event's revision and hash (null: unchained). */
export const streamHeadOf = (last: RecordedEvent | undefined): StreamHead => {
  if (!last) return null;
  const hex = last.metadata[CHAIN_METADATA_KEY];
  return { revision: last.streamPosition, hash: typeof hex === 'string' ? Buffer.from(hex, 'hex') : CHAIN_ROOT };
};

/** The first event of a stream (read in order from revision 0) whose hash or link does not hold. */
export const findBrokenEsdbLink = (events: RecordedEvent[]): RecordedEvent | null => {
  let previous: Buffer = CHAIN_ROOT;
  for (const [index, event] of events.entries()) {
    const stored = event.metadata[CHAIN_METADATA_KEY];
    if (event.streamPosition !== BigInt(index) || typeof stored !== 'string') return event;
    const hash = hashOf(event.streamId, event.streamPosition, event, previous);
    if (hash.toString('hex') !== stored) return event;
    previous = hash;
  }
  return null;
};
