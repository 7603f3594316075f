import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

// Erasure by crypto-shredding (issue 14 item 2). The event names the data subjects whose
// keys were destroyed, never their data: after it, every personal field of theirs in the
// log reads as ERASED, and the read models show "erased".

/** What the admin can erase, from that record's detail. */
export const ERASABLE_KINDS = ['user', 'lead', 'application', 'affiliate'] as const;
export type ErasableKind = (typeof ERASABLE_KINDS)[number];

/** A key holder: `user:<uuid>`, `lead:<uuid>`, `application:<uuid>`, `affiliate:<uuid>` or `contact:<32 hex>`. */
export const SubjectIdSchema = z
  .string()
  .regex(
    /^(?:(?:user|lead|application|affiliate):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|contact:[0-9a-f]{32})$/,
  );

export const SubjectErasedDataSchema = z.object({
  erasureId: z.uuid(),
  /** The record the admin erased from. */
  requested: z.object({ kind: z.enum(ERASABLE_KINDS), id: z.uuid() }),
  /** Every subject whose key was destroyed: the record itself and everything found to be the same person's. */
  subjects: z.array(SubjectIdSchema).min(1).max(200),
  /** Why, as the admin typed it; the form asks for no personal data here. */
  reason: z.string().trim().min(1).max(500),
  erasedBy: z.string().min(1).max(200),
  erasedAt: EventTimestampSchema,
});
export type SubjectErasedData = z.infer<typeof SubjectErasedDataSchema>;

/**
 * One download of a person's data by staff (the security issue, item 3): who took it, of which
 * record, and when. Ids and the staff member's name only; the data itself stays where it was.
 */
export const PersonalDataExportedDataSchema = z.object({
  exportId: z.uuid(),
  /** The record the download was asked for (DATA_EXPORT_KINDS: the same four as erasure). */
  requested: z.object({ kind: z.enum(ERASABLE_KINDS), id: z.uuid() }),
  exportedBy: z.string().min(1).max(200),
  exportedAt: EventTimestampSchema,
});
export type PersonalDataExportedData = z.infer<typeof PersonalDataExportedDataSchema>;

/** `data-export-<exportId>`: every download is its own stream, appended with no_stream. */
export const dataExportStreamId = (exportId: string) => `data-export-${exportId}`;

/** `erasure-<kind>-<id>`: appended with no_stream, so a record is erased once. */
export const erasureStreamId = (kind: ErasableKind, id: string) => `erasure-${kind}-${id}`;

/**
 * What a personal field reads as once its subject's key is destroyed. Schemas of fields
 * with a stricter shape (an enum, ten digits) accept it too, so an erased event is still valid.
 */
export const ERASED = 'erased' as const;
