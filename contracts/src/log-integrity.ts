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
export const AdminLogIntegrityResponseSchema = z.object({
  verification: LogVerificationSchema.nullable(),
  /** Who ran that check from the Audit tab, by name; null for the hourly check or the command line. Additive (issue 29). */
  checkedBy: z.string().nullable().optional(),
});
export type AdminLogIntegrityResponse = z.infer<typeof AdminLogIntegrityResponseSchema>;

/** POST /api/admin/audit-log/integrity/check takes no fields. */
export const CheckLogIntegritySchema = z.object({});

/** Its answer: the check just run, in the words the Audit tab shows. */
export const LogIntegrityCheckSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }),
  /** The staff member who asked, by name (the owner's account by username). */
  checkedBy: z.string(),
  intact: z.boolean(),
  eventsChecked: z.number().int().min(0),
  /** The kind of the first record found altered (its event type); null when intact or not one record. */
  alteredRecordType: z.string().nullable(),
  /** The event's position, for read-your-writes on the Audit log. */
  position: z.string(),
});
export type LogIntegrityCheck = z.infer<typeof LogIntegrityCheckSchema>;

/** 'PaymentProofSubmitted' → 'payment proof submitted': the kind of record, without its ids. */
export const describeRecordType = (type: string | null | undefined) =>
  type ? type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase() : null;

/** A check's result in a sentence: intact with the count, or which kind of record was altered. */
export const describeLogCheck = (check: { intact: boolean; eventsChecked: number; alteredRecordType: string | null }) => {
  if (check.intact) return `all ${check.eventsChecked.toLocaleString('en-NG')} records are as they were written`;
  const record = describeRecordType(check.alteredRecordType);
  return record ? `a ${record} record was changed after it was written` : 'a record was changed or removed after it was written';
};
