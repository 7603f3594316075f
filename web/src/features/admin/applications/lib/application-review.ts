import {
  ApproveApplicationRequestSchema,
  type ApplicationDecisionStatus,
  RejectApplicationRequestSchema,
} from '@acres/contracts';
import type { ApplicationDecisionRequest } from '../api/applications-api';
import { withFailureReason } from '@/features/admin/shell/lib/failure-reason';

export const APPLICATION_DECISION_TOASTS = {
  approved: { title: 'Application approved', description: 'The applicant now sees it as approved' },
  rejected: { title: 'Application rejected', description: 'The applicant now sees it as rejected' },
  failure: { title: 'Decision failed', description: 'The application was not updated' },
} as const;

/** What the admin types besides the notes; amount starts as the subscription value. */
export type ReviewFields = { amountVerified: number; escrowReceiptNumber: string };

export type FieldProblem = { field: string; message: string };

/** A decision the form's values do not make: the field errors, shown under the fields. */
export class ReviewInvalidError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((problem) => problem.message).join('. '));
  }
}

/**
 * The request body for the chosen decision, checked with the contract's schema (the same
 * rules as the server): approving needs the amount and the receipt; rejecting needs notes
 * and keeps an amount or receipt only when one was entered.
 */
export function buildDecision(
  status: ApplicationDecisionStatus,
  fields: ReviewFields,
  notes: string,
): ApplicationDecisionRequest {
  if (status === 'approved') {
    const parsed = ApproveApplicationRequestSchema.safeParse({ ...fields, notes });
    if (parsed.success) return { status, body: parsed.data };
    throw new ReviewInvalidError(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  }
  const parsed = RejectApplicationRequestSchema.safeParse({
    amountVerified: fields.amountVerified > 0 ? fields.amountVerified : null,
    escrowReceiptNumber: fields.escrowReceiptNumber,
    notes,
  });
  if (parsed.success) return { status, body: parsed.data };
  throw new ReviewInvalidError(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}

/** Why a decision failed: the fields, the server's reason (409: decided already), or the connection. */
export function describeApplicationDecisionFailure(error: unknown): string {
  if (error instanceof ReviewInvalidError) return error.message;
  return withFailureReason(APPLICATION_DECISION_TOASTS.failure.description, error);
}
