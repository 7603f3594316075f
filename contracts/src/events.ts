// The event catalogue (DESIGN 4): every event type with its data schema and version.
// Events are facts, named in the past tense; their data is validated on append and
// on read so a malformed event never reaches a projection unnoticed.

import { z } from 'zod';
import { SlotReservedDataSchema } from './lead.ts';
import {
  ApplicationApprovedDataSchema,
  ApplicationRejectedDataSchema,
  ApplicationSubmittedDataSchema,
} from './events/application-events.ts';
import {
  EmailVerificationRequestedDataSchema,
  ExistingAccountSignUpAttemptedDataSchema,
  PasswordResetCompletedDataSchema,
  PasswordResetRequestedDataSchema,
  UserEmailClaimedDataSchema,
  UserEmailReleasedDataSchema,
  UserEmailVerifiedDataSchema,
  UserProfileUpdatedDataSchema,
  UserRegisteredDataSchema,
} from './events/user-events.ts';
import {
  PaymentApprovedDataSchema,
  PaymentProofClaimedDataSchema,
  PaymentProofSubmittedDataSchema,
  PaymentRejectedDataSchema,
} from './payment.ts';
import {
  AffiliateReactivatedDataSchema,
  AffiliateRegisteredDataSchema,
  AffiliateSuspendedDataSchema,
  CommissionTierReachedDataSchema,
  ReferralCodeClaimedDataSchema,
  SaleIdClaimedDataSchema,
  SaleRejectedDataSchema,
  SaleReportedDataSchema,
  SaleVerifiedDataSchema,
} from './events/affiliate-events.ts';
import { BusinessSettingsChangedDataSchema } from './events/settings-events.ts';
import {
  PoisonEventSkippedDataSchema,
  ProjectionRebuildCompletedDataSchema,
  ProjectionRebuildRequestedDataSchema,
  ProjectionResumedDataSchema,
} from './events/operations-events.ts';
import { PayoutBatchCreatedDataSchema, PayoutBatchPaidDataSchema } from './events/payout-events.ts';
import {
  NotificationFailedDataSchema,
  NotificationRetryRequestedDataSchema,
  NotificationSentDataSchema,
} from './events/notification-events.ts';
import { ConsentRecordedDataSchema, ContactOptedInDataSchema, ContactOptedOutDataSchema } from './events/consent-events.ts';
import { PersonalDataExportedDataSchema, SubjectErasedDataSchema } from './events/privacy-events.ts';
import {
  PhoneVerificationCodeRejectedDataSchema,
  PhoneVerificationRequestedDataSchema,
  PhoneVerifiedDataSchema,
} from './events/phone-events.ts';
import { MessagingResumedDataSchema, MessagingSuppressedDataSchema } from './events/suppression-events.ts';
import {
  LeadActivityLoggedDataSchema,
  LeadOwnerAssignedDataSchema,
  LeadStageMovedDataSchema,
} from './events/lead-pipeline-events.ts';
import { STAFF_EVENT_CATALOGUE } from './events/staff-events.ts';
import { DOCUMENT_EVENT_CATALOGUE } from './events/document-events.ts';
import { LOG_INTEGRITY_EVENT_CATALOGUE } from './events/log-integrity-events.ts';

export * from './events/metadata.ts';
export { SlotReservedDataSchema, type SlotReservedData } from './lead.ts';
export * from './events/application-events.ts';
export * from './events/user-events.ts';
export {
  PaymentApprovedDataSchema,
  PaymentProofClaimedDataSchema,
  PaymentProofSubmittedDataSchema,
  PaymentRejectedDataSchema,
  type PaymentApprovedData,
  type PaymentProofClaimedData,
  type PaymentProofSubmittedData,
  type PaymentRejectedData,
} from './payment.ts';
export * from './events/affiliate-events.ts';
export * from './events/settings-events.ts';
export * from './events/operations-events.ts';
export * from './events/payout-events.ts';
export * from './events/notification-events.ts';
export * from './events/consent-events.ts';
export * from './events/privacy-events.ts';
export * from './events/phone-events.ts';
export * from './events/suppression-events.ts';
export * from './events/lead-pipeline-events.ts';
export * from './events/staff-events.ts';
export * from './events/document-events.ts';
export * from './events/log-integrity-events.ts';

type CatalogueEntry = { version: number; schema: z.ZodType };

