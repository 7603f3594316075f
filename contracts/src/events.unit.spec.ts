import { describe, it, expect } from 'vitest';
import {
  createEvent,
  EVENT_CATALOGUE,
  EVENT_TYPES,
  EventMetadataSchema,
  getEventVersion,
  InvalidEventDataError,
  isEventType,
  parseEvent,
  UnknownEventTypeError,
  type DomainEvent,
  type EventType,
} from './events.ts';
import { issuesOf } from '../test/schema-issues.ts';
import { SAMPLE_EVENT_DATA, SAMPLE_EVENT_TIME } from '../test/index.ts';

const at = SAMPLE_EVENT_TIME;
const validData: Record<EventType, Record<string, unknown>> = SAMPLE_EVENT_DATA;

describe('EVENT_CATALOGUE', () => {
  it('lists the events of DESIGN section 4 (plus the claims), each at its version', () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      [
        'SlotReserved',
        'ApplicationSubmitted',
        'UserRegistered',
        'UserProfileUpdated',
        'UserEmailClaimed',
        'PasswordResetRequested',
        'PasswordResetCompleted',
        // Email ownership (issue 24): a link asked for, an address verified, an erased account's address released.
        'EmailVerificationRequested',
        'UserEmailVerified',
        'UserEmailReleased',
        'ExistingAccountSignUpAttempted',
        'PaymentProofSubmitted',
        'PaymentApproved',
        'PaymentRejected',
        'AffiliateRegistered',
        'SaleReported',
        'SaleVerified',
        'SaleRejected',
        'CommissionTierReached',
        'ReferralCodeClaimed',
        'SaleIdClaimed',
        'PaymentProofClaimed',
        'BusinessSettingsChanged',
        'ApplicationApproved',
        'ApplicationRejected',
        'ProjectionRebuildRequested',
        'ProjectionRebuildCompleted',
        'ProjectionResumed',
        'PoisonEventSkipped',
        'AffiliateSuspended',
        'AffiliateReactivated',
        'PayoutBatchCreated',
        'PayoutBatchPaid',
        'NotificationSent',
        'NotificationFailed',
        'NotificationRetryRequested',
        'ContactOptedOut',
        'ContactOptedIn',
        'ConsentRecorded',
        'SubjectErased',
        'PersonalDataExported',
        'PhoneVerificationRequested',
        'PhoneVerificationCodeRejected',
        'PhoneVerified',
        'MessagingSuppressed',
        'MessagingResumed',
        // The lead pipeline (issue 27): its owner, its stage and what the team did.
        'LeadOwnerAssigned',
        'LeadStageMoved',
        'LeadActivityLogged',
        'StaffInvited',
        'StaffInvitationAccepted',
        'StaffTotpEnrolled',
        'StaffRoleChanged',
        'StaffRemoved',
        // The due-diligence room (issue 27): documents and their downloads, a lead's links and views.
        'DueDiligenceDocumentUploaded',
        'DueDiligenceDocumentDownloaded',
        'MaterialsSent',
        'MaterialsLinkRevoked',
        'MaterialsViewed',
        // A staff member's check of the log's seals (issue 29).
        'LogIntegrityChecked',
      ].sort(),
    );
    // PaymentProofSubmitted 2 added the price check (expectedAmount, amountDifference).
    for (const type of EVENT_TYPES) expect(getEventVersion(type)).toBe(type === 'PaymentProofSubmitted' ? 2 : 1);
  });

  it('names every event in the past tense', () => {
    for (const type of EVENT_TYPES) expect(type).toMatch(/(ed|Reached|Paid|Sent|OptedOut|OptedIn)$/);
  });
});

describe('parseEvent with valid data', () => {
  it.each(EVENT_TYPES)('parses %s', (type) => {
    const event = parseEvent(type, validData[type]);
    expect(event.type).toBe(type);
    expect(event.data).toEqual(validData[type]);
  });

  it('narrows the type for the switch of a projection', () => {
    const event: DomainEvent = parseEvent('SlotReserved', validData.SlotReserved);
    if (event.type !== 'SlotReserved') throw new Error('wrong type');
    expect(event.data.intendedAcres).toBe(25);
  });

  it('strips keys the schema does not know', () => {
    const event = parseEvent('CommissionTierReached', { ...validData.CommissionTierReached, extra: 1 });
    expect(event.data).not.toHaveProperty('extra');
  });
});

