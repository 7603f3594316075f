// resume and skip as recorded operations: the CLI's own code (checkpoints.ts,
// dead-letter.ts), then ProjectionResumed or PoisonEventSkipped in the log, for both the
// Operations tab and the CLI.

import type { EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import { resumeProjection } from '../runner/checkpoints.ts';
import { skipPoisonEvent, type ParkedEvent } from '../runner/dead-letter.ts';
import { appendOperationEvent, type Operator } from './audit-events.ts';

/** False (nothing changed, nothing recorded) when the projection is not stopped on a failing event. */
export const resumeRecorded = async (options: {
  pool: Pool;
  eventStore: EventStore;
  name: string;
  operator: Operator;
}): Promise<boolean> => {
  if (!(await resumeProjection(options.pool, options.name))) return false;
  await appendOperationEvent({
    eventStore: options.eventStore,
    projection: options.name,
    operator: options.operator,
    type: 'ProjectionResumed',
    data: { projection: options.name, resumedBy: options.operator.by, resumedAt: new Date().toISOString() },
  });
  return true;
};

/** Throws SkipRefusedError (nothing changed, nothing recorded) unless the projection stopped on exactly that event. */
export const skipRecorded = async (options: {
  pool: Pool;
  eventStore: EventStore;
  name: string;
  position: bigint;
  reason: string;
  operator: Operator;
  lockTimeoutMs?: number;
}): Promise<ParkedEvent> => {
  const parked = await skipPoisonEvent({
    pool: options.pool,
    eventStore: options.eventStore,
    name: options.name,
    position: options.position,
    reason: options.reason,
    ...(options.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: options.lockTimeoutMs }),
  });
  await appendOperationEvent({
    eventStore: options.eventStore,
    projection: options.name,
    operator: options.operator,
    type: 'PoisonEventSkipped',
    data: {
      projection: options.name,
      position: parked.position.toString(),
      eventId: parked.eventId,
      eventType: parked.eventType,
      reason: parked.reason,
      skippedBy: options.operator.by,
      skippedAt: new Date().toISOString(),
    },
  });
  return parked;
};
