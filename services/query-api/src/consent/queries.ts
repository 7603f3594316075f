import { REFUSABLE_PURPOSES } from '@acres/contracts/consent-texts';
import type { ConsentHistoryEntry, ConsentSubjectKind, MessagePreference } from '@acres/contracts/consent-ledger';
import { NOTIFICATION_CHANNELS } from '@acres/contracts/events';
import { subjectIdOf } from '@acres/eventstore/protect';
import type { Queryable } from '@acres/platform/db';
import {
  CONSENT_HISTORY,
  findSubjectAddresses,
  toConsentHistoryEntry,
  type ConsentHistoryRow,
  type SubjectAddresses,
} from '@acres/read-models/consent-history';

const COLUMNS = `global_position::text AS global_position, kind, subject, contacts, channels, purposes, text_id,
                 text_version, text_digest, version_stated_by_client, source, recorded_by, occurred_at`;

const contactIdsOf = (addresses: SubjectAddresses | null): string[] => {
  if (!addresses) return [];
  const ids = [];
  if (addresses.email) ids.push(subjectIdOf({ kind: 'contact', channel: 'email', address: addresses.email }));
  if (addresses.phoneE164) ids.push(subjectIdOf({ kind: 'contact', channel: 'sms', address: addresses.phoneE164 }));
  return ids;
};

/**
 * A record's consent history, oldest first: its own form consents, and every opt-out and opt-in
 * of the addresses it names (its read model's, and those its consents covered).
 */
export const readConsentHistory = async (
  db: Queryable,
  subject: { kind: ConsentSubjectKind; id: string },
): Promise<ConsentHistoryEntry[]> => {
  const contacts = contactIdsOf(await findSubjectAddresses(db, subject));
  const { rows } = await db.query<ConsentHistoryRow>(
    `SELECT ${COLUMNS} FROM ${CONSENT_HISTORY.table}
      WHERE subject = $1
         OR contacts && ($2::text[] || ARRAY(SELECT unnest(contacts) FROM ${CONSENT_HISTORY.table} WHERE subject = $1))
      ORDER BY global_position LIMIT 500`,
    [`${subject.kind}:${subject.id}`, contacts],
  );
  return rows.map(toConsentHistoryEntry);
};

/** What each purpose × channel holds for these addresses: the latest choice, opted in when none. */
export const readMessagePreferences = async (db: Queryable, addresses: SubjectAddresses): Promise<MessagePreference[]> => {
  const byChannel = { email: addresses.email, sms: addresses.phoneE164, whatsapp: addresses.phoneE164 };
  const contacts = contactIdsOf(addresses);
  const { rows } = await db.query<Pick<ConsentHistoryRow, 'kind' | 'contacts' | 'channels' | 'purposes'>>(
    `SELECT kind, contacts, channels, purposes FROM ${CONSENT_HISTORY.table}
      WHERE contacts && $1::text[] ORDER BY global_position`,
    [contacts],
  );
  return REFUSABLE_PURPOSES.flatMap((purpose) =>
    NOTIFICATION_CHANNELS.map((channel) => {
      const address = byChannel[channel];
      const contact = address ? subjectIdOf({ kind: 'contact', channel, address }) : null;
      const latest = rows.findLast(
        (row) =>
          contact !== null && row.contacts.includes(contact) && row.channels.includes(channel) && row.purposes.includes(purpose),
      );
      return { purpose, channel, address, optedOut: latest?.kind === 'opted-out' };
    }),
  );
};
