// Metadata carried by every stored event (DESIGN 3).

import { z } from 'zod';

export const ACTOR_KINDS = ['visitor', 'user', 'admin', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const ActorSchema = z.object({
  kind: z.enum(ACTOR_KINDS),
  id: z.string().nullable(),
});
export type Actor = z.infer<typeof ActorSchema>;

export const EventMetadataSchema = z.object({
  correlationId: z.uuid(),
  causationId: z.uuid().nullable().optional(),
  actor: ActorSchema,
  schemaVersion: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  idempotencyKey: z.string().min(1).max(200).optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** Event timestamps are ISO 8601 date-times. */
export const EventTimestampSchema = z.iso.datetime({ offset: true });
