import { AuditEntrySchema } from '@acres/contracts/audit-log';
import { EVENT_TYPES, type EventData, type EventType } from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { toAuditEntry } from './audit-log.ts';
import { describe, expect, it } from 'vitest';
import { AUDITED_EVENT_TYPES, toAuditRow } from './audit-entry.ts';

const PAYMENT_ID = '4f4f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f05';
const USER_ID = '1a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02';
const SALE_ID = '6b6f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f07';
const AT = '2026-11-20T09:15:00.000Z';

const stored = <T extends EventType>(type: T, data: EventData<T>, position = 42n): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  type,
  data,
  metadata: {
    correlationId: '00000000-0000-4000-8000-000000000002',
    actor: { kind: 'admin', id: 'someone-else' },
    schemaVersion: 1,
    occurredAt: '2030-01-01T00:00:00.000Z',
  },
  streamId: 'stream',
  streamPosition: 0n,
  globalPosition: position,
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
});

// Read back as the query API would: timestamps come back from PostgreSQL as Dates.
const asEntry = (event: RecordedEvent) => {
  const row = toAuditRow(event);
  return row && toAuditEntry({ ...row, occurred_at: new Date(row.occurred_at) });
};

describe('toAuditRow: a stored event → its audit entry', () => {
  it('audits admin actions and state changes, and nothing else', () => {
    expect(AUDITED_EVENT_TYPES).toEqual([
      'ApplicationSubmitted',
      'PasswordResetCompleted',
      'UserEmailVerified',
      'PaymentProofSubmitted',
      'PaymentApproved',
      'PaymentRejected',
      'AffiliateRegistered',
      'SaleReported',
      'SaleVerified',
      'SaleRejected',
      'AffiliateSuspended',
      'AffiliateReactivated',
      'PayoutBatchCreated',
      'PayoutBatchPaid',
      'BusinessSettingsChanged',
      'ApplicationApproved',
      'ApplicationRejected',
      'ProjectionRebuildRequested',
      'ProjectionRebuildCompleted',
      'ProjectionResumed',
      'PoisonEventSkipped',
      'NotificationRetryRequested',
      'ContactOptedOut',
      'ContactOptedIn',
      'SubjectErased',
      'PersonalDataExported',
      'PhoneVerified',
      'MessagingSuppressed',
      'MessagingResumed',
      'LeadOwnerAssigned',
      'LeadStageMoved',
      'LeadActivityLogged',
      'StaffInvited',
      'StaffTotpEnrolled',
      'StaffRoleChanged',
      'StaffRemoved',
      'DueDiligenceDocumentUploaded',
      'MaterialsSent',
      'MaterialsLinkRevoked',
      'LogIntegrityChecked',
    ]);
    for (const type of EVENT_TYPES) {
      const entry = asEntry(stored(type, SAMPLE_EVENT_DATA[type]));
      if (AUDITED_EVENT_TYPES.includes(type)) expect(AuditEntrySchema.parse(entry).position).toBe('42');
      else expect(entry).toBeNull();
    }
  });

  it('records a download of a person’s data as the admin’s act, naming the record', () => {
    const entry = asEntry(stored('PersonalDataExported', SAMPLE_EVENT_DATA.PersonalDataExported));
    expect(entry).toMatchObject({
      kind: 'privacy.exported',
      actorKind: 'admin',
      actorId: 'admin',
      subjectType: 'person',
      subjectId: 'lead:0b6f3f8e-2a7c-4d51-8e94-1c3a5b7d9e20',
      summary: 'Downloaded the personal data of ⟦lead:0b6f3f8e-2a7c-4d51-8e94-1c3a5b7d9e20⟧',
      notes: null,
    });
  });

  it('records an email confirmed by hand as the admin’s act, and one through its link as the owner’s, without the address', () => {
    const userId = SAMPLE_EVENT_DATA.UserEmailVerified.userId;
    const byHand = asEntry(
      stored('UserEmailVerified', { ...SAMPLE_EVENT_DATA.UserEmailVerified, method: 'staff', verifiedBy: 'ngozi' }),
    );
    expect(byHand).toMatchObject({
      kind: 'account.email-verified',
      actorKind: 'admin',
      actorId: 'ngozi',
      subjectType: 'account',
      subjectId: userId,
      summary: `Confirmed the email of ⟦account:${userId}⟧ by hand`,
    });
    const byLink = asEntry(stored('UserEmailVerified', SAMPLE_EVENT_DATA.UserEmailVerified));
    expect(byLink).toMatchObject({ actorKind: 'investor', actorId: userId });
    expect(JSON.stringify([byHand, byLink])).not.toContain(SAMPLE_EVENT_DATA.UserEmailVerified.email);
  });

  it("records a completed password reset as the owner's own act, with no secret in it", () => {
    const entry = asEntry(stored('PasswordResetCompleted', SAMPLE_EVENT_DATA.PasswordResetCompleted));
    expect(entry).toMatchObject({
      kind: 'account.password-reset',
      actorKind: 'investor',
      actorId: SAMPLE_EVENT_DATA.PasswordResetCompleted.userId,
      subjectType: 'account',
      subjectId: SAMPLE_EVENT_DATA.PasswordResetCompleted.userId,
      notes: null,
    });
    expect(JSON.stringify(entry)).not.toContain(SAMPLE_EVENT_DATA.PasswordResetCompleted.resetId);
  });

  it('names the admin from the decision, not the metadata, with the amount, the acres and the notes', () => {
    const event = stored('PaymentApproved', {
      paymentId: PAYMENT_ID,
      userId: USER_ID,
      acres: 2,
      amount: 7_000_000,
      adminNotes: 'Receipt matches the escrow statement',
      decidedBy: 'ops-lead',
      decidedAt: AT,
    });
    expect(asEntry(event)).toEqual({
      position: '42',
      occurredAt: AT,
      kind: 'payment.approved',
      actorKind: 'admin',
      actorId: 'ops-lead',
      subjectType: 'payment',
      subjectId: PAYMENT_ID,
      summary: 'Approved a payment for ₦7,000,000 (2 acres)',
      notes: 'Receipt matches the escrow statement',
      changes: null,
    });
  });

  it('says rejected for a rejection, and blank notes are no notes', () => {
    const entry = asEntry(
      stored('PaymentRejected', {
        paymentId: PAYMENT_ID,
        userId: USER_ID,
        acres: 1,
        adminNotes: '   ',
        decidedBy: 'admin',
        decidedAt: AT,
      }),
    );
    expect(entry).toMatchObject({ kind: 'payment.rejected', summary: 'Rejected a payment (1 acre)', notes: null });
  });

  it('credits a submitted payment to its investor', () => {
    const entry = asEntry(stored('PaymentProofSubmitted', { ...SAMPLE_EVENT_DATA.PaymentProofSubmitted, submittedAt: AT }));
    expect(entry).toMatchObject({
      kind: 'payment.submitted',
      actorKind: 'investor',
      actorId: SAMPLE_EVENT_DATA.PaymentProofSubmitted.userId,
      occurredAt: AT,
    });
  });

  it('keeps the old and new values of a settings change, the admin or the configuration as the actor', () => {
    const changes = [
      { field: 'escrowBankName', from: null, to: 'Zenith Bank' },
      { field: 'officeHours', from: 'Mon–Fri 9–5', to: 'Mon–Sat 9–5' },
    ] as const;
    const byAdmin = asEntry(
      stored('BusinessSettingsChanged', { source: 'admin', changedBy: 'ops-lead', changes: [...changes], changedAt: AT }),
    );
    expect(byAdmin).toMatchObject({
      kind: 'settings.changed',
      actorKind: 'admin',
      actorId: 'ops-lead',
      subjectType: 'settings',
      subjectId: 'business',
      summary: 'Changed settings: Escrow bank, Office hours',
      changes,
    });
    const seeded = asEntry(
      stored('BusinessSettingsChanged', { source: 'configuration', changedBy: null, changes: [...changes], changedAt: AT }),
    );
    expect(seeded).toMatchObject({
      actorKind: 'system',
      actorId: null,
      summary: 'Set settings from the configuration: Escrow bank, Office hours',
    });
  });

  it("links an application by its number, and names no applicant's personal data", () => {
    const data = { ...SAMPLE_EVENT_DATA.ApplicationSubmitted, submittedAt: AT };
    const entry = asEntry(stored('ApplicationSubmitted', data));
    expect(entry).toMatchObject({
      kind: 'application.submitted',
      actorKind: 'applicant',
      actorId: null,
      subjectId: data.applicationNumber,
    });
    expect(JSON.stringify(entry)).not.toContain(data.email);
    expect(JSON.stringify(entry)).not.toContain(data.surname);
  });

  it('records sale decisions with the commission and the admin', () => {
    const verified = asEntry(
      stored('SaleVerified', {
        saleId: SALE_ID,
        commissionRateBps: 750,
        computedCommission: 262_500,
        notes: 'bank alert seen',
        verifiedBy: 'ops-lead',
        verifiedAt: AT,
      }),
    );
    expect(verified).toMatchObject({
      kind: 'sale.verified',
      actorId: 'ops-lead',
      subjectType: 'sale',
      subjectId: SALE_ID,
      summary: 'Verified a sale: commission ₦262,500 at 7.5%',
      notes: 'bank alert seen',
    });
    const rejected = asEntry(
      stored('SaleRejected', { saleId: SALE_ID, notes: 'no receipt', rejectedBy: 'admin', rejectedAt: AT }),
    );
    expect(rejected).toMatchObject({ kind: 'sale.rejected', actorKind: 'admin', notes: 'no receipt' });
  });

  it("credits an opt-out to the contact, by masked address, on the contact's consent stream", () => {
    const entry = asEntry({
      ...stored('ContactOptedOut', { ...SAMPLE_EVENT_DATA.ContactOptedOut, at: AT }),
      streamId: 'consent-sms-0123456789abcdef0123456789abcdef',
    });
    expect(entry).toMatchObject({
      kind: 'consent.opted-out',
      actorKind: 'contact',
      actorId: '+234•••••5678',
      subjectType: 'consent',
      subjectId: 'consent-sms-0123456789abcdef0123456789abcdef',
      summary: 'Opted out of marketing SMS by SMS reply',
      occurredAt: AT,
    });
    expect(JSON.stringify(entry)).not.toContain(SAMPLE_EVENT_DATA.ContactOptedOut.address);
    const optedIn = asEntry(
      stored('ContactOptedIn', {
        ...SAMPLE_EVENT_DATA.ContactOptedIn,
        channel: 'email',
        address: 'ada@example.com',
        source: 'email-link',
      }),
    );
    expect(optedIn).toMatchObject({
      kind: 'consent.opted-in',
      actorId: 'a•••@example.com',
      summary: 'Opted in to marketing emails through the unsubscribe link',
    });
  });

  it('records a suppression that stands alone (the address erased, or only its digest known), to the admin who recorded it; one beside a consent event adds nothing', () => {
    const streamId = `suppression-${SAMPLE_EVENT_DATA.MessagingSuppressed.digest}`;
    const alone = asEntry({
      ...stored('MessagingSuppressed', { ...SAMPLE_EVENT_DATA.MessagingSuppressed, source: 'admin', by: 'admin:ops', at: AT }),
      streamId,
    });
    expect(alone).toMatchObject({
      kind: 'consent.opted-out',
      actorKind: 'admin',
      actorId: 'ops',
      subjectType: 'consent',
      subjectId: streamId,
      summary: 'Opted out of marketing emails by the admin on their behalf',
    });
    const beside = asEntry(stored('MessagingSuppressed', { ...SAMPLE_EVENT_DATA.MessagingSuppressed, withoutAddress: false }));
    expect(beside).toBeNull();
  });

  it("credits an opt-out the admin recorded on someone's behalf to the admin", () => {
    const entry = asEntry(
      stored('ContactOptedOut', {
        ...SAMPLE_EVENT_DATA.ContactOptedOut,
        source: 'admin',
        providerMessageId: null,
        recordedBy: 'admin:ops',
      }),
    );
    expect(entry).toMatchObject({
      actorKind: 'admin',
      actorId: 'ops',
      summary: 'Opted out of marketing SMS by the admin on their behalf',
    });
  });

  it('ignores a type outside the catalogue, and fails loudly on an audited event with bad data (a poison event)', () => {
    expect(toAuditRow({ ...stored('SaleRejected', SAMPLE_EVENT_DATA.SaleRejected), type: 'SomethingElse' })).toBeNull();
    expect(() => toAuditRow(stored('PaymentApproved', { paymentId: 'nope' } as never))).toThrow(/PaymentApproved/);
  });
});
