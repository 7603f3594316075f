import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import type { Notifier } from '../notifier.ts';
import { testAddressDigest } from '@acres/eventstore/test';
import { readSignedToken } from '@acres/platform/signing';
import { readNotifications, readSentLog, TEST_LINK_SIGNING_SECRET, useNotifierHarness } from '../../test/harness.ts';
import type { ParsedMail } from 'mailparser';
import { loopbackChannelEnv, parseMail, startHttpServer, startSmtpServer } from '../../test/loopback.ts';

const ADMIN = 'ops@acres.example';

/** The mail's raw header line, unfolded. */
const headerLine = (parsed: ParsedMail, key: string) =>
  parsed.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n[ \t]+/g, '') ?? null;

/** 'List-Unsubscribe: <https://acres.example/api/unsubscribe?token=…>' → the token. */
const readUnsubscribeToken = (parsed: ParsedMail): string => {
  const line = headerLine(parsed, 'list-unsubscribe');
  const match = /^List-Unsubscribe:\s*<https:\/\/acres\.example\/api\/unsubscribe\?token=([^>]+)>$/.exec(line ?? '');
  if (!match) throw new Error(`no one-click unsubscribe URL in ${String(line)}`);
  return decodeURIComponent(match[1]!);
};
const data = SAMPLE_EVENT_DATA;

