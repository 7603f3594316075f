import {
  ApproveApplicationRequestSchema,
  RejectApplicationRequestSchema,
  type ApplicationDecisionStatus,
  type ApproveApplicationRequest,
  type RejectApplicationRequest,
} from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { throwIfInvalid } from '../validation.ts';
import type { ApplicationEvent, ApplicationState } from './state.ts';

// The admin's review: an application is approved or rejected once, in its own stream.

export type ApproveApplication = {
  type: 'ApproveApplication';
  applicationId: string;
  decision: ApproveApplicationRequest;
  decidedBy: string;
  now: Date;
};
export type RejectApplication = {
  type: 'RejectApplication';
  applicationId: string;
  decision: RejectApplicationRequest;
  decidedBy: string;
  now: Date;
};
export const APPLICATION_NOT_FOUND_MESSAGE = 'Application not found';
export const applicationAlreadyDecidedMessage = (decision: ApplicationDecisionStatus) =>
  `This application has already been ${decision}; a decision cannot be changed`;

/** The contract's rules again, so a command built anywhere but the route is held to them too. */
const validateDecision = (command: ApproveApplication | RejectApplication) => {
  const schema = command.type === 'ApproveApplication' ? ApproveApplicationRequestSchema : RejectApplicationRequestSchema;
  const parsed = schema.safeParse(command.decision);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  throwIfInvalid(errors);
  return command.decision;
};

export const decideOnApplication = (
  command: ApproveApplication | RejectApplication,
  state: ApplicationState,
): ApplicationEvent[] => {
  if (state.status !== 'submitted' || state.applicationId !== command.applicationId) {
    throw new DomainError('not_found', APPLICATION_NOT_FOUND_MESSAGE);
  }
  if (state.decision) throw new DomainError('already_decided', applicationAlreadyDecidedMessage(state.decision));
  const decision = validateDecision(command);
  const data = {
    applicationId: state.applicationId,
    applicationNumber: state.applicationNumber,
    notes: decision.notes,
    decidedBy: command.decidedBy,
    decidedAt: command.now.toISOString(),
  };
  if (command.type === 'ApproveApplication') {
    const approval = decision as ApproveApplicationRequest;
    return [
      {
        type: 'ApplicationApproved',
        data: { ...data, amountVerified: approval.amountVerified, escrowReceiptNumber: approval.escrowReceiptNumber },
      },
    ];
  }
  const rejection = decision as RejectApplicationRequest;
  return [
    {
      type: 'ApplicationRejected',
      data: { ...data, amountVerified: rejection.amountVerified, escrowReceiptNumber: rejection.escrowReceiptNumber },
    },
  ];
};
