// The Audit log's one mapping (issue 12): a stored event → its audit row, or null for an event
// that is neither an admin action nor a state change the admin audits (a lead, a profile edit,
// an id claim). The switch is exhaustive over the event catalogue: a new event type fails the
// typecheck here until someone decides whether and how it is audited.

import { EVENT_TYPES, isEventType, type EventType } from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { AuditRow, Mapper } from './entry.ts';
import * as accounts from './account-entries.ts';
import * as affiliates from './affiliate-entries.ts';
import * as applications from './application-entries.ts';
import * as consent from './consent-entries.ts';
import * as privacy from './privacy-entries.ts';
import * as operations from './operation-entries.ts';
import * as payments from './payment-entries.ts';
import * as settings from './settings-entries.ts';
import * as staff from './staff-entries.ts';
import * as documents from './document-entries.ts';
import * as leads from './lead-entries.ts';
import { logIntegrityChecked } from './log-entries.ts';

export type { AuditRow } from './entry.ts';

const assertNever = (type: never): never => {
  throw new Error(`audit-log has no mapping for event type ${String(type)}`);
};

// One mapper per audited type, null for the others: the projection reads only the audited
// types, and an unaudited event is never parsed.
const mapperOf = (type: EventType): Mapper | null => {
  switch (type) {
    // Leads, accounts and id claims change no audited state; a tier follows from a verified
    // sale, which is audited itself.
    case 'SlotReserved':
    case 'UserRegistered':
    case 'UserProfileUpdated':
    case 'UserEmailClaimed':
    case 'ReferralCodeClaimed':
    case 'SaleIdClaimed':
    case 'PaymentProofClaimed':
    case 'CommissionTierReached':
      return null;
    // Anyone may ask for a link for any email: a request changes nothing until it is used.
    case 'PasswordResetRequested':
      return null;
    case 'PasswordResetCompleted':
      return accounts.passwordReset;
    // A link asked for, a sign-up repeated on an account's email, an erased account's address
    // taken by a new sign-up: nothing the admin audits (the new account's registration is not either).
    case 'EmailVerificationRequested':
    case 'ExistingAccountSignUpAttempted':
    case 'UserEmailReleased':
      return null;
    case 'UserEmailVerified':
      return accounts.emailVerified;
    case 'PaymentProofSubmitted':
      return payments.paymentSubmitted;
    case 'PaymentApproved':
    case 'PaymentRejected':
      return payments.paymentDecided(type);
    case 'ApplicationSubmitted':
      return applications.applicationSubmitted;
    case 'ApplicationApproved':
    case 'ApplicationRejected':
      return applications.applicationDecided(type);
    case 'AffiliateRegistered':
      return affiliates.affiliateRegistered;
    case 'AffiliateSuspended':
      return affiliates.affiliateSuspended;
    case 'AffiliateReactivated':
      return affiliates.affiliateReactivated;
    case 'SaleReported':
      return affiliates.saleReported;
    case 'SaleVerified':
      return affiliates.saleVerified;
    case 'SaleRejected':
      return affiliates.saleRejected;
    case 'PayoutBatchCreated':
      return affiliates.payoutCreated;
    case 'PayoutBatchPaid':
      return affiliates.payoutPaid;
    case 'BusinessSettingsChanged':
      return settings.settingsChanged;
    case 'ProjectionRebuildRequested':
      return operations.rebuildRequested;
    case 'ProjectionRebuildCompleted':
      return operations.rebuildCompleted;
    case 'ProjectionResumed':
      return operations.projectionResumed;
    case 'PoisonEventSkipped':
      return operations.poisonEventSkipped;
    // Each attempt's outcome is the Outbox's sent-log; the admin's retry is an action.
    case 'NotificationSent':
    case 'NotificationFailed':
      return null;
    case 'NotificationRetryRequested':
      return operations.notificationRetried;
    // The contact's own choice about marketing messages (a reply or an unsubscribe link).
    case 'ContactOptedOut':
      return consent.contactOptedOut;
    case 'ContactOptedIn':
      return consent.contactOptedIn;
    // A form's checkbox: part of the lead or application it came with, shown in the consent
    // history of that record (the consent_history read model), not an action to audit.
    case 'ConsentRecorded':
      return null;
    case 'SubjectErased':
      return privacy.subjectErased;
    case 'PersonalDataExported':
      return privacy.dataExported;
    // Asking for a code and a wrong code change nothing the admin acts on; a confirmed number does.
    case 'PhoneVerificationRequested':
    case 'PhoneVerificationCodeRejected':
      return null;
    case 'PhoneVerified':
      return accounts.phoneVerified;
    // Audited when it stands alone: beside a consent event (audited above) it says nothing more.
    case 'MessagingSuppressed':
      return consent.messagingSuppressed;
    case 'MessagingResumed':
      return consent.messagingResumed;
    // The sales desk's work on a lead: its timeline tells the story, the Audit log who acted.
    case 'LeadOwnerAssigned':
      return leads.leadOwnerAssigned;
    case 'LeadStageMoved':
      return leads.leadStageMoved;
    case 'LeadActivityLogged':
      return leads.leadActivityLogged;
    case 'StaffInvited':
      return staff.staffInvited;
    // Part of the one act of joining, which StaffTotpEnrolled records.
    case 'StaffInvitationAccepted':
      return null;
    case 'StaffTotpEnrolled':
      return staff.staffJoined;
    case 'StaffRoleChanged':
      return staff.staffRoleChanged;
    case 'StaffRemoved':
      return staff.staffRemoved;
    case 'DueDiligenceDocumentUploaded':
      return documents.documentUploaded;
    case 'MaterialsSent':
      return documents.materialsSent;
    case 'MaterialsLinkRevoked':
      return documents.materialsRevoked;
    // What a lead or an investor did with the room: the lead's materials read shows it.
    case 'MaterialsViewed':
    case 'DueDiligenceDocumentDownloaded':
      return null;
    case 'LogIntegrityChecked':
      return logIntegrityChecked;
    default:
      return assertNever(type);
  }
};

/** The event types the Audit log records. */
export const AUDITED_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => mapperOf(type) !== null);

/** The audit row of a stored event, or null when its type is not audited (or not in the catalogue). */
export const toAuditRow = (event: RecordedEvent): AuditRow | null => {
  const map = isEventType(event.type) ? mapperOf(event.type) : null;
  const entry = map?.(event) ?? null;
  return entry && { global_position: event.globalPosition.toString(), ...entry };
};
