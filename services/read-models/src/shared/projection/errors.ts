import type { RecordedEvent } from '@acres/eventstore/port';

/** A handler failed on this event; carries the event so the runner can record it. */
export class ProjectionEventError extends Error {
  override readonly name = 'ProjectionEventError';
  readonly event: RecordedEvent;
  constructor(options: { event: RecordedEvent; cause: unknown }) {
    super(`${options.event.type} at position ${options.event.globalPosition}: ${describeError(options.cause)}`, {
      cause: options.cause,
    });
    this.event = options.event;
  }
}

/** One line with what an operator needs: class, message and PostgreSQL's code and detail. */
export const describeError = (error: unknown): string => {
  if (error instanceof ProjectionEventError) return describeError(error.cause);
  if (!(error instanceof Error)) return String(error);
  const pg = error as { code?: unknown; detail?: unknown; constraint?: unknown };
  const extras = [
    typeof pg.code === 'string' ? `code ${pg.code}` : null,
    typeof pg.constraint === 'string' ? `constraint ${pg.constraint}` : null,
    typeof pg.detail === 'string' ? pg.detail : null,
  ].filter(Boolean);
  return `${error.name}: ${error.message}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`;
};
