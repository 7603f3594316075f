// Which fields of which events are personal data, and whose (issue 14 item 1). The event
// store's protection layer encrypts exactly these with their subject's key and leaves the
// rest (amounts, acres, dates, statuses, ids) in clear, so counts and totals never need a key.
// Exhaustive over the catalogue: a new event type does not compile until it is listed here.

import type { EventData, EventType } from './events.ts';
import type { NotificationChannel } from './events/notification-events.ts';

export { ERASED, ERASABLE_KINDS, SubjectIdSchema, type ErasableKind } from './events/privacy-events.ts';

/** Whose data it is. A contact (an address messages go to) is named by a digest of the address, never the address. */
export type SubjectRef =
  | { kind: 'user' | 'lead' | 'application' | 'affiliate'; id: string }
  | { kind: 'contact'; channel: NotificationChannel; address: string };

export type PersonalFields<T extends EventType> = {
  /** null: this event carries nobody's data after all (an old event without the owner's id). */
  subject: (data: EventData<T>) => SubjectRef | null;
  fields: readonly (keyof EventData<T> & string)[];
};

type PersonalDataCatalogue = { [T in EventType]: PersonalFields<T> | null };

const user = (data: { userId: string }): SubjectRef => ({ kind: 'user', id: data.userId });
const affiliate = (data: { affiliateId?: string | undefined }): SubjectRef | null =>
  data.affiliateId ? { kind: 'affiliate', id: data.affiliateId } : null;
const application = (data: { applicationId: string }): SubjectRef => ({ kind: 'application', id: data.applicationId });
const recipient = (data: { channel: NotificationChannel; recipient: string }): SubjectRef => ({
  kind: 'contact',
  channel: data.channel,
  address: data.recipient,
});
const contact = (data: { channel: NotificationChannel; address: string }): SubjectRef => ({
  kind: 'contact',
  channel: data.channel,
  address: data.address,
});
const USER_NAME = ['email', 'firstName', 'lastName', 'profileImageUrl'] as const;

export const PERSONAL_DATA: PersonalDataCatalogue = {
  SlotReserved: {
    subject: (data) => ({ kind: 'lead', id: data.leadId }),
    fields: ['fullName', 'company', 'email', 'phone', 'phoneE164', 'notes'],
  },
  ApplicationSubmitted: {
    subject: application,
    fields: [
      'surname',
      'firstName',
      'otherName',
      'dateOfBirth',
      'gender',
      'nationality',
      'maritalStatus',
      'residentialAddress',
      'email',
      'phoneNumber',
      'city',
      'occupation',
      'workAddress',
      'religion',
      'passportPhotoUrl',
      'kinName',
      'kinRelationship',
      'kinAddress',
      'kinPhone',
      'kinEmail',
      'realtorName',
      'realtorMobile',
      'realtorEmail',
    ],
  },
  ApplicationApproved: { subject: application, fields: ['notes'] },
  ApplicationRejected: { subject: application, fields: ['notes'] },
  UserRegistered: { subject: user, fields: USER_NAME },
  UserProfileUpdated: { subject: user, fields: USER_NAME },
  UserEmailClaimed: { subject: user, fields: ['email'] },
  PasswordResetRequested: null,
  PasswordResetCompleted: null,
  // The erased account's id and the reason: nobody's data.
  UserEmailReleased: null,
  EmailVerificationRequested: { subject: user, fields: ['email'] },
  // The staff member's name stays in clear, as the erasure's and the export's do.
  UserEmailVerified: { subject: user, fields: ['email'] },
  ExistingAccountSignUpAttempted: null,
  PaymentProofSubmitted: { subject: user, fields: ['proofImagePath'] },
  PaymentProofClaimed: { subject: user, fields: ['objectPath'] },
  PaymentApproved: { subject: user, fields: ['adminNotes'] },
  PaymentRejected: { subject: user, fields: ['adminNotes'] },
  AffiliateRegistered: {
    subject: affiliate,
    fields: ['fullName', 'email', 'phone', 'companyName', 'bankName', 'accountNumber', 'accountName', 'marketingChannels'],
  },
  // The client is the affiliate's record: erasing the affiliate erases the clients they reported.
  SaleReported: { subject: affiliate, fields: ['clientName', 'clientPhone', 'clientEmail', 'proofImagePath'] },
  SaleVerified: { subject: affiliate, fields: ['notes'] },
  SaleRejected: { subject: affiliate, fields: ['notes'] },
  AffiliateSuspended: { subject: affiliate, fields: ['reason'] },
  AffiliateReactivated: { subject: affiliate, fields: ['notes'] },
  CommissionTierReached: null,
  ReferralCodeClaimed: null,
  SaleIdClaimed: null,
  PayoutBatchCreated: null,
  PayoutBatchPaid: null,
  BusinessSettingsChanged: null,
  ProjectionRebuildRequested: null,
  ProjectionRebuildCompleted: null,
  ProjectionResumed: null,
  PoisonEventSkipped: null,
  NotificationSent: { subject: recipient, fields: ['recipient'] },
  // A provider's error often quotes the address it refused.
  NotificationFailed: { subject: recipient, fields: ['recipient', 'error'] },
  NotificationRetryRequested: null,
  ContactOptedOut: { subject: contact, fields: ['address'] },
  ContactOptedIn: { subject: contact, fields: ['address'] },
  ConsentRecorded: { subject: (data) => ({ kind: data.subjectKind, id: data.subjectId }), fields: ['contacts'] },
  SubjectErased: null,
  // Ids and the staff member's name: an audit record, kept in clear like the erasure's.
  PersonalDataExported: null,
  // A count, a record type and the staff member: nothing of anyone's.
  LogIntegrityChecked: null,
  PhoneVerificationRequested: { subject: user, fields: ['phoneE164'] },
  PhoneVerificationCodeRejected: null,
  PhoneVerified: { subject: user, fields: ['phoneE164'] },
  // A keyed digest, never an address: kept through an erasure (suppression-events.ts).
  MessagingSuppressed: null,
  MessagingResumed: null,
  // A staff id and the previous one: nobody's data.
  LeadOwnerAssigned: null,
  // What staff wrote about the person (the activity, why the lead was lost) is theirs.
  LeadStageMoved: { subject: (data) => ({ kind: 'lead', id: data.leadId }), fields: ['reason'] },
  LeadActivityLogged: { subject: (data) => ({ kind: 'lead', id: data.leadId }), fields: ['text'] },
  // Staff accounts are the business's own records of who works in its admin area (the Audit
  // log names them), kept in clear like the staff names every admin event already carries.
  StaffInvited: null,
  StaffInvitationAccepted: null,
  StaffTotpEnrolled: null,
  StaffRoleChanged: null,
  StaffRemoved: null,
  // Ids, staff usernames and document titles: nothing of a person.
  DueDiligenceDocumentUploaded: null,
  DueDiligenceDocumentDownloaded: null,
  MaterialsSent: null,
  MaterialsLinkRevoked: null,
  MaterialsViewed: null,
};

/** The personal fields of an event type, or null when it carries none. */
export const personalFieldsOf = (type: string): PersonalFields<EventType> | null =>
  Object.hasOwn(PERSONAL_DATA, type) ? (PERSONAL_DATA[type as EventType] as PersonalFields<EventType> | null) : null;
