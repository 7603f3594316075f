import { type AdminAffiliateSale, formatNaira, MAX_NOTES_LENGTH } from '@acres/contracts';
import { CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { updateAffiliateSaleStatus, useRefreshAfterSaleDecision } from '../api/affiliates-api';
import { useAdminErrorHandler } from '@/features/admin/shell/api/use-admin-query';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { CommissionPreview, SaleDecisionSummary, SaleReviewDetails } from './sale-review-details';
import {
  decisionFromConflict,
  describeSaleDecisionFailure,
  saleAcresLabel,
  saleDecisionOf,
  type SaleDecision,
  type SaleDecisionStatus,
  saleUpdatedToast,
  SALE_UPDATE_TOASTS,
} from '../lib/sale-review-model';
import { StatusBadge } from '@/features/admin/shell/components/status-badge';

type ReviewProps = {
  sale: AdminAffiliateSale;
  verifiedSoFar: number | undefined;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
};

function SaleReview({ sale, verifiedSoFar, onClose, onBusyChange }: ReviewProps) {
  const authorization = useAdminSession().session?.authorization ?? '';
  const refresh = useRefreshAfterSaleDecision();
  const onAuthError = useAdminErrorHandler();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<SaleDecisionStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A 409 said the sale was decided elsewhere; the row may not show it yet (a Pending list drops it).
  const [decidedElsewhere, setDecidedElsewhere] = useState<SaleDecisionStatus | null>(null);
  const notesId = useId();

  const fromRow = saleDecisionOf(sale);
  const decision: SaleDecision | null =
    fromRow ??
    (decidedElsewhere
      ? { status: decidedElsewhere, by: null, at: null, notes: null, rateBps: null, commission: null }
      : null);
  const busy = pending !== null;

  const decide = async (next: SaleDecisionStatus) => {
    if (busy || decision) return;
    setPending(next);
    onBusyChange(true);
    setFailure(null);
    try {
      const answer = await updateAffiliateSaleStatus(authorization, sale.id, { status: next, notes: notes.trim() });
      toast({ variant: 'success', ...saleUpdatedToast(answer, sale.affiliateName) });
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
      const description = describeSaleDecisionFailure(error);
      setFailure(description);
      setDecidedElsewhere(decisionFromConflict(error));
      toast({ variant: 'destructive', title: SALE_UPDATE_TOASTS.failure.title, description });
      // A 409 means someone decided meanwhile: show what is true now.
      void refresh().catch(() => undefined);
    }
  };

  return (
    <>
      <DialogHeader className="mb-0 border-b border-slate-200 px-5 pt-5 pr-14 pb-4 sm:px-6 sm:pt-6 sm:pr-14">
        <DialogTitle>{sale.clientName}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span data-testid="sale-review-status">
            <StatusBadge status={decision?.status ?? sale.status} />
          </span>
          <span className="font-medium text-slate-800">
            {saleAcresLabel(sale.acresPurchased)} · {formatNaira(sale.amount)}
          </span>
          <span className="w-full sm:w-auto">Reported {formatDateTime(sale.reportedAt)}</span>
        </DialogDescription>
      </DialogHeader>

      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6" data-testid="sale-review-body">
        <section aria-label="Sale details" className="flex flex-col gap-3">
          <SaleReviewDetails sale={sale} />
        </section>

        <DetailSection title={decision ? 'Decision' : 'Review'}>
          {decision ? (
            <SaleDecisionSummary decision={decision} known={fromRow !== null} />
          ) : (
            <>
              <CommissionPreview sale={sale} verifiedSoFar={verifiedSoFar} />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={notesId}>Notes</Label>
                <Textarea
                  id={notesId}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  maxLength={MAX_NOTES_LENGTH}
                  disabled={busy}
                  placeholder="What you checked, e.g. the receipt or the call with the client. Kept with the sale."
                  data-testid="sale-review-notes"
                />
              </div>
            </>
          )}
          {failure ? (
            <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="sale-review-error">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {failure}
            </p>
          ) : null}
        </DetailSection>
      </div>

      {/* Pinned below the scrolling body: the decision buttons never scroll out of reach. */}
      <div className="grid grid-cols-3 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onClose} disabled={busy} className="px-3 sm:px-5" data-testid="sale-review-cancel">
          {decision ? 'Close' : 'Cancel'}
        </Button>
        <Button
          variant="destructive"
          onClick={() => void decide('rejected')}
          disabled={busy || decision !== null}
          className="px-3 sm:px-5"
          data-testid="sale-review-reject"
        >
          {pending === 'rejected' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          {pending === 'rejected' ? 'Rejecting…' : 'Reject'}
        </Button>
        <Button
          onClick={() => void decide('verified')}
          disabled={busy || decision !== null}
          className="px-3 sm:px-5"
          data-testid="sale-review-verify"
        >
          {pending === 'verified' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          {pending === 'verified' ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
    </>
  );
}

/** A reported sale: its details, notes, and Cancel / Reject / Verify (DESIGN 9: decided once). */
export function SaleReviewDialog({
  sale,
  verifiedSoFar,
  onClose,
}: {
  sale: AdminAffiliateSale | null;
  /** The affiliate's verified sales before this one, when the affiliates list knows it. */
  verifiedSoFar: number | undefined;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={sale !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {sale ? (
        <DialogContent
          className="max-w-2xl gap-0 overflow-hidden p-0 sm:p-0"
          preventClose={busy}
          closeLabel="Close sale review"
          ref={contentRef}
          // The dialog itself takes focus: landing in the notes would open a phone's keyboard over the details.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          data-testid="sale-review"
        >
          {/* Keyed by sale: notes typed for one sale never carry over to another. */}
          <SaleReview key={sale.id} sale={sale} verifiedSoFar={verifiedSoFar} onClose={onClose} onBusyChange={setBusy} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