describe('parseEvent with invalid data', () => {
  it('names every bad field', () => {
    const parse = () => parseEvent('SlotReserved', { ...validData.SlotReserved, consent: false, intendedAcres: 0 });
    expect(parse).toThrow(InvalidEventDataError);
    expect(parse).toThrow(/Invalid data for event 'SlotReserved': intendedAcres: .*; consent: /);
  });

  it.each([
    ['PaymentProofSubmitted', { acres: 0 }],
    ['PaymentApproved', { decidedAt: 'yesterday' }],
    ['AffiliateRegistered', { accountNumber: '123' }],
    ['AffiliateRegistered', { referralCode: 'ABCDEFGHIJK' }],
    ['SaleVerified', { commissionRateBps: 10_001 }],
    ['ApplicationSubmitted', { acknowledgment: false }],
    ['SaleReported', { paymentPlan: 'installments' }],
  ] as const)('rejects %s with %j', (type, patch) => {
    expect(() => parseEvent(type, { ...validData[type], ...patch })).toThrow(InvalidEventDataError);
  });

  it('rejects data that is not an object', () => {
    expect(() => parseEvent('SlotReserved', null)).toThrow(InvalidEventDataError);
    expect(() => parseEvent('SlotReserved', 'SlotReserved')).toThrow(InvalidEventDataError);
  });

  it('exposes the issues for logging', () => {
    try {
      parseEvent('SaleRejected', { ...validData.SaleRejected, rejectedBy: '' });
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEventDataError);
      expect((error as InvalidEventDataError).issues.map((issue) => issue.path)).toEqual(['rejectedBy']);
      expect((error as InvalidEventDataError).eventType).toBe('SaleRejected');
    }
  });
});

describe('parseEvent with an unknown type', () => {
  it.each(['SlotCancelled', '', 'slotreserved', 'toString', '__proto__'])('throws for %j', (type) => {
    expect(() => parseEvent(type, {})).toThrow(UnknownEventTypeError);
    expect(() => parseEvent(type, {})).toThrow(`Unknown event type '${type}'`);
  });

  it('recognises only catalogue types', () => {
    expect(isEventType('SaleVerified')).toBe(true);
    expect(isEventType('hasOwnProperty')).toBe(false);
    expect(isEventType(42)).toBe(false);
  });
});

describe('createEvent', () => {
  it('builds a typed event and refuses bad data', () => {
    expect(createEvent('ReferralCodeClaimed', validData.ReferralCodeClaimed as never).type).toBe('ReferralCodeClaimed');
    expect(() =>
      createEvent('CommissionTierReached', { affiliateId: 'af1', rateBps: 750, verifiedSales: 0, reachedAt: at }),
    ).toThrow(InvalidEventDataError);
  });

  it('catalogue schemas are the ones parseEvent uses', () => {
    expect(EVENT_CATALOGUE.SaleVerified.schema.safeParse(validData.SaleVerified).success).toBe(true);
  });
});

describe('EventMetadataSchema', () => {
  const metadata = {
    correlationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    causationId: null,
    actor: { kind: 'visitor', id: null },
    schemaVersion: 1,
    occurredAt: at,
  };

  it('accepts metadata with and without optional fields', () => {
    expect(issuesOf(EventMetadataSchema, metadata)).toEqual([]);
    const { causationId: _c, ...withoutCausation } = metadata;
    expect(issuesOf(EventMetadataSchema, { ...withoutCausation, idempotencyKey: 'key-1' })).toEqual([]);
  });

  it.each([
    [{ correlationId: 'not-a-uuid' }, 'correlationId'],
    [{ causationId: 'x' }, 'causationId'],
    [{ actor: { kind: 'robot', id: null } }, 'actor.kind'],
    [{ schemaVersion: 0 }, 'schemaVersion'],
    [{ occurredAt: '2024-09-01' }, 'occurredAt'],
    [{ idempotencyKey: '' }, 'idempotencyKey'],
  ])('rejects %j at %s', (patch, path) => {
    expect(issuesOf(EventMetadataSchema, { ...metadata, ...patch }).map((issue) => issue.path)).toEqual([path]);
  });
});
