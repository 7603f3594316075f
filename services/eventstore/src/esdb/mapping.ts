import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedVersionError, type EventMetadata, type ExpectedRevision, type RecordedEvent } from '../port.ts';

// Stream reads come from EventStoreDB's index, which answers "unknown" (2^64 - 1) or
// nothing for the commit position.
const UNKNOWN_POSITION = 2n ** 63n;

export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint' || expected < 0n) throw new TypeError(`unknown expectedRevision ${String(expected)}`);
      return expected;
  }
};

/**
 * Our positions are EventStoreDB commit positions. A gRPC append writes its events as
 * one implicit transaction whose records each carry their own log position, so commit
 * positions increase strictly through $all.
 */
export const toReadPosition = (position: bigint): ReadPosition =>
  position === 0n ? START : { commit: position, prepare: position };

export const toWrongExpectedVersion = (error: unknown, stream: string, expected: ExpectedRevision) => {
  if (!(error instanceof EsdbWrongExpectedVersionError)) return error;
  const actual = error.actualVersion;
  return new WrongExpectedVersionError({ stream, expected, actual: typeof actual === 'bigint' ? actual : 'no_stream' });
};

const knownPosition = (position: bigint | undefined) => (position === undefined || position >= UNKNOWN_POSITION ? 0n : position);

/** Null for links and events we cannot read as JSON (system or foreign binary events). */
export const toRecordedEvent = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const metadata = event.metadata;
  if (typeof metadata !== 'object' || metadata === null || metadata instanceof Uint8Array) return null;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    streamPosition: event.revision,
    globalPosition: knownPosition(event.position?.commit ?? resolved.commitPosition),
    createdAt: event.created,
  };
};

/** Our events: never EventStoreDB's own ($-prefixed streams), only the listed type prefixes. */
export const createEventFilter = (eventTypes: string[]) => (event: RecordedEvent) =>
  !event.streamId.startsWith('$') && eventTypes.some((prefix) => event.type.startsWith(prefix));