export const EVENT_CATALOGUE = {
  SlotReserved: { version: 1, schema: SlotReservedDataSchema },
  ApplicationSubmitted: { version: 1, schema: ApplicationSubmittedDataSchema },
  UserRegistered: { version: 1, schema: UserRegisteredDataSchema },
  UserProfileUpdated: { version: 1, schema: UserProfileUpdatedDataSchema },
  UserEmailClaimed: { version: 1, schema: UserEmailClaimedDataSchema },
  PasswordResetRequested: { version: 1, schema: PasswordResetRequestedDataSchema },
  PasswordResetCompleted: { version: 1, schema: PasswordResetCompletedDataSchema },
  UserEmailReleased: { version: 1, schema: UserEmailReleasedDataSchema },
  EmailVerificationRequested: { version: 1, schema: EmailVerificationRequestedDataSchema },
  UserEmailVerified: { version: 1, schema: UserEmailVerifiedDataSchema },
  ExistingAccountSignUpAttempted: { version: 1, schema: ExistingAccountSignUpAttemptedDataSchema },
  // 2: expectedAmount and amountDifference (optional, absent from version 1 events).
  PaymentProofSubmitted: { version: 2, schema: PaymentProofSubmittedDataSchema },
  PaymentProofClaimed: { version: 1, schema: PaymentProofClaimedDataSchema },
  PaymentApproved: { version: 1, schema: PaymentApprovedDataSchema },
  PaymentRejected: { version: 1, schema: PaymentRejectedDataSchema },
  AffiliateRegistered: { version: 1, schema: AffiliateRegisteredDataSchema },
  SaleReported: { version: 1, schema: SaleReportedDataSchema },
  SaleVerified: { version: 1, schema: SaleVerifiedDataSchema },
  SaleRejected: { version: 1, schema: SaleRejectedDataSchema },
  CommissionTierReached: { version: 1, schema: CommissionTierReachedDataSchema },
  ReferralCodeClaimed: { version: 1, schema: ReferralCodeClaimedDataSchema },
  SaleIdClaimed: { version: 1, schema: SaleIdClaimedDataSchema },
  AffiliateSuspended: { version: 1, schema: AffiliateSuspendedDataSchema },
  AffiliateReactivated: { version: 1, schema: AffiliateReactivatedDataSchema },
  PayoutBatchCreated: { version: 1, schema: PayoutBatchCreatedDataSchema },
  PayoutBatchPaid: { version: 1, schema: PayoutBatchPaidDataSchema },
  BusinessSettingsChanged: { version: 1, schema: BusinessSettingsChangedDataSchema },
  ApplicationApproved: { version: 1, schema: ApplicationApprovedDataSchema },
  ApplicationRejected: { version: 1, schema: ApplicationRejectedDataSchema },
  ProjectionRebuildRequested: { version: 1, schema: ProjectionRebuildRequestedDataSchema },
  ProjectionRebuildCompleted: { version: 1, schema: ProjectionRebuildCompletedDataSchema },
  ProjectionResumed: { version: 1, schema: ProjectionResumedDataSchema },
  PoisonEventSkipped: { version: 1, schema: PoisonEventSkippedDataSchema },
  NotificationSent: { version: 1, schema: NotificationSentDataSchema },
  NotificationFailed: { version: 1, schema: NotificationFailedDataSchema },
  NotificationRetryRequested: { version: 1, schema: NotificationRetryRequestedDataSchema },
  ContactOptedOut: { version: 1, schema: ContactOptedOutDataSchema },
  ContactOptedIn: { version: 1, schema: ContactOptedInDataSchema },
  ConsentRecorded: { version: 1, schema: ConsentRecordedDataSchema },
  SubjectErased: { version: 1, schema: SubjectErasedDataSchema },
  PersonalDataExported: { version: 1, schema: PersonalDataExportedDataSchema },
  PhoneVerificationRequested: { version: 1, schema: PhoneVerificationRequestedDataSchema },
  PhoneVerificationCodeRejected: { version: 1, schema: PhoneVerificationCodeRejectedDataSchema },
  PhoneVerified: { version: 1, schema: PhoneVerifiedDataSchema },
  MessagingSuppressed: { version: 1, schema: MessagingSuppressedDataSchema },
  MessagingResumed: { version: 1, schema: MessagingResumedDataSchema },
  LeadOwnerAssigned: { version: 1, schema: LeadOwnerAssignedDataSchema },
  LeadStageMoved: { version: 1, schema: LeadStageMovedDataSchema },
  LeadActivityLogged: { version: 1, schema: LeadActivityLoggedDataSchema },
  ...STAFF_EVENT_CATALOGUE,
  ...DOCUMENT_EVENT_CATALOGUE,
  ...LOG_INTEGRITY_EVENT_CATALOGUE,
} as const satisfies Record<string, CatalogueEntry>;

export type EventCatalogue = typeof EVENT_CATALOGUE;
export type EventType = keyof EventCatalogue;
export type EventData<T extends EventType> = z.infer<EventCatalogue[T]['schema']>;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

/** { type: 'SlotReserved', data: SlotReservedData } | … */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type DomainEventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly eventType: string) {
    super(`Unknown event type '${eventType}'. Known types: ${EVENT_TYPES.join(', ')}`);
  }
}

export class InvalidEventDataError extends Error {
  override readonly name = 'InvalidEventDataError';
  constructor(
    readonly eventType: EventType,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(
      `Invalid data for event '${eventType}': ${issues
        .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
        .join('; ')}`,
    );
  }
}

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(EVENT_CATALOGUE, type);
}

export function getEventVersion(type: EventType): number {
  return EVENT_CATALOGUE[type].version;
}

/**
 * Validates event data against the catalogue. Throws UnknownEventTypeError for a type
 * not in the catalogue and InvalidEventDataError naming every bad field otherwise.
 */
export function parseEvent<T extends EventType>(type: T, data: unknown): DomainEventOf<T>;
export function parseEvent(type: string, data: unknown): DomainEvent;
export function parseEvent(type: string, data: unknown): DomainEvent {
  if (!isEventType(type)) throw new UnknownEventTypeError(type);
  const result = (EVENT_CATALOGUE[type].schema as z.ZodType).safeParse(data);
  if (!result.success) {
    throw new InvalidEventDataError(
      type,
      result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
  return { type, data: result.data } as DomainEvent;
}

/** Builds a typed event after validating its data; for deciders and tests. */
export function createEvent<T extends EventType>(type: T, data: EventData<T>): DomainEventOf<T> {
  return parseEvent(type, data);
}
