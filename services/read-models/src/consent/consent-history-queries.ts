import { REFUSABLE_PURPOSES } from '@acres/contracts/consent-texts';
import type { ConsentHistoryEntry, ConsentSubjectKind, MessagePreference } from '@acres/contracts/consent-ledger';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@acres/contracts/events';
import { subjectIdOf, type AddressDigest } from '@acres/eventstore/protect';
import type { Queryable } from '@acres/platform/db';
import {
  CONSENT_HISTORY,
  findSubjectAddresses,
  suppressionContactOf,
  toConsentHistoryEntry,
  type ConsentHistoryRow,
  type SubjectAddresses,
} from './consent-history.ts';

const COLUMNS = `global_position::text AS global_position, kind, subject, contacts, channels, purposes, text_id,
                 text_version, text_digest, version_stated_by_client, source, recorded_by, occurred_at`;

const addressesByChannel = (addresses: SubjectAddresses) =>
  ({ email: addresses.email, sms: addresses.phoneE164, whatsapp: addresses.phoneE164 }) as const;

/** How a channel's address is named in the rows: its key-holder id, and its suppression digest on that channel. */
const channelContacts = (addressDigest: AddressDigest, channel: NotificationChannel, address: string) => [
  subjectIdOf({ kind: 'contact', channel, address }),
  suppressionContactOf(addressDigest(channel, address)),
];

const contactIdsOf = (addressDigest: AddressDigest, addresses: SubjectAddresses | null): string[] => {
  if (!addresses) return [];
  const byChannel = addressesByChannel(addresses);
  return [
    ...new Set(
      NOTIFICATION_CHANNELS.flatMap((channel) => {
        const address = byChannel[channel];
        return address ? channelContacts(addressDigest, channel, address) : [];
      }),
    ),
  ];
};

/**
 * A record's consent history, oldest first: its own form consents, and every opt-out and opt-in
 * of the addresses it names (its read model's, and those its consents covered).
 */
export const readConsentHistory = async (
  db: Queryable,
  addressDigest: AddressDigest,
  subject: { kind: ConsentSubjectKind; id: string },
): Promise<ConsentHistoryEntry[]> => {
  const contacts = contactIdsOf(addressDigest, await findSubjectAddresses(db, subject));
  const { rows } = await db.query<ConsentHistoryRow>(
    `SELECT ${COLUMNS} FROM ${CONSENT_HISTORY.table}
      WHERE subject = $1
         OR contacts && ($2::text[] || ARRAY(SELECT unnest(contacts) FROM ${CONSENT_HISTORY.table} WHERE subject = $1))
      ORDER BY global_position LIMIT 500`,
    [`${subject.kind}:${subject.id}`, contacts],
  );
  return rows.map(toConsentHistoryEntry);
};

/**
 * What each purpose × channel holds for these addresses: the latest explicit choice; without one,
 * opted in only where the person agreed to a ledger text covering it (DESIGN 11: consent is never
 * assumed, so a new investor or affiliate who ticked nothing starts with marketing off).
 */
export const readMessagePreferences = async (
  db: Queryable,
  addressDigest: AddressDigest,
  addresses: SubjectAddresses,
): Promise<MessagePreference[]> => {
  const byChannel = addressesByChannel(addresses);
  const contacts = contactIdsOf(addressDigest, addresses);
  const { rows } = await db.query<Pick<ConsentHistoryRow, 'kind' | 'contacts' | 'channels' | 'purposes'>>(
    `SELECT kind, contacts, channels, purposes FROM ${CONSENT_HISTORY.table}
      WHERE contacts && $1::text[] ORDER BY global_position`,
    [contacts],
  );
  return REFUSABLE_PURPOSES.flatMap((purpose) =>
    NOTIFICATION_CHANNELS.map((channel) => {
      const address = byChannel[channel];
      const named = address ? channelContacts(addressDigest, channel, address) : [];
      const covers = (row: (typeof rows)[number]) =>
        named.some((contact) => row.contacts.includes(contact)) &&
        row.channels.includes(channel) &&
        row.purposes.includes(purpose);
      // An explicit choice first: a form's required checkbox does not undo an opt-out (suppression, issue 24).
      const latest = rows.findLast((row) => row.kind !== 'consent-given' && covers(row));
      const consented = rows.some((row) => row.kind === 'consent-given' && covers(row));
      return { purpose, channel, address, optedOut: latest ? latest.kind === 'opted-out' : !consented };
    }),
  );
};
