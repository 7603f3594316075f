import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

// A staff member's check of the event log against its seals (issue 29 item 5): the result in
// plain terms and who asked. Each check is its own stream (`log-integrity-check-<checkId>`):
// nothing to load, nothing to refuse, and a repeated click is a second check.

const BROKEN_KINDS = ['hash-mismatch', 'missing-revision', 'head-mismatch', 'digest-mismatch'] as const;

export const LogIntegrityCheckedDataSchema = z.object({
  checkId: z.uuid(),
  /** Every record checked is as it was written. */
  intact: z.boolean(),
  eventsChecked: z.number().int().nonnegative(),
  /** The kind of the first record found altered (its event type), null when intact or when no one record is named. */
  alteredRecordType: z.string().min(1).max(100).nullable(),
  /** How the verifier found it broken; null when intact. */
  brokenKind: z.enum(BROKEN_KINDS).nullable(),
  /** The staff member's id (or the Basic-auth owner's username). */
  checkedBy: z.string().min(1).max(200),
  /** When the check began: the time of its row in the verifications the Audit tab reads. */
  checkedAt: EventTimestampSchema,
});
export type LogIntegrityCheckedData = z.infer<typeof LogIntegrityCheckedDataSchema>;

export const logIntegrityCheckStreamId = (checkId: string) => `log-integrity-check-${checkId}`;

export const LOG_INTEGRITY_EVENT_CATALOGUE = {
  LogIntegrityChecked: { version: 1, schema: LogIntegrityCheckedDataSchema },
} as const;
