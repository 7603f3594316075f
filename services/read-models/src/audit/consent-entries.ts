// A contact's opt-out or opt-in (issue 13, item 4). The contact acted, not an admin; the entry
// names them by a masked address only (the audit log outlives an erasure), and its subject is
// the contact's consent stream, so "everything about this contact" is their whole history.

import type { ContactOptedOutData, MessagingSuppressedData } from '@acres/contracts/events';
import { auditEntry, type Actor, type EntryParts } from './entry.ts';

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
const actorOf = (data: ContactOptedOutData): Actor => {
  const recordedBy = data.recordedBy ?? null;
  if (recordedBy?.startsWith('admin:')) return ['admin', recordedBy.slice('admin:'.length)];
  if (recordedBy?.startsWith('user:')) return ['investor', recordedBy.slice('user:'.length)];
  if (recordedBy?.startsWith('affiliate:')) return ['affiliate', recordedBy.slice('affiliate:'.length)];
  return ['contact', maskAddress(data.address)];
};

/** '+2348012345678' → '+234•••••5678'; 'ada@example.com' → 'a•••@example.com'. */
export const maskAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, 1)}•••${address.slice(at)}`;
  return address.length > 8 ? `${address.slice(0, 4)}•••••${address.slice(-4)}` : '•••';
};

const OPTED = { out: 'Opted out of', in: 'Opted in to' } as const;

const consentEntryOf =
  (opted: keyof typeof OPTED) =>
  (data: ContactOptedOutData, event: { streamId: string }): EntryParts => ({
    at: data.at,
    actor: actorOf(data),
    subject: ['consent', event.streamId],
    summary: `${OPTED[opted]} marketing ${CHANNEL_NAMES[data.channel]} ${SOURCE_NAMES[data.source]}`,
  });

export const contactOptedOut = auditEntry('ContactOptedOut', 'consent.opted-out', consentEntryOf('out'));

export const contactOptedIn = auditEntry('ContactOptedIn', 'consent.opted-in', consentEntryOf('in'));

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
const suppressionEntryOf =
  (opted: keyof typeof OPTED) =>
  (data: MessagingSuppressedData, event: { streamId: string }): EntryParts | null => {
    if (!data.withoutAddress) return null;
    const admin = data.by?.startsWith('admin:') ? data.by.slice('admin:'.length) : null;
    return {
      at: data.at,
      actor: admin ? ['admin', admin] : ['contact', maskAddress('')],
      subject: ['consent', event.streamId],
      summary: `${OPTED[opted]} marketing ${CHANNEL_NAMES[data.channel]} ${sourceName(data)}`,
    };
  };

export const messagingSuppressed = auditEntry('MessagingSuppressed', 'consent.opted-out', suppressionEntryOf('out'));

export const messagingResumed = auditEntry('MessagingResumed', 'consent.opted-in', suppressionEntryOf('in'));
