import type { Payment, PaymentHistoryEntry } from '@acres/contracts';
import { withFailureReason } from '@/features/admin/shell/lib/failure-reason';

export const PAYMENT_UPDATE_TOASTS = {
  success: { title: 'Payment updated', description: 'Payment status has been updated successfully' },
  failure: { title: 'Update failed', description: 'Failed to update payment status' },
} as const;

export type PaymentDecision = {
  status: 'approved' | 'rejected';
  by: string | null;
  at: string | null;
  notes: string | null;
};

/**
 * The decision on a payment, if there is one. The timeline wins over the list row: it
 * is read when the dialog opens, so it also knows about a decision made elsewhere (another
 * admin, another tab) after the list was loaded.
 */
export function decisionOf(payment: Payment, history: readonly PaymentHistoryEntry[] | undefined): PaymentDecision | null {
  const entry = history?.findLast((e) => e.type === 'approved' || e.type === 'rejected');
  if (entry && entry.type !== 'submitted') {
    return { status: entry.type, by: entry.actor, at: entry.at, notes: entry.notes };
  }
  if (payment.status === 'approved' || payment.status === 'rejected') {
    return { status: payment.status, by: payment.approvedBy, at: payment.processedAt, notes: payment.adminNotes };
  }
  return null;
}

/**
 * The failure toast's description (SPEC 8 'Failed to update payment status') followed by
 * why, when the server said (a 409: already decided, the 200-acre or 10-partner limit).
 */
export function describeDecisionFailure(error: unknown): string {
  return withFailureReason(PAYMENT_UPDATE_TOASTS.failure.description, error);
}
