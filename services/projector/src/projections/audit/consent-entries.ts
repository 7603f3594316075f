// A contact's opt-out or opt-in (issue 13, item 4). The contact acted, not an admin; the entry
// names them by a masked address only (the audit log outlives an erasure), and its subject is
// the contact's consent stream, so "everything about this contact" is their whole history.

import type { ContactOptedOutData } from '@acres/contracts/events';
import { parseEventData } from '../projection.ts';
import type { Mapper } from './entry.ts';

const CHANNEL_NAMES = { email: 'emails', sms: 'SMS', whatsapp: 'WhatsApp messages' } as const;

const SOURCE_NAMES = {
  'sms-reply': 'by SMS reply',
  'whatsapp-reply': 'by WhatsApp reply',
  'email-link': 'through the unsubscribe link',
  'email-one-click': "through the mail app's unsubscribe button",
  'lead-form': 'on the lead form',
} as const;

/** '+2348012345678' → '+234•••••5678'; 'ada@example.com' → 'a•••@example.com'. */
export const maskAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, 1)}•••${address.slice(at)}`;
  return address.length > 8 ? `${address.slice(0, 4)}•••••${address.slice(-4)}` : '•••';
};

const entryOf = (data: ContactOptedOutData, optedOut: boolean, streamId: string) => ({
  occurred_at: data.at,
  kind: optedOut ? ('consent.opted-out' as const) : ('consent.opted-in' as const),
  actor_kind: 'contact' as const,
  actor_id: maskAddress(data.address),
  subject_type: 'consent' as const,
  subject_id: streamId,
  summary: `${optedOut ? 'Opted out of' : 'Opted in to'} marketing ${CHANNEL_NAMES[data.channel]} ${SOURCE_NAMES[data.source]}`,
  notes: null,
  changes: null,
});

export const contactOptedOut: Mapper = (event) => entryOf(parseEventData('ContactOptedOut', event), true, event.streamId);

export const contactOptedIn: Mapper = (event) => entryOf(parseEventData('ContactOptedIn', event), false, event.streamId);
