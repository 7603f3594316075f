// Who to write to, when an event names a person only by id: the notifier keeps its own
// small address book from the events it follows, in the same transaction as its
// checkpoint, so it never waits for a projection and a replay rebuilds it the same way.

import type { DomainEvent } from '@acres/contracts/events';
import type { StaffRole } from '@acres/contracts/staff';

export type Contact = { email: string | null; name: string | null; phone: string | null };
export type ContactBook = ReadonlyMap<string, Contact>;

/** What the book keeps of a staff member besides their address: their role, and whether they have joined. */
export type StaffStanding = { staffRole: StaffRole | null; staffActive: boolean };

/** An upsert of one entry; `copyFrom` takes another entry's values (a sale inherits its affiliate's). */
export type ContactUpdate = { key: string; contact: Partial<Contact & StaffStanding> } | { key: string; copyFrom: string };

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
      return staffContactUpdatesOf(event);
  }
};

/**
 * A staff member's entry follows their stream: invited (an address, not yet alerted), joined
 * (alerted from now on), a new role, removed (no address kept, never alerted again).
 */
const staffContactUpdatesOf = (event: DomainEvent): ContactUpdate[] => {
  switch (event.type) {
    case 'StaffInvited': {
      const { staffId, email, displayName, role } = event.data;
      const contact = { email: email.toLowerCase(), name: displayName, staffRole: role };
      return [{ key: staffContactKey(staffId), contact }];
    }
    case 'StaffTotpEnrolled':
      return [{ key: staffContactKey(event.data.staffId), contact: { staffActive: true } }];
    case 'StaffRoleChanged':
      return [{ key: staffContactKey(event.data.staffId), contact: { staffRole: event.data.to } }];
    case 'StaffRemoved':
      return [{ key: staffContactKey(event.data.staffId), contact: { email: null, staffRole: null, staffActive: false } }];
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
