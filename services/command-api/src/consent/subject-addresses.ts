// Where a person's messages go, from their own stream (the command side never reads the read
// models): a lead's SlotReserved, an affiliate's AffiliateRegistered (stream named by user id).

import { parseEvent, toNigerianMobileE164 } from '@acres/contracts';
import { ERASED } from '@acres/contracts/personal-data';
import type { NotificationChannel } from '@acres/contracts/events';
import type { EventStore } from '@acres/eventstore/port';
import { affiliateStreamId } from '../affiliates/streams.ts';
import { leadStreamId } from '../leads/streams.ts';

export type SubjectAddresses = { email: string | null; phoneE164: string | null };

/** The kinds the admin can record a choice for: their streams are named by the record's id. */
export const ADMIN_CONSENT_KINDS = ['lead', 'affiliate'] as const;

const clear = (value: string) => (value === ERASED ? null : value);

/** null: no such record. */
export const findSubjectAddresses = async (
  eventStore: EventStore,
  subject: { kind: (typeof ADMIN_CONSENT_KINDS)[number]; id: string },
): Promise<SubjectAddresses | null> => {
  const streamId = subject.kind === 'lead' ? leadStreamId(subject.id) : affiliateStreamId(subject.id);
  const [first] = await eventStore.readStream(streamId, { maxCount: 1 });
  if (!first) return null;
  const event = parseEvent(first.type, first.data);
  if (event.type === 'SlotReserved') {
    return { email: clear(event.data.email.toLowerCase()), phoneE164: clear(event.data.phoneE164) };
  }
  if (event.type === 'AffiliateRegistered') {
    const phone = clear(event.data.phone);
    return { email: clear(event.data.email.toLowerCase()), phoneE164: phone ? toNigerianMobileE164(phone) : null };
  }
  return null;
};

export const channelAddresses = (addresses: SubjectAddresses): Readonly<Record<NotificationChannel, string | null>> => ({
  email: addresses.email,
  sms: addresses.phoneE164,
  whatsapp: addresses.phoneE164,
});
