import { describe, expect, it } from 'vitest';
import { parseEvent, type DomainEvent, type EventType, type NotificationChannel } from '@acres/contracts/events';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import {
  derivePhoneVerificationCode,
  readEmailVerificationToken,
  readPasswordResetToken,
  readStaffInvitationToken,
} from '@acres/platform/signing';
import { redactMessageSecrets } from '@acres/read-models/notifications';
import type { ContactBook } from './contacts.ts';
import { contactKeysOf, contactUpdatesOf } from './contacts.ts';
import { ADMIN_OUTBOX_RECIPIENT, payoutContactKeys, planMessages } from './plan.ts';
import { toNotificationId } from './intent.ts';
import { TEST_PLAN_SETTINGS } from '../../test/plan-settings.ts';

const event = <T extends EventType>(type: T, overrides: Partial<(typeof SAMPLE_EVENT_DATA)[T]> = {}): DomainEvent =>
  parseEvent(type, { ...SAMPLE_EVENT_DATA[type], ...overrides });

const settings = TEST_PLAN_SETTINGS;
const { linkSigningSecret: LINK_SECRET, addressDigest } = settings;
const investor: ContactBook = new Map([
  [`user:${SAMPLE_EVENT_DATA.UserRegistered.userId}`, { email: 'ada@example.com', name: 'Ada Obi', phone: null }],
]);

// The id names the recipient by its keyed digest, never in clear.
const idOf = (channel: NotificationChannel, recipient: string) => {
  const id = toNotificationId({ position: 42n, channel, recipient, addressDigest });
  expect(id).toMatch(/^42:(email|sms|whatsapp):[0-9a-f]{40}$/);
  return id;
};

/** The link to a page of the site in a message's text, and the token it carries. */
const linkIn = (text: string, page: string) => {
  const link = new RegExp(`https://acres\\.example/${page}\\?token=([A-Za-z0-9_.%-]+)`).exec(text)!;
  return { url: link[0], token: decodeURIComponent(link[1]!) };
};

const plan = (domainEvent: DomainEvent, contacts: ContactBook = new Map(), planSettings = settings) =>
  planMessages({ event: domainEvent, position: 42n, contacts, settings: planSettings });