describe('the notifier with SMTP, Termii and WhatsApp Cloud API on loopback', () => {
  const h = useNotifierHarness();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let termii: Awaited<ReturnType<typeof startHttpServer>>;
  let whatsapp: Awaited<ReturnType<typeof startHttpServer>>;
  let notifier: Notifier;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    termii = await startHttpServer(() => ({
      status: 200,
      body: { message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Acres' },
    }));
    whatsapp = await startHttpServer(() => ({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '2348012345678', wa_id: '2348012345678' }],
        messages: [{ id: 'wamid.HBgM' }],
      },
    }));
    notifier = await h.start({
      ...loopbackChannelEnv({ smtpUrl: smtp.url, termiiUrl: termii.url, whatsappUrl: whatsapp.url, adminEmail: ADMIN }),
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await termii?.close();
    await whatsapp?.close();
  });

  const mailsOfKind = async (kind: string) =>
    Promise.all(
      smtp.received
        .filter((mail) => mail.raw.includes(`X-Acres-Kind: ${kind}`))
        .map(async (mail) => ({ ...mail, parsed: await parseMail(mail.raw) })),
    );

  it("sends a lead's confirmation by email (HTML and text), by Termii SMS and by a WhatsApp template, and alerts the admin", async () => {
    await h.append('lead-1', 'SlotReserved', data.SlotReserved);
    await expect.poll(() => smtp.received.length).toBe(2);
    await expect.poll(() => termii.requests.length + whatsapp.requests.length).toBe(2);

    const [confirmation] = await mailsOfKind('lead-confirmation');
    expect(confirmation!.to).toEqual(['ada@example.com']);
    expect(confirmation!.parsed.subject).toBe('Your slot is reserved: 25 acres');
    expect(confirmation!.parsed.from?.value).toEqual([{ name: 'Acres', address: 'hello@acres.example' }]);
    expect(confirmation!.parsed.text).toContain('Our team will contact you within 24 hours');
    expect(confirmation!.parsed.html).toContain('<h1 style=');
    expect(confirmation!.parsed.html).toContain('Slot reserved');
    const [alert] = await mailsOfKind('admin-new-lead');
    expect(alert!.to).toEqual([ADMIN]);
    expect(alert!.parsed.text).toContain('Phone: +2348012345678');

    // The confirmation is marketing: RFC 8058 one-click headers and a footer link, one signed token in both.
    const token = readUnsubscribeToken(confirmation!.parsed);
    expect(headerLine(confirmation!.parsed, 'list-unsubscribe-post')).toMatch(
      /^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click$/,
    );
    expect(JSON.parse(readSignedToken({ secret: TEST_LINK_SIGNING_SECRET, context: 'unsubscribe', token })!.toString())).toEqual({
      v: 2,
      channel: 'email',
      digest: testAddressDigest('email', 'ada@example.com'),
    });
    expect(confirmation!.parsed.text).toContain(`https://acres.example/unsubscribe?token=${token}`);
    expect(confirmation!.parsed.html).toContain(`href="https://acres.example/unsubscribe?token=${token}"`);
    // The admin's alert is a service message: no unsubscribe.
    expect(alert!.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(alert!.parsed.text).not.toContain('/unsubscribe');

    expect(termii.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/sms/send',
        body: {
          api_key: 'TLtest-key-123',
          to: '2348012345678',
          from: 'Acres',
          sms: expect.stringContaining('your slot for 25 acres is reserved'),
          type: 'plain',
          channel: 'generic',
        },
      }),
    ]);
    expect(whatsapp.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v21.0/106540352242922/messages',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '2348012345678',
          type: 'template',
          template: {
            name: 'lead_confirmation',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Ada' },
                  { type: 'text', text: '25 acres' },
                ],
              },
            ],
          },
        },
      }),
    ]);
    expect(whatsapp.requests[0]!.headers.authorization).toBe('Bearer EAAtest-token');
    await expect
      .poll(async () => (await readNotifications(h)).map((row) => [row.transport, row.status]).sort())
      .toEqual([
        ['smtp', 'sent'],
        ['smtp', 'sent'],
        ['termii', 'sent'],
        ['whatsapp-cloud', 'sent'],
      ]);
  });

  it('emails every other kind: application, payment proof, payment approved and rejected with notes, affiliate welcome, sale verified and rejected, commission paid', async () => {
    await h.append('user-1', 'UserRegistered', data.UserRegistered);
    await h.append('application-1', 'ApplicationSubmitted', data.ApplicationSubmitted);
    await h.append('payment-1', 'PaymentProofSubmitted', data.PaymentProofSubmitted);
    await h.append('allocation-1', 'PaymentApproved', {
      ...data.PaymentApproved,
      adminNotes: 'Receipt matches the escrow statement',
    });
    await h.append('allocation-1', 'PaymentRejected', { ...data.PaymentRejected, adminNotes: 'The proof is unreadable' });
    await h.append('affiliate-1', 'AffiliateRegistered', data.AffiliateRegistered);
    await h.append('sale-1', 'SaleIdClaimed', data.SaleIdClaimed);
    await h.append('affiliate-1', 'SaleVerified', data.SaleVerified);
    await h.append('affiliate-1', 'SaleRejected', data.SaleRejected);
    await h.append('payouts', 'PayoutBatchCreated', data.PayoutBatchCreated);
    await h.append('payouts', 'PayoutBatchPaid', data.PayoutBatchPaid);

    const kinds = [
      'application-received',
      'admin-new-application',
      'payment-proof-received',
      'admin-new-payment-proof',
      'payment-approved',
      'payment-rejected',
      'affiliate-welcome',
      'sale-verified',
      'sale-rejected',
      'commission-paid',
    ];
    await expect.poll(() => smtp.received.length).toBe(2 + kinds.length);
    for (const kind of kinds) expect(await mailsOfKind(kind), kind).toHaveLength(1);

    for (const kind of kinds) {
      for (const mail of await mailsOfKind(kind))
        expect(mail.raw, `${kind} is a service email`).not.toMatch(/^List-Unsubscribe/im);
    }

    const [application] = await mailsOfKind('application-received');
    expect(application!.parsed.subject).toBe(`Application received: ${data.ApplicationSubmitted.applicationNumber}`);
    const [approved] = await mailsOfKind('payment-approved');
    expect(approved!.to).toEqual([data.UserRegistered.email]);
    expect(approved!.parsed.text).toContain('Notes from our team: Receipt matches the escrow statement');
    const [rejected] = await mailsOfKind('payment-rejected');
    expect(rejected!.parsed.text).toContain('Notes from our team: The proof is unreadable');
    const [welcome] = await mailsOfKind('affiliate-welcome');
    expect(welcome!.parsed.text).toContain(`https://acres.example/?ref=${data.AffiliateRegistered.referralCode}`);
    const [saleRejected] = await mailsOfKind('sale-rejected');
    expect(saleRejected!.to).toEqual([data.AffiliateRegistered.email.toLowerCase()]);
    const [paid] = await mailsOfKind('commission-paid');
    expect(paid!.to).toEqual([data.AffiliateRegistered.email.toLowerCase()]);
    expect(paid!.parsed.text).toContain(data.PayoutBatchPaid.transferReference);
    expect(paid!.parsed.text).toContain('₦131,250');
  });

  it('emails the admin when the application has waited over 24 hours (the payment was decided)', async () => {
    const sweptAt = new Date(Date.parse(data.ApplicationSubmitted.submittedAt) + 25 * 60 * 60 * 1000);
    // The sample lead, reserved the same day and never contacted, is alerted too (once).
    expect(await notifier.sweepOnce(sweptAt)).toBe(2);
    await expect.poll(async () => (await mailsOfKind('admin-overdue-lead')).length).toBe(1);
    await expect.poll(async () => (await mailsOfKind('admin-overdue-application')).length).toBe(1);
    const [overdue] = await mailsOfKind('admin-overdue-application');
    expect(overdue!.to).toEqual([ADMIN]);
    expect(overdue!.parsed.subject).toBe(
      `Waiting over 24 hours: application ${data.ApplicationSubmitted.applicationNumber} from Ada Obi`,
    );
    expect(overdue!.parsed.text).toContain('We promise a reply within 24 hours.');
    expect(overdue!.parsed.html).toContain('href="https://acres.example/admin?tab=applications"');
    expect(await mailsOfKind('admin-overdue-payment')).toEqual([]);
  });

  it('records each delivery in the sent-log with its transport and provider id', async () => {
    // Each NotificationSent is appended just after its row says sent: wait until none is missing.
    await expect
      .poll(async () => (await readSentLog(h)).length)
      .toBe((await readNotifications(h)).filter((row) => row.status === 'sent').length);
    const log = await readSentLog(h);
    expect(log.every((entry) => entry.type === 'NotificationSent')).toBe(true);
    expect(new Set(log.map((entry) => entry.data.transport))).toEqual(new Set(['smtp', 'termii', 'whatsapp-cloud']));
  });
});

