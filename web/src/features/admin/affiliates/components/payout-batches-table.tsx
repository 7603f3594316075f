import { formatNaira, MarkPayoutBatchPaidSchema, type PayoutBatch } from '@acres/contracts';
import { Download } from 'lucide-react';
import { applyServerErrors, FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { formatDate, formatDateTime } from '@/features/admin/shell/lib/format-date';
import { describeError } from '@/lib/problem';
import { downloadPayoutCsv, markPayoutBatchPaid, useRefreshAfterPayout } from '../api/payouts-api';

/** Record the bank's transfer reference: the batch is paid once (the server answers 409 after). */
function MarkPaidForm({ batch }: { batch: PayoutBatch }) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAfterPayout();
  const form = useSchemaForm(MarkPayoutBatchPaidSchema, { transferReference: '' });
  return (
    <SchemaForm
      form={form}
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (values) => {
        if (!authorization) return;
        try {
          await markPayoutBatchPaid(authorization, batch.id, values);
          toast({
            variant: 'success',
            title: 'Payout marked paid',
            description: `${batch.reference}: ${values.transferReference}`,
          });
        } catch (error) {
          if (applyServerErrors(form, error) === 0) {
            toast({ variant: 'destructive', title: 'Could not mark paid', description: describeError(error) });
          }
        }
        await refresh();
      }}
    >
      <FormField
        name="transferReference"
        label="Transfer reference"
        data-testid="payout-transfer-reference"
        inputProps={{ className: 'w-48' }}
      />
      <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid="payout-mark-paid">
        {form.formState.isSubmitting ? 'Saving…' : 'Mark paid'}
      </Button>
      <FormRootError className="basis-full" />
    </SchemaForm>
  );
}

function BatchCard({ batch }: { batch: PayoutBatch }) {
  const authorization = useAdminAuthorization();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="payout-batch">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold break-all text-brand-900" data-testid="payout-reference">
            {batch.reference}
          </p>
          <p className="text-sm text-slate-600">
            Up to {batch.upTo} · {batch.commissions} commission{batch.commissions === 1 ? '' : 's'} · {batch.affiliates} affiliate
            {batch.affiliates === 1 ? '' : 's'} · created {formatDateTime(batch.createdAt)} by {batch.createdBy}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-lg font-bold text-slate-900 tabular-nums" data-testid="payout-total">
            {formatNaira(batch.total)}
          </span>
          <Badge variant={batch.status === 'paid' ? 'success' : 'warning'} data-testid="payout-status">
            {batch.status === 'paid' ? 'Paid' : 'Awaiting transfer'}
          </Badge>
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={!authorization}
          data-testid="payout-export"
          onClick={() => {
            if (!authorization) return;
            downloadPayoutCsv(authorization, batch.id).then(
              () => toast({ variant: 'success', title: 'Export successful', description: 'CSV file has been downloaded' }),
              () => toast({ variant: 'destructive', title: 'Export failed' }),
            );
          }}
        >
          <Download aria-hidden className="size-4" /> Bank CSV
        </Button>
        {batch.status === 'paid' ? (
          <p className="text-sm text-slate-700" data-testid="payout-paid">
            Paid {batch.paidAt ? formatDate(batch.paidAt) : ''} · ref <span className="font-mono">{batch.transferReference}</span>
            {batch.paidBy ? ` · by ${batch.paidBy}` : ''}
          </p>
        ) : (
          <MarkPaidForm batch={batch} />
        )}
      </div>
    </li>
  );
}

export function PayoutBatchesList({ batches }: { batches: readonly PayoutBatch[] }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="payout-batches">
      {batches.map((batch) => (
        <BatchCard key={batch.id} batch={batch} />
      ))}
    </ul>
  );
}
