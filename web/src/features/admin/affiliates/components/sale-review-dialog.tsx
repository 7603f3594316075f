import { type AdminAffiliateSale, formatNaira } from '@acres/contracts';
import { useState } from 'react';
import { AdminImagePreview } from '@/features/admin/shell/components/admin-image-preview';
import { DecisionReview, ReviewDialog } from '@/features/admin/shell/components/decision-dialog';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { useAdminImage } from '@/features/admin/shell/lib/use-admin-image';
import { useDecision } from '@/features/admin/shell/lib/use-decision';
import { updateAffiliateSaleStatus, useRefreshAfterSaleDecision } from '../api/affiliates-api';
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
import { CommissionPreview, SaleDecisionSummary, SaleReviewDetails } from './sale-review-details';

type ReviewProps = {
  sale: AdminAffiliateSale;
  verifiedSoFar: number | undefined;
};

function SaleReview({ sale, verifiedSoFar }: ReviewProps) {
  const refresh = useRefreshAfterSaleDecision();
  // A 409 said the sale was decided elsewhere; the row may not show it yet (a Pending list drops it).
  const [decidedElsewhere, setDecidedElsewhere] = useState<SaleDecisionStatus | null>(null);

  const fromRow = saleDecisionOf(sale);
  const decided: SaleDecision | null =
    fromRow ??
    (decidedElsewhere ? { status: decidedElsewhere, by: null, at: null, notes: null, rateBps: null, commission: null } : null);
  // SPEC 5's optional proof: fetched with the admin's credentials like a payment proof.
  const proof = useAdminImage(sale.proofImagePath);
  const decision = useDecision({
    decided: decided !== null,
    send: (authorization, status: SaleDecisionStatus, notes) =>
      updateAffiliateSaleStatus(authorization, sale.id, { status, notes }),
    successToast: (answer) => saleUpdatedToast(answer, sale.affiliateName),
    failureTitle: SALE_UPDATE_TOASTS.failure.title,
    describeFailure: describeSaleDecisionFailure,
    onFailure: (error) => setDecidedElsewhere(decisionFromConflict(error)),
    refresh,
  });

  return (
    <DecisionReview
      decision={decision}
      title={sale.clientName}
      status={decided?.status ?? sale.status}
      summary={
        <>
          {saleAcresLabel(sale.acresPurchased)} · {formatNaira(sale.amount)}
        </>
      }
      when={<>Reported {formatDateTime(sale.reportedAt)}</>}
      decisionSummary={decided ? <SaleDecisionSummary decision={decided} known={fromRow !== null} /> : null}
      preview={<CommissionPreview sale={sale} verifiedSoFar={verifiedSoFar} />}
      notesPlaceholder="What you checked, e.g. the receipt or the call with the client. Kept with the sale."
      notesAudience="affiliate"
      notesTestId="sale-review-notes"
      actionsTestId="sale-review"
      approve={VERIFY}
      confirmation={{
        what: 'sale',
        facts: [
          { label: 'Affiliate', value: sale.affiliateName ?? 'Affiliate' },
          { label: 'Client', value: sale.clientName },
          { label: 'Sale', value: `${saleAcresLabel(sale.acresPurchased)} · ${formatNaira(sale.amount)}` },
        ],
        consequences: {
          approve:
            'The affiliate is told the sale is verified, by email, and its commission is owed in the next payout batch. This cannot be undone.',
          reject: 'The affiliate is told the sale was rejected, with your notes. This cannot be undone.',
        },
      }}
    >
      <section aria-label="Sale details" className="flex flex-col gap-3">
        <SaleReviewDetails sale={sale} />
      </section>
      {sale.proofImagePath ? (
        <section aria-label="Sale proof" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-brand-900">Sale proof</h3>
          <AdminImagePreview image={proof} label="Sale proof" testId="sale-proof-image" />
        </section>
      ) : null}
    </DecisionReview>
  );
}

const VERIFY = { status: 'verified', label: 'Verify', pendingLabel: 'Verifying…' } as const;

type SaleReviewDialogProps = {
  sale: AdminAffiliateSale | null;
  /** The affiliate's verified sales before this one, when the affiliates list knows it. */
  verifiedSoFar: number | undefined;
  onClose: () => void;
};

/** A reported sale: its details, notes, and Cancel / Reject / Verify (DESIGN 9: decided once). */
export function SaleReviewDialog({ sale, verifiedSoFar, onClose }: SaleReviewDialogProps) {
  return (
    <ReviewDialog record={sale} onClose={onClose} closeLabel="Close sale review" className="max-w-2xl" testId="sale-review">
      {(shown) => <SaleReview sale={shown} verifiedSoFar={verifiedSoFar} />}
    </ReviewDialog>
  );
}
