// The inbound webhooks and the email unsubscribe over real HTTP and the real event store:
// a signed STOP is recorded once however often it is delivered, anything unsigned or wrongly
// signed records nothing, and the unsubscribe link's token is checked before anything is written.

import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_MESSAGES } from '@acres/contracts/consent';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { signToken } from '@acres/platform/signing';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { testAddressDigest } from '@acres/eventstore/test';
import { consentPlugin } from './plugin.ts';
import { consentStreamId } from './streams.ts';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';
const TERMII_SECRET = 'termii-secret-for-tests';
const LINK_SECRET = 'link-signing-secret-for-consent-tests-0123456789';

const whatsappDelivery = (options: { from: string; id: string; body: string }) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Chidi' }, wa_id: options.from }],
              messages: [
                { from: options.from, id: options.id, timestamp: '1749416383', type: 'text', text: { body: options.body } },
              ],
            },
          },
        ],
      },
    ],
  });

const hmac = (algorithm: 'sha256' | 'sha512', secret: string, body: string) =>
  createHmac(algorithm, secret).update(body).digest('hex');

describe('consent webhooks and unsubscribe', () => {
  let db: TestDatabase;
  let eventStore: EventStore;
  let app: FastifyInstance;
  let bare: FastifyInstance;
  let base: string;
  let bareBase: string;

  const build = async (secrets: Parameters<typeof consentPlugin>[1]['secrets']) => {
    const server = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
    await server.register(consentPlugin, {
      eventStore,
      addressDigest: testAddressDigest,
      linkSigningSecret: LINK_SECRET,
      secrets,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    return { server, url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    eventStore = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
    ({ server: app, url: base } = await build({
      whatsappAppSecret: APP_SECRET,
      whatsappVerifyToken: VERIFY_TOKEN,
      termiiSecret: TERMII_SECRET,
    }));
    ({ server: bare, url: bareBase } = await build({ whatsappAppSecret: null, whatsappVerifyToken: null, termiiSecret: null }));
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await eventStore?.close();
    await db?.drop();
  });

  const consentEvents = async (channel: 'sms' | 'whatsapp' | 'email', address: string) =>
    (await eventStore.readStream(consentStreamId(testAddressDigest, channel, address))).map((event) => ({
      type: event.type,
      data: event.data,
    }));
  const post = (url: string, body: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  describe('WhatsApp Cloud API', () => {
    it('answers the verification handshake with the challenge, as text, for our verify token only', async () => {
      const ok = await fetch(
        `${base}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      );
      expect([ok.status, ok.headers.get('content-type'), await ok.text()]).toEqual([
        200,
        'text/plain; charset=utf-8',
        '1158201444',
      ]);
      const wrong = await fetch(`${base}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
      expect(wrong.status).toBe(403);
      expect(wrong.headers.get('content-type')).toContain('application/problem+json');
      const unsubscribe = await fetch(
        `${base}/api/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      );
      expect([unsubscribe.status, (await unsubscribe.json()).errors]).toEqual([
        400,
        [{ field: 'hub.mode', message: 'must be subscribe' }],
      ]);
      const missing = await fetch(`${base}/api/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1`);
      expect([missing.status, JSON.stringify(await missing.json())]).toEqual([400, expect.stringContaining('hub.verify_token')]);
    });

    it('records a signed STOP once, even when Meta delivers it again, as an opt-out of +<from>', async () => {
      const body = whatsappDelivery({
        from: '2348031234567',
        id: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABIYFjNFQjBDMEQ',
        body: ' Stop ',
      });
      const headers = { 'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, body)}` };
      const first = await post(`${base}/api/webhooks/whatsapp`, body, headers);
      expect([first.status, await first.json()]).toEqual([200, { received: true, recorded: 1 }]);
      const again = await post(`${base}/api/webhooks/whatsapp`, body, headers);
      expect([again.status, await again.json()]).toEqual([200, { received: true, recorded: 0 }]);
      expect(await consentEvents('whatsapp', '+2348031234567')).toEqual([
        {
          type: 'ContactOptedOut',
          data: expect.objectContaining({
            channel: 'whatsapp',
            address: '+2348031234567',
            purpose: 'marketing',
            source: 'whatsapp-reply',
            providerMessageId: 'wamid.HBgLMjM0ODAzMTIzNDU2NxUCABIYFjNFQjBDMEQ',
          }),
        },
      ]);
      // START opts in again; any other text changes nothing.
      const start = whatsappDelivery({ from: '2348031234567', id: 'wamid.2', body: 'START' });
      await post(`${base}/api/webhooks/whatsapp`, start, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, start)}`,
      });
      const chat = whatsappDelivery({ from: '2348031234567', id: 'wamid.3', body: 'please stop calling me at night' });
      const chatAnswer = await post(`${base}/api/webhooks/whatsapp`, chat, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, chat)}`,
      });
      expect(await chatAnswer.json()).toEqual({ received: true, recorded: 0 });
      expect((await consentEvents('whatsapp', '+2348031234567')).map((event) => event.type)).toEqual([
        'ContactOptedOut',
        'ContactOptedIn',
      ]);
    });

    it('records nothing for an unsigned, wrongly signed or re-serialised body (401/403), nor when unconfigured (404)', async () => {
      const body = whatsappDelivery({ from: '2348039999999', id: 'wamid.forged', body: 'STOP' });
      const unsigned = await post(`${base}/api/webhooks/whatsapp`, body, {});
      expect(unsigned.status).toBe(401);
      const wrongSecret = await post(`${base}/api/webhooks/whatsapp`, body, {
        'x-hub-signature-256': `sha256=${hmac('sha256', 'not-the-secret', body)}`,
      });
      expect(wrongSecret.status).toBe(403);
      // The signature covers the exact bytes: the same JSON with other whitespace is not what was signed.
      const reserialised = JSON.stringify(JSON.parse(body), null, 2);
      const tampered = await post(`${base}/api/webhooks/whatsapp`, reserialised, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, body)}`,
      });
      expect(tampered.status).toBe(403);
      const off = await post(`${bareBase}/api/webhooks/whatsapp`, body, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, body)}`,
      });
      expect([off.status, (await off.json()).detail]).toEqual([404, expect.stringContaining('WHATSAPP_APP_SECRET')]);
      expect(await consentEvents('whatsapp', '+2348039999999')).toEqual([]);
    });

    it('refuses a signed body that is not JSON or not a delivery with a 400 naming the field', async () => {
      const notJson = 'entry=1';
      const answer = await post(`${base}/api/webhooks/whatsapp`, notJson, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, notJson)}`,
      });
      expect([answer.status, (await answer.json()).errors]).toEqual([400, [{ field: 'body', message: 'The body must be JSON' }]]);
      const noEntry = JSON.stringify({ object: 'whatsapp_business_account' });
      const shapeless = await post(`${base}/api/webhooks/whatsapp`, noEntry, {
        'x-hub-signature-256': `sha256=${hmac('sha256', APP_SECRET, noEntry)}`,
      });
      expect([shapeless.status, (await shapeless.json()).errors[0].field]).toEqual([400, 'entry']);
    });
  });

  describe('Termii inbound SMS', () => {
    const termii = (body: string, signature = hmac('sha512', TERMII_SECRET, body)) =>
      post(`${base}/api/webhooks/termii`, body, { 'x-termii-signature': signature });

    it('records a signed STOP from a local 080… sender as an opt-out of its E.164 number, once', async () => {
      const body = JSON.stringify({ type: 'inbound', id: 'f1c2e3d4', sender: '08031112222', receiver: 'Acres', message: 'STOP' });
      expect(await (await termii(body)).json()).toEqual({ received: true, recorded: 1 });
      expect(await (await termii(body)).json()).toEqual({ received: true, recorded: 0 });
      expect(await consentEvents('sms', '+2348031112222')).toEqual([
        {
          type: 'ContactOptedOut',
          data: expect.objectContaining({
            channel: 'sms',
            address: '+2348031112222',
            source: 'sms-reply',
            providerMessageId: 'f1c2e3d4',
          }),
        },
      ]);
    });

    it('records nothing unsigned or wrongly signed, and names a missing field', async () => {
      const body = JSON.stringify({ id: 'x1', sender: '2348034445555', message: 'stop' });
      expect((await post(`${base}/api/webhooks/termii`, body, {})).status).toBe(401);
      expect((await termii(body, hmac('sha512', 'guess-the-secret', body))).status).toBe(403);
      expect((await termii(body, hmac('sha256', TERMII_SECRET, body))).status).toBe(401);
      expect(await consentEvents('sms', '+2348034445555')).toEqual([]);
      const noSender = JSON.stringify({ id: 'x2', message: 'STOP' });
      const answer = await termii(noSender);
      expect([answer.status, (await answer.json()).errors]).toEqual([400, [{ field: 'sender', message: 'is required' }]]);
    });
  });

  describe('email unsubscribe', () => {
    // Links of version 1 (the address inside) are still in people's inboxes: they keep working.
    const encodeUnsubscribeBody = (address: string) => JSON.stringify({ channel: 'email', address: address.toLowerCase() });
    const tokenFor = (address: string) =>
      signToken({ secret: LINK_SECRET, context: 'unsubscribe', body: Buffer.from(encodeUnsubscribeBody(address)) });

    it("records the mail app's one-click POST (RFC 8058: the token in the URL, a form body)", async () => {
      const answer = await fetch(`${base}/api/unsubscribe?token=${encodeURIComponent(tokenFor('Ada@Example.com'))}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect([answer.status, (await answer.json()).message]).toEqual([200, UNSUBSCRIBE_MESSAGES.done]);
      expect(await consentEvents('email', 'ada@example.com')).toEqual([
        { type: 'ContactOptedOut', data: expect.objectContaining({ address: 'ada@example.com', source: 'email-one-click' }) },
      ]);
    });

    const unsubscribe = (token: string, body = '{}') =>
      post(`${base}/api/unsubscribe?token=${encodeURIComponent(token)}`, body, {});

    it("records the page's confirmation (a JSON body) as the link's opt-out", async () => {
      const answer = await unsubscribe(tokenFor('bola@example.ng'));
      expect(answer.status).toBe(200);
      expect(await consentEvents('email', 'bola@example.ng')).toEqual([
        { type: 'ContactOptedOut', data: expect.objectContaining({ source: 'email-link' }) },
      ]);
    });

    it('refuses a forged or foreign token (403 naming the token), a missing one or a bad body (400), and writes nothing; GET unsubscribes nobody', async () => {
      const forged = signToken({
        secret: 'another-secret-0123456789abcdef-xyz',
        context: 'unsubscribe',
        body: Buffer.from(encodeUnsubscribeBody('eve@example.ng')),
      });
      const reset = signToken({
        secret: LINK_SECRET,
        context: 'password-reset',
        body: Buffer.from(encodeUnsubscribeBody('eve@example.ng')),
      });
      for (const token of [forged, reset, `${randomUUID()}.x`]) {
        const answer = await unsubscribe(token);
        const problem = await answer.json();
        expect([token.slice(0, 12), answer.status, problem.errors], JSON.stringify(problem)).toEqual([
          token.slice(0, 12),
          403,
          [{ field: 'token', message: UNSUBSCRIBE_MESSAGES.token }],
        ]);
      }
      const missing = await post(`${base}/api/unsubscribe`, '{}', {});
      expect([missing.status, (await missing.json()).errors[0].field]).toEqual([400, 'token']);
      for (const body of ['null', '[1]', '"x"', '{"List-Unsubscribe":"Twice"}']) {
        const answer = await unsubscribe(tokenFor('eve@example.ng'), body);
        expect(answer.status, body).toBe(400);
      }
      const scanned = await fetch(`${base}/api/unsubscribe?token=${encodeURIComponent(tokenFor('eve@example.ng'))}`);
      expect(scanned.status).toBe(404);
      expect(await consentEvents('email', 'eve@example.ng')).toEqual([]);
    });
  });
});
