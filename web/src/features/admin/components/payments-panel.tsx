import { Receipt } from 'lucide-react';
import { EmptyState } from './empty-state';

/**
 * Payment proofs awaiting review. GET /api/admin/payments and the review dialog
 * (details, proof image, admin notes, Cancel / Reject / Approve) arrive with the
 * payments issue: it replaces this body with a list built like ApplicationsPanel
 * (adminPaymentsKey and fetchers.payments are ready in api/admin-api.ts; add a
 * useAdminPayments hook, a DataTable and Pagination) and a PaymentReviewDialog,
 * keeping the empty state below for a list with no rows.
 */
export function PaymentsPanel() {
  return (
    <section aria-label="Payments" className="flex flex-col gap-4">
      <EmptyState icon={Receipt} title="No payment proofs yet" data-testid="payments-empty">
        When investors submit proof of payment from their dashboard, it appears here for you to approve or reject.
      </EmptyState>
    </section>
  );
}
