// The consent history read model and its routes over the real projector: a lead's history is
// the text version it agreed to and every opt-out and opt-in of the addresses it gave, per
// purpose and channel, with the source and who recorded it; nobody else's choices. The signed-in
// person's preferences are the latest choice per purpose × channel.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConsentHistoryResponseSchema, MessagePreferencesResponseSchema } from '@acres/contracts/consent-ledger';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import type { EventData, EventType } from '@acres/contracts/events';
import { leadContacts, SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { createTestSession } from '@acres/platform/test';
import { newEvent } from '../../test/projector.ts';
import { startReadHarness, type ReadHarness } from '../../test/read-harness.ts';
import { ADMIN_AUTH } from '../../test/support.ts';

const PHONE = '+2348035550199';
const EMAIL = 'efe@example.ng';

describe('the consent history', () => {
  let h: ReadHarness;
  const leadId = randomUUID();

  const append = async <T extends EventType>(stream: string, events: { type: T; data: EventData<T> }[]) => {
    const { position } = await h.eventStore.appendToStream(
      stream,
      events.map((event) => newEvent(event.type, event.data)),
      { expectedRevision: 'any' },
    );
    await h.settle(position);
    return position;
  };
  const choice = (type: 'ContactOptedOut' | 'ContactOptedIn', data: Partial<EventData<'ContactOptedOut'>>) => ({
    type,
    data: { ...SAMPLE_EVENT_DATA.ContactOptedOut, providerMessageId: null, ...data },
  });

  /** A history entry of an opt-out or opt-in: one channel, marketing, and no consent text. */
  const choiceEntry = (kind: 'opted-out' | 'opted-in', channel: string, source: string, recordedBy: string | null = null) => ({
    kind,
    channels: [channel],
    purposes: ['marketing'],
    textId: null,
    textVersion: null,
    textDigest: null,
    versionStatedByClient: null,
    source,
    recordedBy,
  });

  beforeAll(async () => {
    h = await startReadHarness(inject('pgAdminUrl'), { readYourWritesMs: 2000 });
    h.startProjector();
    await append(`lead-${leadId}`, [
      { type: 'SlotReserved', data: { ...SAMPLE_EVENT_DATA.SlotReserved, leadId, email: EMAIL, phoneE164: PHONE } },
    ]);
    await append(`lead-${leadId}`, [
      {
        type: 'ConsentRecorded',
        data: {
          ...SAMPLE_EVENT_DATA.ConsentRecorded,
          subjectId: leadId,
          contacts: leadContacts(EMAIL, PHONE),
        },
      },
    ]);
    await append('consent-whatsapp-efe', [
      choice('ContactOptedOut', { channel: 'whatsapp', address: PHONE, source: 'admin', recordedBy: 'admin:ops' }),
    ]);
    await append('consent-email-efe', [choice('ContactOptedOut', { channel: 'email', address: EMAIL, source: 'email-link' })]);
    await append('consent-email-efe', [choice('ContactOptedIn', { channel: 'email', address: EMAIL, source: 'dashboard' })]);
    // Someone else's STOP: never in this lead's history.
    await append('consent-sms-other', [
      choice('ContactOptedOut', { channel: 'sms', address: '+2348030000000', source: 'sms-reply' }),
    ]);
  });
  afterAll(async () => h?.close());

  it('shows the admin the text version agreed to and every choice about its addresses, in order', async () => {
    const response = await h.app.inject({ url: `/api/admin/consent-history/lead/${leadId}`, headers: ADMIN_AUTH });
    expect(response.statusCode).toBe(200);
    const { entries } = ConsentHistoryResponseSchema.parse(response.json());
    expect(
      entries.map(({ kind, channels, purposes, textId, textVersion, textDigest, versionStatedByClient, source, recordedBy }) => ({
        kind,
        channels,
        purposes,
        textId,
        textVersion,
        textDigest,
        versionStatedByClient,
        source,
        recordedBy,
      })),
    ).toEqual([
      {
        kind: 'consent-given',
        channels: ['email', 'sms', 'whatsapp'],
        purposes: ['marketing'],
        textId: 'lead-contact',
        textVersion: LEAD_CONSENT_TEXT.version,
        textDigest: LEAD_CONSENT_TEXT.digest,
        // The sample is an event from before the field: it named its version.
        versionStatedByClient: true,
        source: 'lead-form',
        recordedBy: null,
      },
      choiceEntry('opted-out', 'whatsapp', 'admin', 'admin:ops'),
      choiceEntry('opted-out', 'email', 'email-link'),
      choiceEntry('opted-in', 'email', 'dashboard'),
    ]);
    expect(response.body).not.toContain(PHONE);
    expect(response.body).not.toContain(EMAIL);
  });

  it('answers an empty history for an unknown record, 400 for a bad kind or id, 401 without credentials', async () => {
    const unknown = await h.app.inject({ url: `/api/admin/consent-history/application/${randomUUID()}`, headers: ADMIN_AUTH });
    expect(unknown.json()).toEqual({ entries: [] });
    const kind = await h.app.inject({ url: `/api/admin/consent-history/payment/${leadId}`, headers: ADMIN_AUTH });
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('kind must be one of lead, application, affiliate');
    expect((await h.app.inject({ url: '/api/admin/consent-history/lead/nope', headers: ADMIN_AUTH })).statusCode).toBe(400);
    expect((await h.app.inject({ url: `/api/admin/consent-history/lead/${leadId}` })).statusCode).toBe(401);
  });

  it("gives a signed-in person their confirmed account email's latest choice per purpose and channel", async () => {
    const userId = randomUUID();
    const registered = { ...SAMPLE_EVENT_DATA.UserRegistered, userId, email: EMAIL };
    await append(`user-${userId}`, [{ type: 'UserRegistered', data: registered }]);
    const cookie = await createTestSession({ pool: h.db.pool, user: { id: userId, email: EMAIL } });
    const preferences = async () => {
      const response = await h.app.inject({ url: '/api/me/message-preferences', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return MessagePreferencesResponseSchema.parse(response.json()).preferences;
    };
    // Unconfirmed, the address may be anyone's: no email channel, and nothing of its choices shown.
    expect((await preferences()).find((preference) => preference.channel === 'email')).toMatchObject({ address: null });

    const verified = { ...SAMPLE_EVENT_DATA.UserEmailVerified, userId, email: EMAIL };
    await append(`user-${userId}`, [{ type: 'UserEmailVerified', data: verified }]);
    // Email: opted back in on the dashboard. A channel without a confirmed address is off: no consent covers it.
    expect(await preferences()).toEqual([
      { purpose: 'marketing', channel: 'email', address: EMAIL, optedOut: false },
      { purpose: 'marketing', channel: 'sms', address: null, optedOut: true },
      { purpose: 'marketing', channel: 'whatsapp', address: null, optedOut: true },
    ]);
    expect((await h.app.inject({ url: '/api/me/message-preferences' })).statusCode).toBe(401);
  });

  it('starts a new account that agreed to no consent text with marketing off (consent is never assumed)', async () => {
    const userId = randomUUID();
    const email = 'no.consent@example.ng';
    await append(`user-${userId}`, [
      { type: 'UserRegistered', data: { ...SAMPLE_EVENT_DATA.UserRegistered, userId, email } },
      { type: 'UserEmailVerified', data: { ...SAMPLE_EVENT_DATA.UserEmailVerified, userId, email } },
    ]);
    const cookie = await createTestSession({ pool: h.db.pool, user: { id: userId, email } });
    const response = await h.app.inject({ url: '/api/me/message-preferences', headers: { cookie } });
    expect(MessagePreferencesResponseSchema.parse(response.json()).preferences).toContainEqual({
      purpose: 'marketing',
      channel: 'email',
      address: email,
      optedOut: true,
    });
  });
});