describe('planMessages', () => {
  it('emails a password reset link to the account, signed for that reset and user, expiring in one hour', () => {
    const data = SAMPLE_EVENT_DATA.PasswordResetRequested;
    const [message, ...others] = plan(event('PasswordResetRequested'), investor);
    expect(others).toEqual([]);
    expect([message!.id, message!.kind, message!.subject]).toEqual([
      idOf('email', 'ada@example.com'),
      'password-reset',
      'Reset your password',
    ]);
    const link = linkIn(message!.text, 'reset-password');
    expect(readPasswordResetToken({ secret: LINK_SECRET, token: link.token })).toEqual({
      resetId: data.resetId,
      userId: data.userId,
    });
    expect(message!.html).toContain(`href="${link.url}"`);
    expect(message!.text).toContain('expires in one hour');
    expect(message!.text).toContain('If you did not ask for this, you can ignore this email');
  });

  it('texts the derived code to the number being confirmed, as a service message the Outbox shows redacted', () => {
    const data = SAMPLE_EVENT_DATA.PhoneVerificationRequested;
    const [message, ...others] = plan(event('PhoneVerificationRequested'));
    expect(others).toEqual([]);
    expect([message!.id, message!.kind, message!.channel, message!.purpose]).toEqual([
      idOf('sms', data.phoneE164),
      'phone-verification',
      'sms',
      'service',
    ]);
    const code = derivePhoneVerificationCode({ ...data, secret: LINK_SECRET });
    expect(message!.text).toContain(`Your Acres code is ${code}.`);
    expect(redactMessageSecrets(message!.text)).toContain('Your Acres code is hidden.');
    expect(redactMessageSecrets(message!.text)).not.toContain(code);
  });

  it('emails a staff invitation to the invited address, its link signed for that invitation and member only', () => {
    const data = SAMPLE_EVENT_DATA.StaffInvited;
    const [message, ...others] = plan(event('StaffInvited'));
    expect(others).toEqual([]);
    expect([message!.id, message!.kind, message!.purpose]).toEqual([idOf('email', data.email), 'staff-invitation', 'service']);
    const { token } = linkIn(message!.text, 'admin/accept-invitation');
    expect(readStaffInvitationToken({ secret: LINK_SECRET, token })).toEqual({
      invitationId: data.invitationId,
      staffId: data.staffId,
    });
    expect(readPasswordResetToken({ secret: LINK_SECRET, token })).toBeNull();
    expect(message!.text).toContain('Sales role');
    expect(redactMessageSecrets(message!.text)).not.toContain(token);
  });

  it('sends no reset email for an account it has no address for', () => {
    expect(plan(event('PasswordResetRequested'))).toEqual([]);
  });

  it('emails the link that confirms an address to that address, signed for that verification and user', () => {
    const data = SAMPLE_EVENT_DATA.EmailVerificationRequested;
    // The address book may say otherwise by now: the link proves the address it was asked for.
    const moved: ContactBook = new Map([[`user:${data.userId}`, { email: 'ada@new.example', name: 'Ada Obi', phone: null }]]);
    const [message, ...others] = plan(event('EmailVerificationRequested'), moved);
    expect(others).toEqual([]);
    expect([message!.id, message!.kind, message!.purpose, message!.subject]).toEqual([
      idOf('email', data.email),
      'email-verification',
      'service',
      'Confirm your email address',
    ]);
    const { token } = linkIn(message!.text, 'verify-email');
    expect(readEmailVerificationToken({ secret: LINK_SECRET, token })).toEqual({
      verificationId: data.verificationId,
      userId: data.userId,
    });
    expect(readPasswordResetToken({ secret: LINK_SECRET, token })).toBeNull();
    expect(message!.text).toContain('Hi Ada,');
    expect(message!.text).toContain('expires in 24 hours');
    expect(plan(event('EmailVerificationRequested', { email: 'erased' }), moved)).toEqual([]);
  });

  it("tells an account's owner that someone signed up with their email, with the way in and no token", () => {
    const [message, ...others] = plan(event('ExistingAccountSignUpAttempted'), investor);
    expect(others).toEqual([]);
    expect([message!.kind, message!.recipient, message!.subject]).toEqual([
      'existing-account-sign-up',
      'ada@example.com',
      'You already have an Acres account',
    ]);
    expect(message!.text).toContain('https://acres.example/signin');
    expect(message!.text).toContain('https://acres.example/forgot-password');
    expect(message!.text).not.toContain('token=');
    expect(plan(event('ExistingAccountSignUpAttempted'))).toEqual([]);
  });

  it('confirms a lead by SMS, WhatsApp (a template) and email, and alerts the admin, keyed by (event, channel, recipient)', () => {
    const messages = plan(event('SlotReserved'));
    expect(messages.map((message) => [message.id, message.kind])).toEqual([
      [idOf('sms', '+2348012345678'), 'lead-confirmation'],
      [idOf('whatsapp', '+2348012345678'), 'lead-confirmation'],
      [idOf('email', 'ada@example.com'), 'lead-confirmation'],
      [idOf('email', 'ops@acres.example'), 'admin-new-lead'],
    ]);
    expect(messages[1]!.whatsappTemplate).toEqual({ name: 'lead_confirmation', parameters: ['Ada', '25 acres'] });
    // No document in the room yet: the confirmation says what will happen instead of promising it.
    expect(messages[0]!.text).toBe(
      'Acres: Hi Ada, your slot for 25 acres is reserved. Our team will contact you within 24 hours. The due diligence materials are being prepared; we will send them as soon as they are ready. Reply STOP to opt out.',
    );
  });

  it("keeps SPEC's promise of the materials once the room holds a document", () => {
    const [sms] = planMessages({
      event: event('SlotReserved'),
      position: 42n,
      contacts: new Map(),
      settings,
      packageReady: true,
    });
    expect(sms!.text).toBe(
      'Acres: Hi Ada, your slot for 25 acres is reserved. Our team will contact you within 24 hours with due diligence materials. Reply STOP to opt out.',
    );
  });

  it('gives the same messages for the same event every time (a replay finds them by their keys)', () => {
    expect(plan(event('SlotReserved'))).toEqual(plan(event('SlotReserved')));
  });

  it("keeps the admin's alerts in the outbox when no admin address is configured", () => {
    const alert = plan(event('SlotReserved'), new Map(), { ...settings, adminEmail: null, publicUrl: null }).at(-1)!;
    expect([alert.recipient, alert.kind]).toEqual([ADMIN_OUTBOX_RECIPIENT, 'admin-new-lead']);
  });

  it('sends one message when the lead is the admin', () => {
    const messages = plan(event('SlotReserved'), new Map(), { ...settings, adminEmail: 'ada@example.com', publicUrl: null });
    expect(messages.filter((message) => message.channel === 'email')).toHaveLength(1);
  });

  it('never lets text from an event become markup in an email', () => {
    const [, , email] = plan(event('SlotReserved', { fullName: '<script>alert(1)</script> Obi' }));
    expect(email!.html).not.toContain('<script>');
    expect(email!.html).toContain('&lt;script&gt;');
  });

  it('writes to the investor about their payment only when the address book knows them', () => {
    expect(plan(event('PaymentApproved', { adminNotes: 'All good' }), investor).map((message) => message.kind)).toEqual([
      'payment-approved',
    ]);
    expect(plan(event('PaymentApproved'))).toEqual([]);
    expect(plan(event('PaymentProofSubmitted')).map((message) => message.kind)).toEqual(['admin-new-payment-proof']);
  });

  it("puts the admin's notes in a rejected payment's email", () => {
    const [email] = plan(event('PaymentRejected', { adminNotes: 'The amount does not match' }), investor);
    expect(email!.text).toContain('Notes from our team: The amount does not match');
  });

  it("welcomes an affiliate with the referral link on the site's origin", () => {
    const [email] = plan(event('AffiliateRegistered'));
    expect(email!.text).toContain(`https://acres.example/?ref=${SAMPLE_EVENT_DATA.AffiliateRegistered.referralCode}`);
  });

  it('emails each affiliate of a paid batch once, with their total and the transfer reference', () => {
    const batch = SAMPLE_EVENT_DATA.PayoutBatchCreated;
    const [first] = batch.items;
    const other = {
      ...first!,
      saleId: '8d8f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f09',
      affiliateId: '9e9f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f0a',
    };
    const payoutBatch = {
      ...batch,
      items: [first!, { ...first!, saleId: '0a0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f0b', amount: 100_000 }, other],
    };
    const contacts: ContactBook = new Map([
      [`affiliate:${first!.affiliateId}`, { email: 'chinedu@example.com', name: 'Chinedu Eze', phone: null }],
    ]);
    expect(payoutContactKeys(payoutBatch)).toEqual([`affiliate:${first!.affiliateId}`, `affiliate:${other.affiliateId}`]);
    const messages = planMessages({ event: event('PayoutBatchPaid'), position: 42n, contacts, settings, payoutBatch });
    // The affiliate without an email address on file gets nothing rather than a guess.
    expect(messages.map((message) => [message.id, message.kind])).toEqual([
      [idOf('email', 'chinedu@example.com'), 'commission-paid'],
    ]);
    expect(messages[0]!.subject).toBe('Commission paid: ₦231,250');
    expect(messages[0]!.text).toContain(SAMPLE_EVENT_DATA.PayoutBatchPaid.transferReference);
    expect(planMessages({ event: event('PayoutBatchPaid'), position: 42n, contacts, settings })).toEqual([]);
  });

  it('plans nothing for events that concern nobody, and its own sent-log', () => {
    for (const type of ['UserRegistered', 'BusinessSettingsChanged', 'NotificationSent', 'CommissionTierReached'] as const) {
      expect(plan(event(type)), type).toEqual([]);
    }
  });
});

describe('the address book', () => {
  it('learns users and affiliates, and which affiliate a sale belongs to', () => {
    expect(contactUpdatesOf(event('UserRegistered'))).toEqual([
      { key: `user:${SAMPLE_EVENT_DATA.UserRegistered.userId}`, contact: { email: 'ada@example.com', name: 'Ada Obi' } },
    ]);
    expect(contactUpdatesOf(event('SaleIdClaimed'))).toEqual([
      {
        key: `sale:${SAMPLE_EVENT_DATA.SaleIdClaimed.saleId}`,
        copyFrom: `affiliate:${SAMPLE_EVENT_DATA.SaleIdClaimed.affiliateId}`,
      },
    ]);
    expect(contactKeysOf(event('SaleRejected'))).toEqual([`sale:${SAMPLE_EVENT_DATA.SaleRejected.saleId}`]);
  });
});
