import type { ApplicationDecisionStatus, DomainEventOf } from '@acres/contracts';
import type { ConsentRecorded } from '../consent/consent-given.ts';
import { assertNever } from '../decider.ts';

// What an application's stream holds and how it folds: shared by the submission and the review.

export type ApplicationSubmitted = DomainEventOf<'ApplicationSubmitted'>;
export type ApplicationApproved = DomainEventOf<'ApplicationApproved'>;
export type ApplicationRejected = DomainEventOf<'ApplicationRejected'>;
export type ApplicationEvent = ApplicationSubmitted | ApplicationApproved | ApplicationRejected | ConsentRecorded;

/** One stream per lower-cased email, so "submitted" means "this email has applied". */
export type ApplicationState =
  | { status: 'none' }
  | { status: 'submitted'; applicationId: string; applicationNumber: string; decision: ApplicationDecisionStatus | null };

export const initialApplicationState: ApplicationState = { status: 'none' };

export const evolveApplication = (state: ApplicationState, event: ApplicationEvent): ApplicationState => {
  switch (event.type) {
    case 'ApplicationSubmitted':
      return {
        status: 'submitted',
        applicationId: event.data.applicationId,
        applicationNumber: event.data.applicationNumber,
        decision: null,
      };
    case 'ApplicationApproved':
      return state.status === 'submitted' ? { ...state, decision: 'approved' } : state;
    case 'ApplicationRejected':
      return state.status === 'submitted' ? { ...state, decision: 'rejected' } : state;
    case 'ConsentRecorded':
      return state;
    default:
      return assertNever(event, 'application event');
  }
};
