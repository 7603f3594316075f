import { formatMillions, MAX_NOTES_LENGTH, type Payment } from '@acres/contracts';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { updatePaymentStatus, useAdminPaymentHistory, useRefreshAfterDecision } from '../api/payments-api';
import { useAdminErrorHandler } from '@/features/admin/shell/api/use-admin-query';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { decisionOf, describeDecisionFailure, PAYMENT_UPDATE_TOASTS } from '../lib/payment-review';
import { useAdminImage } from '@/features/admin/shell/lib/use-admin-image';
import { AdminImagePreview } from '@/features/admin/shell/components/admin-image-preview';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { DecisionSummary, PaymentDetails } from './payment-details';
import { PaymentTimeline } from './payment-timeline';
import { acresLabel, submitterName } from './payments-table';
import { StatusBadge } from '@/features/admin/shell/components/status-badge';

type Decision = 'approved' | 'rejected';

function PaymentReview({ payment, onClose, onBusyChange }: { payment: Payment; onClose: () => void; onBusyChange: (busy: boolean) => void }) {
  const authorization = useAdminSession().session?.authorization ?? '';
  const history = useAdminPaymentHistory(payment.id);
  const proof = useAdminImage(payment.proofImagePath);
  const refresh = useRefreshAfterDecision();
  const onAuthError = useAdminErrorHandler();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notesId = useId();

  const decision = decisionOf(payment, history.data);
  const status = decision?.status ?? payment.status;
  const busy = pending !== null;

  const decide = async (next: Decision) => {
    if (busy || decision) return;
    setPending(next);
    onBusyChange(true);
    setFailure(null);
    try {
      await updatePaymentStatus(authorization, payment.id, { status: next, adminNotes: notes.trim() });
      toast({ variant: 'success', ...PAYMENT_UPDATE_TOASTS.success });
      void refresh().catch(() => undefined);
      onBusyChange(false);
      onClose();
    } catch (error) {
      setPending(null);
      onBusyChange(false);
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        onAuthError(error);
        return;
      }
      const description = describeDecisionFailure(error);
      setFailure(description);
      toast({ variant: 'destructive', title: PAYMENT_UPDATE_TOASTS.failure.title, description });
      // A 409 may mean someone else decided meanwhile: show what is true now.
      void refresh().catch(() => undefined);
    }
  };

  return (
    <>
      <DialogHeader className="mb-0 border-b border-slate-200 px-5 pt-5 pr-14 pb-4 sm:px-6 sm:pt-6 sm:pr-14">
        <DialogTitle>{submitterName(payment)}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span data-testid="payment-review-status">
            <StatusBadge status={status} />
          </span>
          <span className="font-medium text-slate-800">
            {acresLabel(payment.acres)} · {formatMillions(payment.amount)}
          </span>
          <span className="w-full sm:w-auto">Submitted {formatDateTime(payment.submittedAt)}</span>
        </DialogDescription>
      </DialogHeader>

      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6" data-testid="payment-review-body">
        <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <section aria-label="Payment proof" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-brand-900">Payment proof</h3>
            <AdminImagePreview image={proof} label="Payment proof" testId="payment-proof-image" />
          </section>
          <section aria-label="Details" className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-brand-900">Details</h3>
            <PaymentDetails payment={payment} />
          </section>
        </div>

        <DetailSection title="History">
          <PaymentTimeline entries={history.data} error={history.error} loading={history.isLoading} />
        </DetailSection>

        <DetailSection title={decision ? 'Decision' : 'Review'}>
          {decision ? (
            // The timeline above already shows the notes; repeat them only when it could not load.
            <DecisionSummary decision={decision} showNotes={!history.data} />
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={notesId}>Admin notes</Label>
              <Textarea
                id={notesId}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                maxLength={MAX_NOTES_LENGTH}
                disabled={busy}
                placeholder="Why you approve or reject this proof. The investor sees these notes."
                data-testid="payment-admin-notes"
              />
            </div>
          )}
          {failure ? (
            <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="payment-review-error">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {failure}
            </p>
          ) : null}
        </DetailSection>
      </div>

      {/* Pinned below the scrolling body: the decision buttons never scroll out of reach. */}
      <div className="grid grid-cols-3 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onClose} disabled={busy} className="px-3 sm:px-5" data-testid="payment-review-cancel">
          {decision ? 'Close' : 'Cancel'}
        </Button>
        <Button
          variant="destructive"
          onClick={() => void decide('rejected')}
          disabled={busy || decision !== null}
          className="px-3 sm:px-5"
          data-testid="payment-review-reject"
        >
          {pending === 'rejected' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          {pending === 'rejected' ? 'Rejecting…' : 'Reject'}
        </Button>
        <Button
          onClick={() => void decide('approved')}
          disabled={busy || decision !== null}
          className="px-3 sm:px-5"
          data-testid="payment-review-approve"
        >
          {pending === 'approved' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          {pending === 'approved' ? 'Approving…' : 'Approve'}
        </Button>
      </div>
    </>
  );
}

/** SPEC 2: the payment's details, its proof image, admin notes, and Cancel / Reject / Approve. */
export function PaymentReviewDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {payment ? (
        <DialogContent
          className="max-w-3xl gap-0 overflow-hidden p-0 sm:p-0"
          preventClose={busy}
          closeLabel="Close payment review"
          ref={contentRef}
          // The dialog itself takes focus: landing in the notes would open a phone's keyboard over the proof.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          data-testid="payment-review"
        >
          {/* Keyed by payment: notes typed for one payment never carry over to another. */}
          <PaymentReview key={payment.id} payment={payment} onClose={onClose} onBusyChange={setBusy} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
