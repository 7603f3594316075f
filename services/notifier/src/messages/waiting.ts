// What waits for the team, from the events the notifier follows: a payment proof or an
// application from its submission until it is approved or rejected, and a new lead until it
// first leaves new (its owner kept as it changes). Pure, so a replay of the log keeps the
// same items the same way.

import type { DomainEvent } from '@acres/contracts/events';
import { UNASSIGNED_OWNER } from '@acres/contracts/lead-pipeline';
import type { ContactBook } from './contacts.ts';

export const WAITING_KINDS = ['payment', 'application', 'lead'] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

export type PaymentDetails = { acres: number; amount: number };
export type ApplicationDetails = { applicationNumber: string; acres: number; value: number };
/** The lead's owner: a staff member's id, or 'unassigned'. */
export type LeadDetails = { ownerId: string };

type Submitted<K extends WaitingKind, D> = {
  kind: K;
  itemId: string;
  submittedAt: string;
  /** Who is waiting, as the admin knows them: the investor's name or email, the applicant's name. */
  who: string;
  details: D;
};

export type WaitingSubmission =
  Submitted<'payment', PaymentDetails> | Submitted<'application', ApplicationDetails> | Submitted<'lead', LeadDetails>;

/** A submitted item as the sweeper reads it back, with the event that submitted it. */
export type WaitingItem = WaitingSubmission & { eventPosition: bigint; eventType: string };

export type WaitingChange =
  | { submitted: WaitingSubmission }
  | { decided: { kind: WaitingKind; itemId: string; decidedAt: string } }
  | { reassigned: { kind: 'lead'; itemId: string; ownerId: string } }
  | null;

export const waitingChangeOf = (event: DomainEvent, contacts: ContactBook): WaitingChange => {
  switch (event.type) {
    case 'PaymentProofSubmitted': {
      const investor = contacts.get(`user:${event.data.userId}`);
      return {
        submitted: {
          kind: 'payment',
          itemId: event.data.paymentId,
          submittedAt: event.data.submittedAt,
          who: investor?.name ?? investor?.email ?? event.data.userId,
          details: { acres: event.data.acres, amount: event.data.amount },
        },
      };
    }
    case 'ApplicationSubmitted':
      return {
        submitted: {
          kind: 'application',
          itemId: event.data.applicationId,
          submittedAt: event.data.submittedAt,
          who: `${event.data.firstName} ${event.data.surname}`,
          details: {
            applicationNumber: event.data.applicationNumber,
            acres: event.data.acresSubscribed,
            value: event.data.subscriptionValue,
          },
        },
      };
    case 'SlotReserved':
      return {
        submitted: {
          kind: 'lead',
          itemId: event.data.leadId,
          submittedAt: event.data.reservedAt,
          who: event.data.fullName,
          details: { ownerId: UNASSIGNED_OWNER },
        },
      };
    // The first move out of new is the contact the product promised (or the lead's end).
    case 'LeadStageMoved':
      return event.data.from === 'new'
        ? { decided: { kind: 'lead', itemId: event.data.leadId, decidedAt: event.data.movedAt } }
        : null;
    case 'LeadOwnerAssigned':
      return { reassigned: { kind: 'lead', itemId: event.data.leadId, ownerId: event.data.ownerId } };
    case 'PaymentApproved':
    case 'PaymentRejected':
      return { decided: { kind: 'payment', itemId: event.data.paymentId, decidedAt: event.data.decidedAt } };
    case 'ApplicationApproved':
    case 'ApplicationRejected':
      return { decided: { kind: 'application', itemId: event.data.applicationId, decidedAt: event.data.decidedAt } };
    default:
      return null;
  }
};
