import { z } from 'zod';

/** How the verifier found a link broken (services/eventstore/src/chain). */
export const LOG_BROKEN_LINK_KINDS = ['hash-mismatch', 'missing-revision', 'head-mismatch', 'digest-mismatch'] as const;

/** The first broken link of a verification: positions and revisions as decimal strings (64-bit). */
export const LogBrokenLinkSchema = z.object({
  kind: z.enum(LOG_BROKEN_LINK_KINDS),
  position: z.string(),
  streamId: z.string().nullable(),
  revision: z.string().nullable(),
  type: z.string().nullable(),
  eventId: z.string().nullable(),
  message: z.string(),
});
export type LogBrokenLink = z.infer<typeof LogBrokenLinkSchema>;

export const LogVerificationSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }),
  ok: z.boolean(),
  /** Every event committed when the run began, up to this position, was checked. */
  upToPosition: z.string(),
  eventsChecked: z.number().int().min(0),
  /** The latest recorded digest that the log reproduces; null before the first digest. */
  digest: z.object({ position: z.string(), hex: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  firstBroken: LogBrokenLinkSchema.nullable(),
});
export type LogVerification = z.infer<typeof LogVerificationSchema>;

/** GET /api/admin/audit-log/integrity: the latest verification of the event log, null before the first. */
export const AdminLogIntegrityResponseSchema = z.object({ verification: LogVerificationSchema.nullable() });
export type AdminLogIntegrityResponse = z.infer<typeof AdminLogIntegrityResponseSchema>;
