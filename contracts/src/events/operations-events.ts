import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

// Operations on projections (issue 12 item 6), from the admin's Operations tab or the
// projections CLI: `by` is 'admin:<username>' or 'cli:<os user>'. They live on one stream
// per projection (`projection-<name>`) and change no read model but the audit log.

const by = z.string().min(1).max(200);
const projection = z.string().min(1).max(63);
const position = z.string().regex(/^\d{1,19}$/);

export const ProjectionRebuildRequestedDataSchema = z.object({
  operationId: z.uuid(),
  projection,
  requestedBy: by,
  requestedAt: EventTimestampSchema,
});
export type ProjectionRebuildRequestedData = z.infer<typeof ProjectionRebuildRequestedDataSchema>;

export const ProjectionRebuildCompletedDataSchema = z.object({
  operationId: z.uuid(),
  projection,
  requestedBy: by,
  /** swapped: the rebuilt tables are live; failed or interrupted: the live tables are untouched. */
  outcome: z.enum(['swapped', 'failed', 'interrupted']),
  eventsReplayed: z.number().int().nonnegative(),
  /** Where the live checkpoint moved to (swapped only). */
  position: position.nullable(),
  message: z.string().max(2000).nullable(),
  completedAt: EventTimestampSchema,
});
export type ProjectionRebuildCompletedData = z.infer<typeof ProjectionRebuildCompletedDataSchema>;

export const ProjectionResumedDataSchema = z.object({
  projection,
  resumedBy: by,
  resumedAt: EventTimestampSchema,
});
export type ProjectionResumedData = z.infer<typeof ProjectionResumedDataSchema>;

/** A poison event parked in projection_dead_letters; the projection went on after it. */
export const PoisonEventSkippedDataSchema = z.object({
  projection,
  position,
  eventId: z.string().min(1),
  eventType: z.string().min(1),
  reason: z.string().min(1).max(500),
  skippedBy: by,
  skippedAt: EventTimestampSchema,
});
export type PoisonEventSkippedData = z.infer<typeof PoisonEventSkippedDataSchema>;
