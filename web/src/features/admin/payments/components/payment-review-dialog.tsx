import { formatMillions, formatNaira, type Payment } from '@acres/contracts';
import { ListFilter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AdminImagePreview } from '@/features/admin/shell/components/admin-image-preview';
import { APPROVE, DecisionReview, ReviewDialog } from '@/features/admin/shell/components/decision-dialog';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { useAdminImage } from '@/features/admin/shell/lib/use-admin-image';
import { useDecision } from '@/features/admin/shell/lib/use-decision';
import { updatePaymentStatus, useAdminPaymentHistory, useRefreshAfterDecision } from '../api/payments-api';
import { decisionOf, describeDecisionFailure, PAYMENT_UPDATE_TOASTS } from '../lib/payment-review';
import { DecisionSummary, PaymentDetails } from './payment-details';
import { PaymentTimeline } from './payment-timeline';
import { acresLabel, submitterName } from './payments-table';
import { ErasePersonalData } from '@/features/admin/erasure/components/erase-personal-data';
import { DownloadSubjectDataButton } from '@/features/admin/shell/components/download-subject-data-button';
import { VerifyAccountEmail } from '@/features/admin/accounts/components/verify-account-email';

function PaymentReview({ payment, onShowInvestor }: { payment: Payment; onShowInvestor: (payment: Payment) => void }) {
  const history = useAdminPaymentHistory(payment.id);
  const proof = useAdminImage(payment.proofImagePath);
  const refresh = useRefreshAfterDecision();
  const decided = decisionOf(payment, history.data);
  const decision = useDecision({
    decided: decided !== null,
    send: (authorization, status: 'approved' | 'rejected', adminNotes) =>
      updatePaymentStatus(authorization, payment.id, { status, adminNotes }),
    successToast: () => PAYMENT_UPDATE_TOASTS.success,
    failureTitle: PAYMENT_UPDATE_TOASTS.failure.title,
    describeFailure: describeDecisionFailure,
    refresh,
  });

  return (
    <DecisionReview
      decision={decision}
      title={submitterName(payment)}
      status={decided?.status ?? payment.status}
      summary={
        <>
          {acresLabel(payment.acres)} · {formatMillions(payment.amount)}
        </>
      }
      when={<>Submitted {formatDateTime(payment.submittedAt)}</>}
      // The timeline above already shows the notes; repeat them only when it could not load.
      decisionSummary={decided ? <DecisionSummary decision={decided} showNotes={!history.data} /> : null}
      notesLabel="Admin notes"
      notesPlaceholder="Why you approve or reject this proof. The investor sees these notes."
      notesAudience="investor"
      notesTestId="payment-admin-notes"
      actionsTestId="payment-review"
      approve={APPROVE}
      confirmation={{
        what: 'payment',
        facts: [
          {
            label: 'Investor',
            value: `${submitterName(payment)}${payment.submitterEmail ? ` (${payment.submitterEmail})` : ''}`,
          },
          { label: 'Amount', value: `${formatNaira(payment.amount)} for ${acresLabel(payment.acres)}` },
        ],
        consequences: {
          approve:
            'The investor is told the payment is approved, by email and on their dashboard, and its acres count as secured. This cannot be undone.',
          reject: 'The investor is told the proof was rejected, with your notes. This cannot be undone.',
        },
      }}
      apart={<ErasePersonalData kind="user" id={payment.userId} />}
    >
      <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-label="Payment proof" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-brand-900">Payment proof</h3>
          <AdminImagePreview image={proof} label="Payment proof" testId="payment-proof-image" />
        </section>
        <section aria-label="Details" className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-brand-900">Details</h3>
          <PaymentDetails payment={payment} />
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => onShowInvestor(payment)}
            data-testid="payment-show-investor"
          >
            <ListFilter aria-hidden="true" />
            All payments of this investor
          </Button>
        </section>
      </div>

      <DetailSection title="History">
        <PaymentTimeline entries={history.data} error={history.error} loading={history.isLoading} />
      </DetailSection>
      <VerifyAccountEmail userId={payment.userId} email={payment.submitterEmail} />
      <DownloadSubjectDataButton subject={{ kind: 'user', id: payment.userId }} />
    </DecisionReview>
  );
}

type PaymentReviewDialogProps = {
  payment: Payment | null;
  onClose: () => void;
  /** Narrows the list to this payment's investor (the audit's investor filter). */
  onShowInvestor: (payment: Payment) => void;
};

/** SPEC 2: the payment's details, its proof image, admin notes, and Cancel / Reject / Approve. */
export function PaymentReviewDialog({ payment, onClose, onShowInvestor }: PaymentReviewDialogProps) {
  return (
    <ReviewDialog
      record={payment}
      onClose={onClose}
      closeLabel="Close payment review"
      className="max-w-3xl"
      testId="payment-review"
    >
      {(shown) => <PaymentReview payment={shown} onShowInvestor={onShowInvestor} />}
    </ReviewDialog>
  );
}
