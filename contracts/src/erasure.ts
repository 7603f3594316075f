// Erasure by crypto-shredding (issue 14 item 2): the admin's command and its preview, shared
// by the command API and the admin's dialog. The event is SubjectErased (events/privacy-events.ts).

import { z } from 'zod';
import { ERASABLE_KINDS, type ErasableKind } from './events/privacy-events.ts';

export { ERASABLE_KINDS, type ErasableKind };

export const ERASURE_MESSAGES = {
  kind: `Kind must be one of ${ERASABLE_KINDS.join(', ')}`,
  id: 'Id must be the record id (a UUID)',
  reason: 'Reason is required (at most 500 characters, no personal data)',
  confirm: 'Type ERASE to confirm',
} as const;

export const ErasureKindSchema = z.enum(ERASABLE_KINDS, { error: ERASURE_MESSAGES.kind });
const RecordIdSchema = z.uuid({ error: ERASURE_MESSAGES.id }).transform((value) => value.toLowerCase());

/** GET /api/admin/erasures/preview?kind=&id= */
export const ErasureTargetSchema = z.object({ kind: ErasureKindSchema, id: RecordIdSchema });
export type ErasureTarget = z.infer<typeof ErasureTargetSchema>;

/** POST /api/admin/erasures */
export const EraseSubjectSchema = ErasureTargetSchema.extend({
  reason: z.string({ error: ERASURE_MESSAGES.reason }).trim().min(1, ERASURE_MESSAGES.reason).max(500, ERASURE_MESSAGES.reason),
});
export type EraseSubject = z.infer<typeof EraseSubjectSchema>;

/** The admin's form: the command plus the typed confirmation, which never leaves the browser. */
export const ERASE_CONFIRMATION_WORD = 'ERASE';
export const EraseSubjectFormSchema = z.object({
  reason: EraseSubjectSchema.shape.reason,
  confirm: z.string().refine((value) => value.trim() === ERASE_CONFIRMATION_WORD, ERASURE_MESSAGES.confirm),
});
export type EraseSubjectForm = z.infer<typeof EraseSubjectFormSchema>;

const ERASURE_RECORD_KINDS = ['lead', 'application', 'user', 'affiliate', 'payment', 'sale', 'notification', 'opt-out'] as const;

/** One record of the person's that erasing overwrites with "erased". */
export const ErasureRecordSchema = z.object({
  kind: z.enum(ERASURE_RECORD_KINDS),
  id: z.string(),
  /** What the admin recognises it by (an application number, a payment's amount): never the personal data itself. */
  label: z.string(),
});
export type ErasureRecord = z.infer<typeof ErasureRecordSchema>;

export const ErasurePreviewSchema = z.object({
  requested: z.object({ kind: ErasureKindSchema, id: z.string() }),
  /** Key holders whose keys would be destroyed. */
  subjects: z.array(z.string()),
  records: z.array(ErasureRecordSchema),
  // An object of known keys, not z.record: the landing page shares zod's code with the admin,
  // and z.record alone put 1.1 KB on it (tests/browser/weight.browser.spec.ts).
  counts: z.object(
    Object.fromEntries(ERASURE_RECORD_KINDS.map((kind) => [kind, z.number().int().optional()])) as {
      [K in (typeof ERASURE_RECORD_KINDS)[number]]: z.ZodOptional<z.ZodNumber>;
    },
  ),
  /** Uploaded images (payment proofs, passport photo, sale proofs) that would be deleted. */
  objects: z.number().int(),
  alreadyErased: z.boolean(),
});
export type ErasurePreview = z.infer<typeof ErasurePreviewSchema>;

export const ErasureDoneSchema = z.object({
  erasureId: z.uuid(),
  subjects: z.array(z.string()),
  /** Keys destroyed by this run (an idempotent re-run destroys none). */
  keysDestroyed: z.number().int(),
  objectsDeleted: z.number().int(),
  sessionsEnded: z.number().int(),
  credentialsDeleted: z.number().int(),
  position: z.string().nullable(),
});
export type ErasureDone = z.infer<typeof ErasureDoneSchema>;

// The erasure's query port: who a record's person is and which of their addresses other
// records still carry live in the read models, which the command side never reads itself.
// @acres/read-models/person-lookup implements it; the server that composes the command API
// passes it in. Stated here so the two sides share one statement of it.

export type RecordRef = { kind: ErasableKind; id: string };

export type Person = {
  leads: Set<string>;
  applications: Set<string>;
  users: Set<string>;
  affiliates: Set<string>;
  /** Lower-cased. */
  emails: Set<string>;
  /** As typed and in E.164. */
  phones: Set<string>;
  records: ErasureRecord[];
  /** Uploaded object paths: payment proofs, the passport photo, sale proofs. */
  objectPaths: Set<string>;
};

export type PersonLookup = {
  /** The person of one record; null when the record is not in the read models (unknown, or not projected yet). */
  findPerson: (target: RecordRef) => Promise<Person | null>;
  /** Of these lower-cased emails and phone digits, the ones a live record other than `except` still carries. */
  findAddressesInUse: (query: {
    emails: readonly string[];
    phoneDigits: readonly string[];
    except: readonly RecordRef[];
  }) => Promise<{ emails: string[]; phoneDigits: string[] }>;
};
