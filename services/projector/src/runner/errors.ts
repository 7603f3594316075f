import { ProjectionEventError } from '@acres/read-models/projection';
import { InvalidEventDataError, UnknownEventTypeError } from '@acres/contracts/events';

export { describeError, ProjectionEventError } from '@acres/read-models/projection';

/** Another runner moved the checkpoint (or an operator reset it) under our feet. */
export class CheckpointConflictError extends Error {
  override readonly name = 'CheckpointConflictError';
  constructor(projection: string, expected: bigint) {
    super(`Checkpoint of projection '${projection}' is no longer at ${expected} (or it is no longer running); re-reading it`);
  }
}

/** The event store broke its ordering promise; the projection retries rather than skip. */
export class EventOrderError extends Error {
  override readonly name = 'EventOrderError';
}

const rootCause = (error: unknown): unknown => (error instanceof ProjectionEventError ? rootCause(error.cause) : error);

/** Bad data fails the same way every time: retrying it only delays the alarm. */
export const isDeterministicError = (error: unknown) => {
  const cause = rootCause(error);
  return cause instanceof InvalidEventDataError || cause instanceof UnknownEventTypeError;
};

const CONNECTION_MESSAGES =
  /Connection terminated|connection (is )?closed|ECONNRESET|ECONNREFUSED|EPIPE|Client has encountered a connection error|not queryable/i;

/**
 * Errors of the database connection or server rather than of the event: they must
 * never mark a projection failed (a database restart is not a poison event).
 * Class 08 connection exceptions, 57P01-57P03 shutdown, 53 insufficient resources.
 */
export const isConnectionError = (error: unknown): boolean => {
  const cause = rootCause(error);
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('53') || /^57P0[123]$/.test(code))) return true;
  return CONNECTION_MESSAGES.test(cause.message);
};
