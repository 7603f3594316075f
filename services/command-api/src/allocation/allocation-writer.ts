import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { parseEvent } from '@acres/contracts';
import {
  decideAllocation,
  foldAllocation,
  initialAllocationState,
  type AllocationCommand,
  type AllocationEvent,
  type AllocationState,
} from '@acres/domain';
import { isWrongExpectedVersion, type EventStore, type RecordedEvent } from '@acres/eventstore/port';
import { DomainError } from '@acres/contracts/errors';
import { toNewEvents } from '../commands/event-metadata.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { createKeyedMutex } from '../commands/keyed-mutex.ts';

export const ALLOCATION_BUSY_MESSAGE = 'The project allocation is being changed by another request. Please try again.';

export type AllocationWriter = {
  /** Decides the command on the latest allocation and appends its event; throws the decider's refusals. */
  decide: (command: AllocationCommand, context: CommandContext) => Promise<{ events: AllocationEvent[]; position: bigint }>;
  /** The allocation as of the last read or write of this process (catches up first). */
  read: () => Promise<AllocationState>;
};

type Snapshot = { revision: bigint | 'no_stream'; state: AllocationState };

const ALLOCATION_EVENT_TYPES = new Set(['PaymentApproved', 'PaymentRejected']);

const toAllocationEvent = (recorded: RecordedEvent): AllocationEvent => {
  if (!ALLOCATION_EVENT_TYPES.has(recorded.type)) {
    throw new TypeError(`Unexpected ${recorded.type} at ${recorded.streamId}@${recorded.streamPosition}`);
  }
  return parseEvent(recorded.type, recorded.data) as AllocationEvent;
};

/**
 * The writer of one allocation stream, the project's hot spot: every approval of every
 * investor lands here.
 *
 * - In this process decisions queue on a mutex, so they never lose optimistic races
 *   to each other.
 * - Several processes (separate command-api replicas) still race; the loser of an
 *   append gets WrongExpectedVersion, re-reads, re-decides on the new state (which may
 *   now refuse it: that is how the limits hold) and retries after a jittered backoff,
 *   a bounded number of times.
 * - The state is kept in memory with the revision it reflects, and each decision reads
 *   only the events after that revision: the stream is read in full once per process,
 *   not once per request. The snapshot is only a cache: the append's expected revision
 *   is what guarantees correctness, so a stale snapshot costs a retry, never a wrong
 *   decision. (A persisted snapshot would also spare the one full read at start-up;
 *   not needed while the stream stays in the thousands.)
 */
export const createAllocationWriter = (options: {
  eventStore: EventStore;
  streamId: string;
  newEventId: () => string;
  logger?: FastifyBaseLogger;
  maxAttempts?: number;
  /** Upper bound of the first backoff; doubles per attempt. */
  backoffMs?: number;
  random?: () => number;
}): AllocationWriter => {
  const { eventStore, streamId, newEventId, logger } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoffMs = options.backoffMs ?? 10;
  const random = options.random ?? Math.random;
  const mutex = createKeyedMutex();
  let snapshot: Snapshot = { revision: 'no_stream', state: initialAllocationState };

  const catchUp = async (): Promise<Snapshot> => {
    const fromRevision = snapshot.revision === 'no_stream' ? 0n : snapshot.revision + 1n;
    const recorded = await eventStore.readStream(streamId, { fromRevision });
    if (recorded.length === 0) return snapshot;
    const base = snapshot;
    snapshot = {
      revision: recorded[recorded.length - 1]!.streamPosition,
      state: foldAllocation(base.state, recorded.map(toAllocationEvent)),
    };
    return snapshot;
  };

  const decideOnce = async (command: AllocationCommand, context: CommandContext) => {
    for (let attempt = 1; ; attempt += 1) {
      const { revision, state } = await catchUp();
      const events = decideAllocation(command, state);
      try {
        const appended = await eventStore.appendToStream(streamId, toNewEvents({ events, streamId, context, newEventId }), {
          expectedRevision: revision,
        });
        snapshot = { revision: appended.nextExpectedRevision, state: foldAllocation(state, events) };
        return { events, position: appended.position };
      } catch (error) {
        if (!isWrongExpectedVersion(error)) throw error;
        // A store behind the snapshot (restored from a backup) means the cache is wrong: start over.
        if (error.actual === 'no_stream' || (revision !== 'no_stream' && error.actual < revision)) {
          snapshot = { revision: 'no_stream', state: initialAllocationState };
        }
        logger?.debug(
          { stream: streamId, attempt, paymentId: command.paymentId },
          'allocation append lost a race; deciding again',
        );
        if (attempt >= maxAttempts) throw new DomainError('conflict', ALLOCATION_BUSY_MESSAGE);
        // Full jitter: racing processes spread out instead of colliding again in step.
        await sleep(random() * backoffMs * 2 ** (attempt - 1));
      }
    }
  };

  return {
    decide: (command, context) => mutex.run(streamId, () => decideOnce(command, context)),
    read: () => mutex.run(streamId, async () => (await catchUp()).state),
  };
};
