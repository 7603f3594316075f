// Issue 24, finding 4 and item 6's unsubscribe token, through the whole product in this process
// (local outbox, the Termii STOP through its signed webhook). After an erasure the unsubscribe
// link, a STOP and the admin's opt-out are recorded (they answered 500), and an erased address
// that comes back on a new lead is not sent marketing. Erasing one person keeps the key of a phone
// another live lead uses. The unsubscribe token names no address.

import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { testAddressDigest } from '@acres/eventstore/test';
import { startMessagingHarness, waitFor } from '../test/messaging-harness.ts';

// Ama is erased and comes back; Bisi is erased while Chuka, another person, shares her phone.
const AMA = { email: 'ama.suppressed@example.ng', phone: '0803 555 0141', e164: '+2348035550141' };
const BISI = { email: 'bisi.suppressed@example.ng', phone: '0803 555 0142', e164: '+2348035550142' };
const CHUKA = { email: 'chuka.suppressed@example.ng', phone: BISI.phone, e164: BISI.e164 };

const h = useHarness(() => startMessagingHarness({ adminUrl: inject('pgAdminUrl') }));
let amaToken = '';
let amaLeadId = '';

describe('opt-outs survive erasure (issue 24, finding 4)', () => {
  it('signs the unsubscribe link for an opaque digest: the token holds no address', async () => {
    amaLeadId = await h.submitLead(AMA);
    const [confirmation] = await h.leadConfirmations('email', AMA.email, 1);
    const url = new URL(confirmation!.unsubscribe_url!);
    amaToken = url.searchParams.get('token')!;
    const body = Buffer.from(amaToken.split('.')[0]!, 'base64url').toString('utf8');
    expect(JSON.parse(body)).toEqual({ v: 2, channel: 'email', digest: testAddressDigest('email', AMA.email) });
    for (const part of ['ama.suppressed', 'example.ng', createHash('sha256').update(AMA.email).digest('hex').slice(0, 16)])
      expect(body).not.toContain(part);
  });

  it('records the unsubscribe link, a signed STOP and the admin’s opt-out after the erasure, and sends the address no marketing when it comes back', async () => {
    await h.erase(amaLeadId);
    expect(await h.contactKeyLive('email', AMA.email)).toBe(false);

    // The link from the email that was sent before the erasure.
    const unsubscribe = await fetch(`${h.server.url}/api/unsubscribe?token=${encodeURIComponent(amaToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.status, await unsubscribe.clone().text()).toBe(200);
    expect(await h.eventsOn(`suppression-${testAddressDigest('email', AMA.email)}`)).toEqual([
      {
        type: 'MessagingSuppressed',
        data: expect.objectContaining({ channel: 'email', purpose: 'marketing', source: 'unsubscribe', withoutAddress: true }),
      },
    ]);

    const stop = await h.stopFrom(AMA.e164, 'termii-stop-1');
    expect([stop.status, await stop.json()]).toEqual([200, { received: true, recorded: 1 }]);
    expect(await h.eventsOn(`suppression-${testAddressDigest('sms', AMA.e164)}`)).toEqual([
      { type: 'MessagingSuppressed', data: expect.objectContaining({ channel: 'sms', source: 'stop', withoutAddress: true }) },
    ]);
    // Termii delivers it again: nothing new.
    const again = await h.stopFrom(AMA.e164, 'termii-stop-1');
    expect([again.status, await again.json()]).toEqual([200, { received: true, recorded: 0 }]);

    // Ama comes back as a new lead: the form's consent does not undo her opt-outs.
    const returning = await h.submitLead(AMA);
    const opted = await h.admin(`/api/admin/consent/lead/${returning}`, {
      purpose: 'marketing',
      channel: 'whatsapp',
      optedOut: true,
    });
    expect(opted.status, await opted.clone().text()).toBe(200);
    expect(await h.eventsOn(`suppression-${testAddressDigest('whatsapp', AMA.e164)}`)).toEqual([
      {
        type: 'MessagingSuppressed',
        data: expect.objectContaining({ source: 'admin', by: 'admin:admin', withoutAddress: true }),
      },
    ]);
    await waitFor(
      async () =>
        (
          await h.pool.query('SELECT 1 FROM audit_log WHERE actor_id = $1 AND summary LIKE $2', [
            'admin',
            'Opted out of marketing WhatsApp%',
          ])
        ).rowCount,
      (count) => count === 1,
      "the admin's opt-out in the Audit log",
    );

    const [email] = await h.leadConfirmations('email', AMA.email, 1);
    const [sms] = await h.leadConfirmations('sms', AMA.e164, 1);
    expect([email!.status, sms!.status]).toEqual(['suppressed', 'suppressed']);
  });

  it("keeps the key of a phone another person's live lead uses: their messages stay, their opt-out is recorded with the address", async () => {
    const bisi = await h.submitLead(BISI);
    const chuka = await h.submitLead(CHUKA);
    await h.leadConfirmations('sms', BISI.e164, 2);
    await h.erase(bisi);

    expect(await h.contactKeyLive('email', BISI.email)).toBe(false);
    expect(await h.contactKeyLive('sms', BISI.e164)).toBe(true);
    // Both confirmations went to the shared phone: Bisi's went with her, Chuka's is his and stays.
    expect(await h.messagesTo('sms', CHUKA.e164)).toHaveLength(1);

    const opted = await h.admin(`/api/admin/consent/lead/${chuka}`, { purpose: 'marketing', channel: 'sms', optedOut: true });
    expect(opted.status, await opted.clone().text()).toBe(200);
    const consent = await h.eventsOn(`consent-sms-${testAddressDigest('sms', CHUKA.e164)}`);
    expect(consent.map((event) => event.type)).toEqual(['ContactOptedOut']);
    expect(await h.eventsOn(`suppression-${testAddressDigest('sms', CHUKA.e164)}`)).toEqual([
      { type: 'MessagingSuppressed', data: expect.objectContaining({ source: 'admin', withoutAddress: false }) },
    ]);
  });
});
