// A contact's opt-out or opt-in (issue 13, item 4). The contact acted, not an admin; the entry
// names them by a masked address only (the audit log outlives an erasure), and its subject is
// the contact's consent stream, so "everything about this contact" is their whole history.

import type { ContactOptedOutData, MessagingSuppressedData } from '@acres/contracts/events';
import { parseEventData } from '../shared/projection/projection.ts';
import type { Mapper } from './entry.ts';

const CHANNEL_NAMES = { email: 'emails', sms: 'SMS', whatsapp: 'WhatsApp messages' } as const;

const SOURCE_NAMES = {
  'sms-reply': 'by SMS reply',
  'whatsapp-reply': 'by WhatsApp reply',
  'email-link': 'through the unsubscribe link',
  'email-one-click': "through the mail app's unsubscribe button",
  'lead-form': 'on the lead form',
  dashboard: 'in their message preferences',
  admin: 'by the admin on their behalf',
} as const;

/** The admin who recorded it, the investor or affiliate from their dashboard, or the contact's own reply or link. */
const actorOf = (data: ContactOptedOutData) => {
  const recordedBy = data.recordedBy ?? null;
  if (recordedBy?.startsWith('admin:')) return { actor_kind: 'admin' as const, actor_id: recordedBy.slice('admin:'.length) };
  if (recordedBy?.startsWith('user:')) return { actor_kind: 'investor' as const, actor_id: recordedBy.slice('user:'.length) };
  if (recordedBy?.startsWith('affiliate:'))
    return { actor_kind: 'affiliate' as const, actor_id: recordedBy.slice('affiliate:'.length) };
  return { actor_kind: 'contact' as const, actor_id: maskAddress(data.address) };
};

/** '+2348012345678' → '+234•••••5678'; 'ada@example.com' → 'a•••@example.com'. */
export const maskAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, 1)}•••${address.slice(at)}`;
  return address.length > 8 ? `${address.slice(0, 4)}•••••${address.slice(-4)}` : '•••';
};

const entryOf = (data: ContactOptedOutData, optedOut: boolean, streamId: string) => ({
  occurred_at: data.at,
  kind: optedOut ? ('consent.opted-out' as const) : ('consent.opted-in' as const),
  ...actorOf(data),
  subject_type: 'consent' as const,
  subject_id: streamId,
  summary: `${optedOut ? 'Opted out of' : 'Opted in to'} marketing ${CHANNEL_NAMES[data.channel]} ${SOURCE_NAMES[data.source]}`,
  notes: null,
  changes: null,
});

export const contactOptedOut: Mapper = (event) => entryOf(parseEventData('ContactOptedOut', event), true, event.streamId);

export const contactOptedIn: Mapper = (event) => entryOf(parseEventData('ContactOptedIn', event), false, event.streamId);

const SUPPRESSION_SOURCE_NAMES = {
  unsubscribe: 'through the unsubscribe link',
  stop: 'by SMS reply',
  start: 'by SMS reply',
  'lead-form': 'on the lead form',
  dashboard: 'in their message preferences',
  admin: 'by the admin on their behalf',
} as const;

const sourceName = (data: MessagingSuppressedData) =>
  data.channel === 'whatsapp' && (data.source === 'stop' || data.source === 'start')
    ? 'by WhatsApp reply'
    : SUPPRESSION_SOURCE_NAMES[data.source];

// Alone (no consent event names the address: it was erased, or the link named only its digest),
// the entry says what a consent event's would, but can show the contact by no masked address.
const suppressionEntryOf = (data: MessagingSuppressedData, suppressed: boolean, streamId: string) => {
  if (!data.withoutAddress) return null;
  const admin = data.by?.startsWith('admin:') ? data.by.slice('admin:'.length) : null;
  return {
    occurred_at: data.at,
    kind: suppressed ? ('consent.opted-out' as const) : ('consent.opted-in' as const),
    ...(admin
      ? { actor_kind: 'admin' as const, actor_id: admin }
      : { actor_kind: 'contact' as const, actor_id: maskAddress('') }),
    subject_type: 'consent' as const,
    subject_id: streamId,
    summary: `${suppressed ? 'Opted out of' : 'Opted in to'} marketing ${CHANNEL_NAMES[data.channel]} ${sourceName(data)}`,
    notes: null,
    changes: null,
  };
};

export const messagingSuppressed: Mapper = (event) =>
  suppressionEntryOf(parseEventData('MessagingSuppressed', event), true, event.streamId);

export const messagingResumed: Mapper = (event) =>
  suppressionEntryOf(parseEventData('MessagingResumed', event), false, event.streamId);
