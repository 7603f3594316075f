import { Banknote } from 'lucide-react';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useAdminPayoutBatches } from '../api/payouts-api';
import { PayoutBatchesList } from './payout-batches-table';
import { PayoutCreateForm } from './payout-create-form';

/** Payouts: gather verified, unpaid commissions into a batch, export it for the bank, mark it paid. */
export function PayoutsSection() {
  const { data, error, mutate } = useAdminPayoutBatches();

  let body;
  if (error && !data) body = <PanelError what="payout batches" error={error} onRetry={() => void mutate()} />;
  else if (!data) body = <ListSkeleton rows={2} />;
  else if (data.batches.length === 0)
    body = (
      <EmptyState icon={Banknote} title="No payout batches yet" data-testid="payouts-empty">
        Create one from the verified commissions above; export it for the bank, then mark it paid with the transfer reference.
      </EmptyState>
    );
  else body = <PayoutBatchesList batches={data.batches} />;

  return (
    <section aria-labelledby="affiliate-payouts-heading" className="flex flex-col gap-4" data-testid="payouts-section">
      <div>
        <h2 id="affiliate-payouts-heading" className="text-lg font-semibold text-brand-950">
          Payouts
        </h2>
        <p className="text-sm text-slate-600">Pay verified commissions in batches: one bank transfer run each.</p>
      </div>
      <PayoutCreateForm />
      {body}
    </section>
  );
}