describe('a provider that keeps failing', () => {
  const h = useNotifierHarness();
  let termii: Awaited<ReturnType<typeof startHttpServer>>;
  let up = false;

  beforeAll(async () => {
    termii = await startHttpServer(() =>
      up
        ? { status: 200, body: { message_id: '3017', message: 'Successfully Sent' } }
        : { status: 503, body: { message: 'Service unavailable' } },
    );
    await h.start({
      TERMII_API_KEY: 'TLtest-key-123',
      TERMII_SENDER_ID: 'Acres',
      TERMII_BASE_URL: termii.url,
      NOTIFY_RETRY_LIMIT: '1',
    });
  });
  afterAll(async () => termii?.close());

  it('is retried, then the message is parked as failed with every attempt in the sent-log', async () => {
    await h.append('lead-1', 'SlotReserved', data.SlotReserved);
    await expect
      .poll(async () => (await readNotifications(h)).find((row) => row.channel === 'sms')?.status, { timeout: 30_000 })
      .toBe('failed');
    const sms = (await readNotifications(h)).find((row) => row.channel === 'sms')!;
    expect(sms.attempts).toBe(2);
    expect(termii.requests).toHaveLength(2);
    const failures = (await readSentLog(h)).filter((entry) => entry.type === 'NotificationFailed');
    expect(failures.map((entry) => [entry.data.notificationId, entry.data.attempt, entry.data.parked])).toEqual([
      [sms.id, 1, false],
      [sms.id, 2, true],
    ]);
    // The other channels are not held up by it.
    expect((await readNotifications(h)).filter((row) => row.channel !== 'sms').every((row) => row.status === 'sent')).toBe(true);
  });

  it("is queued again by the admin's retry (an event the notifier follows) and then sent", async () => {
    const sms = (await readNotifications(h)).find((row) => row.channel === 'sms')!;
    up = true;
    await h.append(`notification-${sms.id}`, 'NotificationRetryRequested', {
      notificationId: sms.id,
      requestedBy: 'ops',
      requestedAt: new Date().toISOString(),
    });
    await expect
      .poll(async () => (await readNotifications(h)).find((row) => row.id === sms.id)?.status, { timeout: 30_000 })
      .toBe('sent');
    expect((await readNotifications(h)).find((row) => row.id === sms.id)?.attempts).toBe(3);
    // The outcome reaches the sent-log just after the row says sent (a loaded machine shows the gap).
    const attemptsInLog = async () =>
      (await readSentLog(h))
        .filter((entry) => entry.data.notificationId === sms.id)
        .map((entry) => [entry.type, entry.data.attempt]);
    await expect.poll(attemptsInLog).toEqual([
      ['NotificationFailed', 1],
      ['NotificationFailed', 2],
      ['NotificationSent', 3],
    ]);
  });
});
