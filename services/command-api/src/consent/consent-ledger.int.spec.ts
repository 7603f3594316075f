// The consent ledger's commands over the real event store: a form's consent is recorded only
// for the text version on the form now, a signed-in person's preference and the admin's record
// on someone's behalf are opt-out / opt-in events on the contact's own stream, naming who.

import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import type { FastifyInstance } from 'fastify';
import { APPLICATION_CONSENT_TEXT, LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { PHONE_VERIFICATION_MESSAGES } from '@acres/contracts/phone-verification';
import { CONFIRM_EMAIL_FIRST_MESSAGE } from '@acres/contracts';
import { applicationTermsConsent, validApplication, validLead } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';
import type { Problem } from '../../test/command-api-harness.ts';
import { ADMIN, basicAuth, startPaymentsApi } from '../../test/payments-harness.ts';
import { consentStreamId } from './streams.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const h = useHarness(() => startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW }));

const send = (
  app: FastifyInstance,
  options: { method: 'POST' | 'PUT'; url: string; body: unknown; headers?: Record<string, string> },
) =>
  app.inject({
    method: options.method,
    url: options.url,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: JSON.stringify(options.body),
  });

const errorsOf = (body: string) => (JSON.parse(body) as Problem).errors ?? [];

describe('the version of the consent text a form showed', () => {
  it.each([
    [LEAD_CONSENT_TEXT.version + 1, `Unknown consent text version: the current version is ${String(LEAD_CONSENT_TEXT.version)}`],
    ['latest', `Unknown consent text version: the current version is ${String(LEAD_CONSENT_TEXT.version)}`],
  ])(
    'refuses a lead that agreed to version %s with a 400 naming consentVersion, and records nothing',
    async (consentVersion, message) => {
      const before = (await h.eventStore.readAll({ maxCount: 10_000 })).length;
      const response = await send(h.app, { method: 'POST', url: '/api/leads', body: validLead({ consentVersion }) });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(errorsOf(response.body)).toEqual([{ field: 'consentVersion', message }]);
      expect(await h.eventStore.readAll({ maxCount: 10_000 })).toHaveLength(before);
    },
  );

  it('refuses an application whose acknowledgment names another version, naming acknowledgmentVersion', async () => {
    const response = await send(h.app, {
      method: 'POST',
      url: '/api/subscriptions',
      body: validApplication({ acknowledgmentVersion: APPLICATION_CONSENT_TEXT.version + 1 }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body).map((error) => error.field)).toEqual(['acknowledgmentVersion']);
  });

  it('records the acknowledgment of an application with its text, version and digest, in the same append', async () => {
    const response = await send(h.app, {
      method: 'POST',
      url: '/api/subscriptions',
      body: validApplication({ email: 'terms@example.ng' }),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const events = (await h.eventStore.readAll({ maxCount: 10_000 })).filter(
      (event) => event.type === 'ConsentRecorded' && (event.data as { subjectId: string }).subjectId === id,
    );
    expect(events.map((event) => event.data)).toEqual([applicationTermsConsent({ subjectId: id, at: NOW.toISOString() })]);
  });
});

describe('a signed-in person’s message preferences', () => {
  const putPreference = (body: unknown, cookie?: string) =>
    send(h.app, { method: 'PUT', url: '/api/me/message-preferences', body, headers: cookie ? { cookie } : {} });

  it('opts the account’s email out of marketing and back in, each an event naming the person', async () => {
    const investor = await h.signUp('prefs@example.ng', { verified: true });
    const out = await putPreference({ purpose: 'marketing', channel: 'email', optedOut: true }, investor.cookie);
    expect(out.statusCode).toBe(200);
    const back = await putPreference({ purpose: 'marketing', channel: 'email', optedOut: false }, investor.cookie);
    expect(back.statusCode).toBe(200);
    const events = await h.eventStore.readStream(consentStreamId(testAddressDigest, 'email', 'prefs@example.ng'));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        'ContactOptedOut',
        expect.objectContaining({ purpose: 'marketing', source: 'dashboard', recordedBy: `user:${investor.user.id}` }),
      ],
      ['ContactOptedIn', expect.objectContaining({ purpose: 'marketing', source: 'dashboard' })],
    ]);
    expect(back.json<{ position: string }>().position).toBe(events[1]!.globalPosition.toString());
  });

  it('refuses a text channel until the person confirmed a number, a service purpose, and a stranger', async () => {
    const investor = await h.signUp('nophone@example.ng', { verified: true });
    const sms = await putPreference({ purpose: 'marketing', channel: 'sms', optedOut: true }, investor.cookie);
    expect(sms.statusCode).toBe(409);
    expect(errorsOf(sms.body)).toEqual([{ field: 'channel', message: PHONE_VERIFICATION_MESSAGES.confirmFirst }]);
    const service = await putPreference({ purpose: 'service', channel: 'email', optedOut: true }, investor.cookie);
    expect(service.statusCode).toBe(400);
    expect(errorsOf(service.body).map((error) => error.field)).toEqual(['purpose']);
    expect((await putPreference({ purpose: 'marketing', channel: 'email', optedOut: true })).statusCode).toBe(401);
  });

  it('refuses the email channel until the account confirmed its address, and records nothing', async () => {
    // A stranger who signed up with someone's address must not opt it back in after its owner unsubscribed.
    const stranger = await h.signUp('not-mine@example.ng');
    const optIn = await putPreference({ purpose: 'marketing', channel: 'email', optedOut: false }, stranger.cookie);
    expect(optIn.statusCode).toBe(409);
    expect(errorsOf(optIn.body)).toEqual([{ field: 'channel', message: CONFIRM_EMAIL_FIRST_MESSAGE }]);
    expect(await h.eventStore.readStream(consentStreamId(testAddressDigest, 'email', 'not-mine@example.ng'))).toEqual([]);
  });
});

describe('the admin recording a choice on someone’s behalf', () => {
  const postAdmin = (url: string, body: unknown, headers: Record<string, string> = { authorization: basicAuth(ADMIN) }) =>
    send(h.app, { method: 'POST', url, body, headers });

  it('opts a lead’s WhatsApp out of marketing as the admin', async () => {
    const lead = await send(h.app, { method: 'POST', url: '/api/leads', body: validLead({ phone: '0803 555 0101' }) });
    const { id } = lead.json<{ id: string }>();
    const response = await postAdmin(`/api/admin/consent/lead/${id}`, {
      purpose: 'marketing',
      channel: 'whatsapp',
      optedOut: true,
    });
    expect(response.statusCode).toBe(200);
    const [event] = await h.eventStore.readStream(consentStreamId(testAddressDigest, 'whatsapp', '+2348035550101'));
    expect(event).toMatchObject({
      type: 'ContactOptedOut',
      data: { channel: 'whatsapp', purpose: 'marketing', source: 'admin', recordedBy: `admin:${ADMIN.username}` },
      metadata: { actor: { kind: 'admin', id: ADMIN.username } },
    });
  });

  it('answers 404 for a record that does not exist, 400 for a bad kind, 401 without credentials', async () => {
    const body = { purpose: 'marketing', channel: 'email', optedOut: true };
    expect((await postAdmin('/api/admin/consent/lead/7d1f2c3a-4b5c-4d6e-8f70-8192a3b4c5d6', body)).statusCode).toBe(404);
    const kind = await postAdmin('/api/admin/consent/payment/7d1f2c3a-4b5c-4d6e-8f70-8192a3b4c5d6', body);
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('kind must be one of lead, affiliate');
    expect((await postAdmin('/api/admin/consent/lead/7d1f2c3a-4b5c-4d6e-8f70-8192a3b4c5d6', body, {})).statusCode).toBe(401);
  });
});
