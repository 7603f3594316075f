import { describe, expect, it } from 'vitest';
import { parseEvent, type DomainEvent } from '@acres/contracts/events';
import { createAddressDigest, deriveMasterKey } from '@acres/eventstore/protect';
import { readSignedToken } from '@acres/platform/signing';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { consentUpdatesOf, refusablePurposeOf } from './consent.ts';
import { MESSAGE_KINDS, PURPOSE_OF_KIND } from './intent.ts';
import { planMessages } from './plan.ts';
import { createUnsubscribeLinks } from './unsubscribe-links.ts';

const SECRET = 'purposes-spec-secret-0123456789abcdef';
const addressDigest = createAddressDigest(deriveMasterKey('purposes-spec-master-key-0123456789abcdef'));
const settings = {
  adminEmail: 'ops@acres.example',
  publicUrl: 'https://acres.example',
  linkSigningSecret: SECRET,
  unsubscribeLinks: createUnsubscribeLinks({ publicUrl: 'https://acres.example/', secret: SECRET, addressDigest }),
  addressDigest,
};
const slotReserved = parseEvent('SlotReserved', SAMPLE_EVENT_DATA.SlotReserved) as DomainEvent;

describe('message purposes', () => {
  it('calls only what goes to a lead as a prospect marketing (the confirmation, the materials); everything else is service', () => {
    expect(MESSAGE_KINDS.filter((kind) => PURPOSE_OF_KIND[kind] === 'marketing')).toEqual([
      'lead-confirmation',
      'materials-sent',
    ]);
  });

  it("gives the lead's confirmation email an unsubscribe link and one-click URL signed for its address's keyed digest (never the address), and the admin's alert none", () => {
    const messages = planMessages({ event: slotReserved, position: 7n, contacts: new Map(), settings });
    const email = messages.find((message) => message.kind === 'lead-confirmation' && message.channel === 'email')!;
    const alert = messages.find((message) => message.kind === 'admin-new-lead')!;
    expect(messages.map((message) => [message.channel, message.purpose])).toEqual([
      ['sms', 'marketing'],
      ['whatsapp', 'marketing'],
      ['email', 'marketing'],
      ['email', 'service'],
    ]);
    const token = decodeURIComponent(/token=([^&]+)$/.exec(email.unsubscribeUrl!)![1]!);
    expect(email.unsubscribeUrl).toBe(`https://acres.example/api/unsubscribe?token=${encodeURIComponent(token)}`);
    const body = readSignedToken({ secret: SECRET, context: 'unsubscribe', token })!.toString();
    expect(JSON.parse(body)).toEqual({ v: 2, channel: 'email', digest: addressDigest('email', 'ada@example.com') });
    expect(body).not.toContain('ada');
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('latin1')).not.toContain('ada');
    expect(readSignedToken({ secret: SECRET, context: 'password-reset', token })).toBeNull();
    expect(email.text).toContain(`https://acres.example/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(email.html).toContain('>unsubscribe</a>');
    expect([alert.unsubscribeUrl, alert.html!.includes('unsubscribe')]).toEqual([null, false]);
    // SMS and WhatsApp say how to opt out in the text itself.
    expect(messages[0]!.text).toContain('Reply STOP to opt out.');
  });

  it('plans marketing email without a link when there is no public URL to link to', () => {
    const messages = planMessages({
      event: slotReserved,
      position: 7n,
      contacts: new Map(),
      settings: { adminEmail: null, publicUrl: null, linkSigningSecret: SECRET, addressDigest },
    });
    expect(messages.every((message) => message.unsubscribeUrl === null)).toBe(true);
  });

  it('opts a lead written before the consent ledger in again on its email, never lifting its phone’s STOP', () => {
    expect(consentUpdatesOf(slotReserved)).toEqual([
      { channel: 'email', address: 'ada@example.com', purpose: 'marketing', optedOut: false },
    ]);
  });

  it("opts in exactly the purposes a form's consent text covers on its email; a typed phone's STOP stays (issue 24)", () => {
    const leadConsent = parseEvent('ConsentRecorded', SAMPLE_EVENT_DATA.ConsentRecorded) as DomainEvent;
    expect(consentUpdatesOf(leadConsent)).toEqual([
      { channel: 'email', address: 'ada@example.com', purpose: 'marketing', optedOut: false },
    ]);
    const onlyEmail = parseEvent('ConsentRecorded', {
      ...SAMPLE_EVENT_DATA.ConsentRecorded,
      contacts: [{ channel: 'email', address: 'ada@example.com' }],
    }) as DomainEvent;
    expect(consentUpdatesOf(onlyEmail)).toEqual([
      { channel: 'email', address: 'ada@example.com', purpose: 'marketing', optedOut: false },
    ]);
    const terms = parseEvent('ConsentRecorded', {
      ...SAMPLE_EVENT_DATA.ConsentRecorded,
      subjectKind: 'application',
      textId: 'application-terms',
      purposes: [],
    }) as DomainEvent;
    expect(consentUpdatesOf(terms)).toEqual([]);
  });

  it('never lets a service message be refused', () => {
    expect(refusablePurposeOf('service')).toBeNull();
    expect(refusablePurposeOf('marketing')).toBe('marketing');
  });
});
