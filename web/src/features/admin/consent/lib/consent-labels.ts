import type { ConsentHistoryEntry } from '@acres/contracts/consent-ledger';
import { findConsentText } from '@acres/contracts/consent-texts';

export const CHANNEL_LABELS = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const SOURCE_LABELS: Readonly<Record<ConsentHistoryEntry['source'], string>> = {
  'lead-form': 'on the lead form',
  'application-form': 'on the application',
  'sms-reply': 'by SMS reply',
  'whatsapp-reply': 'by WhatsApp reply',
  'email-link': 'through the unsubscribe link',
  'email-one-click': "through the mail app's unsubscribe button",
  dashboard: 'in their message preferences',
  admin: 'recorded by the admin',
};

const channelsOf = (entry: ConsentHistoryEntry) => entry.channels.map((channel) => CHANNEL_LABELS[channel]).join(', ');

/** One line per entry: what happened, on which channels, for which purposes, and how it reached us. */
export function describeConsentEntry(entry: ConsentHistoryEntry): { title: string; detail: string; text: string | null } {
  const by = entry.recordedBy?.startsWith('admin:') ? ` (${entry.recordedBy.slice('admin:'.length)})` : '';
  const source = `${SOURCE_LABELS[entry.source]}${by}`;
  if (entry.kind === 'consent-given') {
    const text = entry.textId && entry.textVersion ? findConsentText(entry.textId, entry.textVersion) : undefined;
    const covers =
      entry.purposes.length > 0 ? `Opted in to ${entry.purposes.join(', ')} by ${channelsOf(entry)}` : 'Opts in to no messages';
    // A client that named no version (SPEC 7's payload) was recorded against the text in force:
    // say so, so nobody reads it as proof that this wording was on their screen.
    const unstated = entry.versionStatedByClient === false ? ' (version not stated by the client: the text in force then)' : '';
    return {
      title: `Agreed to ${entry.textId ?? 'a text'} version ${String(entry.textVersion ?? '?')} ${source}${unstated}`,
      detail: `${covers} · text sha256 ${entry.textDigest?.slice(0, 12) ?? '?'}…`,
      text: text?.text ?? null,
    };
  }
  const verb = entry.kind === 'opted-out' ? 'Opted out of' : 'Opted in to';
  return { title: `${verb} ${entry.purposes.join(', ')} by ${channelsOf(entry)}`, detail: source, text: null };
}
