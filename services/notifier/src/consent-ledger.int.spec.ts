// The consent ledger in the notifier (issue 14, item 4): an opt-out holds for its purpose on its
// channel only. A lead whose confirmation is parked on SMS and WhatsApp (both providers down)
// asks, by phone, the admin to stop marketing on WhatsApp: the admin's retry of both sends the
// SMS and suppresses the WhatsApp message; the lead's form consent had opted in both channels.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadContacts, SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { EventData } from '@acres/contracts/events';
import { readNotifications, useNotifierHarness } from '../test/harness.ts';
import { loopbackChannelEnv, startHttpServer, startSmtpServer } from '../test/loopback.ts';

const PHONE = '+2348039990001';
const EMAIL = 'ngozi@example.ng';

describe('an opt-out recorded for one purpose on one channel', () => {
  const h = useNotifierHarness();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let termii: Awaited<ReturnType<typeof startHttpServer>>;
  let whatsapp: Awaited<ReturnType<typeof startHttpServer>>;
  let providersUp = false;
  const answer = () =>
    providersUp
      ? { status: 200, body: { message_id: randomUUID(), messages: [{ id: `wamid.${randomUUID()}` }] } }
      : { status: 503, body: { message: 'Service unavailable' } };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    termii = await startHttpServer(answer);
    whatsapp = await startHttpServer(answer);
    await h.start({
      ...loopbackChannelEnv({
        smtpUrl: smtp.url,
        termiiUrl: termii.url,
        whatsappUrl: whatsapp.url,
        adminEmail: 'ops@acres.example',
      }),
      NOTIFY_RETRY_LIMIT: '0',
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await termii?.close();
    await whatsapp?.close();
  });

  it('suppresses marketing on that channel only, naming the purpose and the event', async () => {
    const leadId = randomUUID();
    const lead: EventData<'SlotReserved'> = {
      ...SAMPLE_EVENT_DATA.SlotReserved,
      leadId,
      email: EMAIL,
      phone: '0803 999 0001',
      phoneE164: PHONE,
    };
    const reserved = await h.append(`lead-${leadId}`, 'SlotReserved', lead);
    await h.append(`lead-${leadId}`, 'ConsentRecorded', {
      ...SAMPLE_EVENT_DATA.ConsentRecorded,
      subjectId: leadId,
      contacts: leadContacts(EMAIL, PHONE),
    });
    const rowsOf = async () => (await readNotifications(h)).filter((row) => row.id.startsWith(`${reserved.toString()}:`));
    const byChannel = async (channel: string) =>
      (await rowsOf()).find((row) => row.channel === channel && row.kind === 'lead-confirmation');
    await expect.poll(async () => (await byChannel('sms'))?.status, { timeout: 20_000 }).toBe('failed');
    await expect.poll(async () => (await byChannel('whatsapp'))?.status, { timeout: 20_000 }).toBe('failed');

    const optOut = await h.append('consent-whatsapp-ngozi', 'ContactOptedOut', {
      channel: 'whatsapp',
      address: PHONE,
      purpose: 'marketing',
      source: 'admin',
      providerMessageId: null,
      recordedBy: 'admin:ops',
      at: new Date().toISOString(),
    });
    providersUp = true;
    for (const channel of ['sms', 'whatsapp']) {
      const row = (await byChannel(channel))!;
      await h.append(`notification-${row.id}`, 'NotificationRetryRequested', {
        notificationId: row.id,
        requestedBy: 'ops',
        requestedAt: new Date().toISOString(),
      });
    }
    await expect.poll(async () => (await byChannel('sms'))?.status, { timeout: 20_000 }).toBe('sent');
    await expect.poll(async () => (await byChannel('whatsapp'))?.status, { timeout: 20_000 }).toBe('suppressed');
    const { rows } = await h.db.pool.query<{ suppressed_reason: string }>(
      'SELECT suppressed_reason FROM notifications WHERE id = $1',
      [(await byChannel('whatsapp'))!.id],
    );
    expect(rows[0]!.suppressed_reason).toBe(
      `Not sent: the recipient opted out of marketing by WhatsApp (event ${optOut.toString()}).`,
    );
    expect(whatsapp.requests.filter((request) => JSON.stringify(request.body).includes(PHONE.slice(1)))).toHaveLength(1);
  });

  it('keeps the opt-out per purpose: the table holds the purpose it refuses', async () => {
    const { rows } = await h.db.pool.query<{ channel: string; purpose: string }>(
      'SELECT channel, purpose FROM notifier_opt_outs WHERE address = $1',
      [PHONE],
    );
    expect(rows).toEqual([{ channel: 'whatsapp', purpose: 'marketing' }]);
  });
});
