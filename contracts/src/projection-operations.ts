// Operations on projections from the admin's Operations tab (issue 12 item 6): rebuild,
// resume after a poison event, skip (park) the event a projection stopped on. The same
// rules as the projections CLI (`npm run projections -- …`), one rule per field.

import { z } from 'zod';

/** A projection's name as the projector knows it ('leads', 'admin-counters'). */
export const ProjectionNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,50}(@r[1-9]\d{0,5})?$/, 'must be a projection name: lower-case letters, digits and dashes');

const MAX_POSITION = 2n ** 63n - 1n;
const POSITION_PATTERN = /^[1-9]\d{0,18}$/;

/** A global position of the log: decimal, positive, 64-bit. */
export const LogPositionSchema = z
  .string()
  .trim()
  .regex(POSITION_PATTERN, 'must be the global position of an event: a whole number from 1')
  // zod runs every check even after the pattern failed: only a match reaches BigInt.
  .refine(
    (value) => !POSITION_PATTERN.test(value) || BigInt(value) <= MAX_POSITION,
    'must be the global position of an event: at most 2^63 - 1',
  );

export const SKIP_REASON_MAX = 500;

/** POST /api/admin/projections/:name/skip: the event it stopped on, and why it is parked (kept with it). */
export const SkipPoisonEventFormSchema = z.object({
  position: LogPositionSchema,
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the event is parked; the reason is kept with it')
    .max(SKIP_REASON_MAX, `At most ${SKIP_REASON_MAX} characters`),
});
export type SkipPoisonEventForm = z.infer<typeof SkipPoisonEventFormSchema>;

export const PROJECTION_OPERATION_KINDS = ['rebuild', 'resume', 'skip'] as const;
export type ProjectionOperationKind = (typeof PROJECTION_OPERATION_KINDS)[number];

/**
 * requested: waiting for a projector process; running: a rebuild in progress; done;
 * failed: it ran and did not finish (the live tables are untouched); refused: nothing was
 * changed (see message); withdrawn: no projector took it up in time; interrupted: the
 * process running it stopped (the live tables are untouched; a new rebuild resumes).
 */
export const PROJECTION_OPERATION_STATUSES = [
  'requested',
  'running',
  'done',
  'failed',
  'refused',
  'withdrawn',
  'interrupted',
] as const;
export type ProjectionOperationStatus = (typeof PROJECTION_OPERATION_STATUSES)[number];

/** One operation and, for a rebuild, its progress (events replayed of the events to replay). */
export const ProjectionOperationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PROJECTION_OPERATION_KINDS),
  projection: z.string(),
  status: z.enum(PROJECTION_OPERATION_STATUSES),
  /** 'admin:<username>' or 'cli:<os user>'. */
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  position: z.string().nullable(),
  reason: z.string().nullable(),
  progressDone: z.number().int().nonnegative(),
  progressTotal: z.number().int().nonnegative().nullable(),
  /** 0…1; null before anything is known. */
  progressFraction: z.number().min(0).max(1).nullable(),
  /** What happened, in words (refusal reason, error, the swap's figures). */
  message: z.string().nullable(),
});
export type ProjectionOperation = z.infer<typeof ProjectionOperationSchema>;
