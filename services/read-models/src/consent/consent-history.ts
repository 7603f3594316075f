// The consent history (issue 14, item 4): one row per ConsentRecorded (a form's checkbox) and
// per ContactOptedOut / ContactOptedIn (the projector's projections/consent/consent-history).
// Contacts are their key-holder ids (`contact:<32 hex>`), never addresses: a subject's history
// is its own rows plus every row of the contacts its record names. A suppression that stands
// alone (MessagingSuppressed / MessagingResumed with no consent event beside it: the address
// was erased, or a version 2 unsubscribe link named only its digest) is a row too, its contact
// named `suppression:<keyed digest>` (suppressionContactOf).

import { toNigerianMobileE164 } from '@acres/contracts';
import type { ConsentHistoryEntry, ConsentSubjectKind } from '@acres/contracts/consent-ledger';
import { ERASED } from '@acres/contracts/personal-data';
import type { Queryable } from '@acres/platform/db';
import { defineReadModel, type Position } from '../shared/read-model.ts';

export const CONSENT_HISTORY = defineReadModel('consent-history', 'consent_history', '1700000000027_consent-ledger.sql');

export type ConsentHistoryRow = {
  global_position: Position;
  kind: ConsentHistoryEntry['kind'];
  /** `lead:<uuid>` or `application:<uuid>` for a form's consent; null for an opt-out or opt-in. */
  subject: string | null;
  contacts: string[];
  channels: ConsentHistoryEntry['channels'];
  purposes: ConsentHistoryEntry['purposes'];
  text_id: ConsentHistoryEntry['textId'];
  text_version: number | null;
  text_digest: string | null;
  /** For a form's consent: false when the client named no version (the text in force then); null for a choice. */
  version_stated_by_client: boolean | null;
  source: ConsentHistoryEntry['source'];
  recorded_by: string | null;
  occurred_at: Date;
};

export const toConsentHistoryEntry = (row: ConsentHistoryRow): ConsentHistoryEntry => ({
  position: String(row.global_position),
  kind: row.kind,
  at: row.occurred_at.toISOString(),
  channels: row.channels,
  purposes: row.purposes,
  textId: row.text_id,
  textVersion: row.text_version,
  textDigest: row.text_digest,
  versionStatedByClient: row.version_stated_by_client,
  source: row.source,
  recordedBy: row.recorded_by,
});

/** How a row names the address of a suppression that stands alone: its keyed digest, per channel. */
export const suppressionContactOf = (digest: string) => `suppression:${digest}`;

/** A record's addresses, from its own read model: what its consent history and preferences are about. */
export type SubjectAddresses = { email: string | null; phoneE164: string | null };

const SUBJECT_ADDRESS_SQL: Readonly<Record<ConsentSubjectKind, string>> = {
  lead: 'SELECT email, phone_e164 AS phone FROM leads WHERE id = $1',
  application: 'SELECT email, phone_number AS phone FROM subscriptions WHERE id = $1',
  affiliate: 'SELECT email, phone FROM affiliates WHERE user_id = $1',
};

/** null: no such record (yet). An erased field reads as ERASED and is left out. */
export const findSubjectAddresses = async (
  db: Queryable,
  subject: { kind: ConsentSubjectKind; id: string },
): Promise<SubjectAddresses | null> => {
  const { rows } = await db.query<{ email: string | null; phone: string | null }>(SUBJECT_ADDRESS_SQL[subject.kind], [
    subject.id,
  ]);
  const row = rows[0];
  if (!row) return null;
  const email = row.email && row.email !== ERASED ? row.email.toLowerCase() : null;
  const phoneE164 = row.phone && row.phone !== ERASED ? toNigerianMobileE164(row.phone) : null;
  return { email, phoneE164 };
};
