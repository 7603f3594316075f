// Who to write to, when an event names a person only by id: the notifier keeps its own
// small address book from the events it follows, in the same transaction as its
// checkpoint, so it never waits for a projection and a replay rebuilds it the same way.

import type { DomainEvent } from '@acres/contracts/events';

export type Contact = { email: string | null; name: string | null; phone: string | null };
export type ContactBook = ReadonlyMap<string, Contact>;

/** An upsert of one entry; `copyFrom` takes another entry's values (a sale inherits its affiliate's). */
export type ContactUpdate = { key: string; contact: Partial<Contact> } | { key: string; copyFrom: string };

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export const contactUpdatesOf = (event: DomainEvent): ContactUpdate[] => {
  switch (event.type) {
    case 'UserRegistered':
      return [
        {
          key: `user:${event.data.userId}`,
          contact: { email: event.data.email.toLowerCase(), name: fullName(event.data.firstName, event.data.lastName) },
        },
      ];
    case 'UserProfileUpdated':
      return [
        {
          key: `user:${event.data.userId}`,
          contact: {
            ...(event.data.email ? { email: event.data.email.toLowerCase() } : {}),
            name: fullName(event.data.firstName, event.data.lastName),
          },
        },
      ];
    case 'AffiliateRegistered':
      return [
        {
          key: `affiliate:${event.data.affiliateId}`,
          contact: {
            email: event.data.email ? event.data.email.toLowerCase() : null,
            name: event.data.fullName,
            phone: event.data.phone,
          },
        },
      ];
    case 'SaleIdClaimed':
      return [{ key: `sale:${event.data.saleId}`, copyFrom: `affiliate:${event.data.affiliateId}` }];
    default:
      return [];
  }
};

/** The entries planMessages reads for this event. */
/** A staff member's entry in the address book (a lead's owner is alerted there), by their id. */
export const staffContactKey = (staffId: string) => `staff:${staffId}`;

export const contactKeysOf = (event: DomainEvent): string[] => {
  switch (event.type) {
    case 'PaymentProofSubmitted':
    case 'PaymentApproved':
    case 'PaymentRejected':
    case 'PasswordResetRequested':
    case 'EmailVerificationRequested':
    case 'ExistingAccountSignUpAttempted':
      return [`user:${event.data.userId}`];
    case 'SaleVerified':
    case 'SaleRejected':
      return [event.data.affiliateId ? `affiliate:${event.data.affiliateId}` : `sale:${event.data.saleId}`];
    default:
      return [];
  }
};
