import { parseEvent, type DomainEvent } from '@acres/contracts';
import { foldEvents, type Decider } from '@acres/domain';
import { isWrongExpectedVersion, type EventStore, type RecordedEvent } from '@acres/eventstore/port';
import { DomainError } from '@acres/contracts/errors';
import type { CommandContext, Idempotency } from './command-context.ts';
import { toNewEvents } from './event-metadata.ts';

export type { CommandContext, Idempotency } from './command-context.ts';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'Idempotency-Key was already used with a different request';

export type HandleCommandOptions<Command, Event extends DomainEvent, State, Result> = {
  eventStore: EventStore;
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command;
  context: CommandContext;
  newEventId: () => string;
  /** The client's answer, from the events that fulfilled the command and the last one's global position. */
  toResult: (events: Event[], position: bigint) => Result;
  /** Concurrent writers to one stream: after a conflict the command is decided again on fresh state. */
  maxAttempts?: number;
  /**
   * The stream id was just minted for this command (a random id, or one derived from the
   * Idempotency-Key), so the stream almost never exists: decide on the initial state and
   * append with 'no_stream' straight away, one round trip instead of read-then-append.
   * When the stream does exist (a retried key, a reused key, a race) the append fails with
   * WrongExpectedVersion and the command takes the usual read-decide-append path, which
   * answers a retry with its earlier result and refuses a reused key with a different body.
   */
  newStream?: boolean;
};

export type CommandOutcome<Result> = { result: Result; replayed: boolean };

const toDomainEvent = <Event extends DomainEvent>(recorded: RecordedEvent) => parseEvent(recorded.type, recorded.data) as Event;

/** The events an earlier attempt of this same request wrote, if any; refuses a reused key with a different body. */
const findEarlierAttempt = (recorded: RecordedEvent[], idempotency: Idempotency | null) => {
  if (!idempotency) return null;
  const earlier = recorded.filter((event) => event.metadata.idempotencyKey === idempotency.key);
  if (earlier.length === 0) return null;
  if (earlier.some((event) => event.metadata.requestHash !== idempotency.requestHash)) {
    throw new DomainError('conflict', IDEMPOTENCY_KEY_REUSED_MESSAGE);
  }
  return earlier;
};

/**
 * Load the stream, fold it into state, decide, append at the revision that was read.
 * A concurrent writer makes the append fail with WrongExpectedVersion; the command is
 * then decided again on the fresh stream, which either finds this request's own
 * earlier write (an idempotent retry: answer with it) or refuses it on the new state
 * (e.g. a second application for the same email).
 */
export const handleCommand = async <Command, Event extends DomainEvent, State, Result>(
  options: HandleCommandOptions<Command, Event, State, Result>,
): Promise<CommandOutcome<Result>> => {
  const { eventStore, decider, streamId, context } = options;
  const maxAttempts = options.maxAttempts ?? 3;
  if (options.newStream) {
    const events = decider.decide(options.command, decider.initialState);
    try {
      const appended = await eventStore.appendToStream(
        streamId,
        // Fresh event ids even with an Idempotency-Key: a store then never takes a retry for
        // this append's own idempotent repeat (which would hide that it is a replay); the
        // retry meets WrongExpectedVersion and the read path below finds the earlier attempt.
        toNewEvents({ events, streamId, context, newEventId: options.newEventId, freshIds: true }),
        { expectedRevision: 'no_stream' },
      );
      return { result: options.toResult(events, appended.position), replayed: false };
    } catch (error) {
      if (!isWrongExpectedVersion(error)) throw error;
    }
  }
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await eventStore.readStream(streamId);
    const earlier = findEarlierAttempt(recorded, context.idempotency);
    if (earlier) {
      const last = earlier[earlier.length - 1]!;
      return {
        result: options.toResult(
          earlier.map((e) => toDomainEvent<Event>(e)),
          last.globalPosition,
        ),
        replayed: true,
      };
    }
    const state = foldEvents(
      decider,
      recorded.map((e) => toDomainEvent<Event>(e)),
    );
    const events = decider.decide(options.command, state);
    const last = recorded[recorded.length - 1];
    // Nothing to record (an idempotent decider's repeat, e.g. a redelivered webhook): no append.
    if (events.length === 0) return { result: options.toResult(events, last?.globalPosition ?? 0n), replayed: true };
    try {
      const appended = await eventStore.appendToStream(
        streamId,
        toNewEvents({ events, streamId, context, newEventId: options.newEventId }),
        { expectedRevision: last ? last.streamPosition : 'no_stream' },
      );
      return { result: options.toResult(events, appended.position), replayed: false };
    } catch (error) {
      if (!isWrongExpectedVersion(error)) throw error;
      if (attempt >= maxAttempts) {
        throw new DomainError('conflict', 'This record is being changed by another request. Please try again.');
      }
    }
  }
};
