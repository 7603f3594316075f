// Consent and opt-out in the notifier (issue 13, item 4): a marketing message to someone who
// opted out on that channel is recorded as suppressed and never sent, service messages always
// go, and START or a new lead submission makes marketing messages go again.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { EventData } from '@acres/contracts/events';
import { readNotifications, useNotifierHarness } from '../test/harness.ts';
import { startHttpServer, startSmtpServer } from '../test/loopback.ts';

const PHONE = '+2348031234567';
const EMAIL = 'chidi@example.ng';
const data = SAMPLE_EVENT_DATA;

const lead = (): EventData<'SlotReserved'> => ({
  ...data.SlotReserved,
  leadId: randomUUID(),
  fullName: 'Chidi Okafor',
  email: EMAIL,
  phone: '0803 123 4567',
  phoneE164: PHONE,
});

const consent = (channel: 'sms' | 'email', providerMessageId: string | null) => ({
  channel,
  address: channel === 'sms' ? PHONE : EMAIL,
  purpose: 'marketing' as const,
  source: channel === 'sms' ? ('sms-reply' as const) : ('email-link' as const),
  providerMessageId,
  at: new Date().toISOString(),
});

describe('a lead who opts out of marketing', () => {
  const h = useNotifierHarness();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let termii: Awaited<ReturnType<typeof startHttpServer>>;
  let termiiUp = false;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    termii = await startHttpServer(() =>
      termiiUp
        ? { status: 200, body: { message_id: randomUUID(), message: 'Successfully Sent' } }
        : { status: 503, body: { message: 'Service unavailable' } },
    );
    await h.start({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Acres <hello@acres.example>',
      PUBLIC_URL: 'https://acres.example',
      TERMII_API_KEY: 'TLtest-key-123',
      TERMII_SENDER_ID: 'Acres',
      TERMII_BASE_URL: termii.url,
      NOTIFY_RETRY_LIMIT: '0',
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await termii?.close();
  });

  const rowsOf = async (position: bigint) =>
    (await readNotifications(h)).filter((row) => row.id.startsWith(`${position.toString()}:`));
  const smsOf = async (position: bigint) => (await rowsOf(position)).find((row) => row.channel === 'sms')!;
  const statusOf = async (id: string) =>
    (
      await h.db.pool.query<{ status: string; suppressed_reason: string | null; purpose: string }>(
        'SELECT status, suppressed_reason, purpose FROM notifications WHERE id = $1',
        [id],
      )
    ).rows[0];
  const retry = (id: string) =>
    h.append(`notification-${id}`, 'NotificationRetryRequested', {
      notificationId: id,
      requestedBy: 'ops',
      requestedAt: new Date().toISOString(),
    });

  it('gets no marketing SMS after STOP (suppressed, never sent), while the email confirmation goes', async () => {
    // The confirmation SMS fails once and is parked (Termii down), the email goes.
    const first = await h.append('lead-a', 'SlotReserved', lead());
    await expect.poll(async () => (await smsOf(first))?.status, { timeout: 20_000 }).toBe('failed');
    await expect.poll(async () => (await rowsOf(first)).find((row) => row.channel === 'email')?.status).toBe('sent');
    const sms = await smsOf(first);
    expect((await statusOf(sms.id))!.purpose).toBe('marketing');

    // STOP by SMS, then the admin retries the parked confirmation: it is not sent.
    const stop = await h.append('consent-sms-a', 'ContactOptedOut', consent('sms', 'inbound-1'));
    termiiUp = true;
    const requestsBefore = termii.requests.length;
    await retry(sms.id);
    await expect.poll(async () => (await statusOf(sms.id))!.status).toBe('suppressed');
    expect((await statusOf(sms.id))!.suppressed_reason).toBe(
      `Not sent: the recipient opted out of marketing by SMS (event ${stop.toString()}).`,
    );
    expect(termii.requests).toHaveLength(requestsBefore);
  });

  it('still gets service messages on a channel they opted out of (a payment approval by email)', async () => {
    await h.append('consent-email-a', 'ContactOptedOut', consent('email', null));
    await h.append('user-a', 'UserRegistered', { ...data.UserRegistered, email: EMAIL });
    const approved = await h.append('allocation-a', 'PaymentApproved', data.PaymentApproved);
    await expect
      .poll(async () => (await rowsOf(approved)).map((row) => [row.kind, row.status]))
      .toEqual([['payment-approved', 'sent']]);
    expect(smtp.received.filter((mail) => mail.raw.includes('X-Acres-Kind: payment-approved')).map((mail) => mail.to)).toEqual([
      [EMAIL],
    ]);
  });

  it('gets marketing email again after a new lead submission, but the form’s tick does not lift the number’s STOP', async () => {
    const smsBefore = termii.requests.filter((request) => request.path.includes('/sms/')).length;
    const again = await h.append('lead-b', 'SlotReserved', lead());
    await expect
      .poll(async () => (await rowsOf(again)).map((row) => [row.channel, row.kind, row.status]).sort())
      .toEqual([
        ['email', 'admin-new-lead', 'sent'],
        ['email', 'lead-confirmation', 'sent'],
        ['sms', 'lead-confirmation', 'suppressed'],
        ['whatsapp', 'lead-confirmation', 'sent'],
      ]);
    // Whoever fills in a form can type any number: only the number's own START lifts its STOP.
    expect(termii.requests.filter((request) => request.path.includes('/sms/'))).toHaveLength(smsBefore);
  });

  it('sends a parked marketing message again once START has followed a STOP', async () => {
    // START lifts the STOP of the first test; the confirmation then fails once and is parked.
    await h.append('consent-sms-a', 'ContactOptedIn', consent('sms', 'inbound-0'));
    termiiUp = false;
    const third = await h.append('lead-c', 'SlotReserved', lead());
    await expect.poll(async () => (await smsOf(third))?.status, { timeout: 20_000 }).toBe('failed');
    await h.append('consent-sms-a', 'ContactOptedOut', consent('sms', 'inbound-2'));
    // START: the parked confirmation goes when the admin retries it.
    await h.append('consent-sms-a', 'ContactOptedIn', consent('sms', 'inbound-3'));
    termiiUp = true;
    const requestsBefore = termii.requests.length;
    const sms = await smsOf(third);
    await retry(sms.id);
    await expect.poll(async () => (await statusOf(sms.id))!.status).toBe('sent');
    expect(termii.requests).toHaveLength(requestsBefore + 1);
  });
});
