import { formatNaira, UnpaidCommissionsQuerySchema } from '@acres/contracts';
import { useState } from 'react';
import { FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { createPayoutBatch, useRefreshAfterPayout, useUnpaidCommissions } from '../api/payouts-api';
import { lagosToday } from '../lib/payout-format';

/**
 * Choose the date, see the verified commissions no batch holds yet up to its end, and
 * gather them into one batch. The server checks each against its sale's stream and
 * refuses (409) a commission another batch took meanwhile.
 */
export function PayoutCreateForm() {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAfterPayout();
  const form = useSchemaForm(UnpaidCommissionsQuerySchema, { upTo: lagosToday() });
  const [upTo, setUpTo] = useState(lagosToday());
  const unpaid = useUnpaidCommissions(upTo);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const commissions = unpaid.data?.commissions ?? [];
  const affiliates = [...new Set(commissions.map((each) => each.affiliateName ?? 'Affiliate'))];

  const create = async () => {
    if (!authorization || commissions.length === 0) return;
    setCreating(true);
    try {
      const batch = await createPayoutBatch(authorization, { upTo, saleIds: commissions.map((each) => each.saleId) });
      toast({
        variant: 'success',
        title: 'Payout batch created',
        description: `${batch.commissions} commission${batch.commissions === 1 ? '' : 's'}, ${formatNaira(batch.total)}.`,
      });
      await refresh();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Payout batch not created', description: describeError(error) });
      await refresh();
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="payout-create">
      <SchemaForm form={form} className="flex flex-wrap items-end gap-3" onSubmit={(values) => setUpTo(values.upTo)}>
        <FormField
          name="upTo"
          label="Verified up to"
          data-testid="payout-up-to"
          inputProps={{ type: 'date', className: 'w-44' }}
        />
        <Button type="submit" variant="outline" data-testid="payout-preview">
          Show unpaid
        </Button>
      </SchemaForm>
      <p className="text-sm text-slate-700" data-testid="payout-unpaid-summary" aria-live="polite">
        {unpaid.data
          ? `${commissions.length} verified, unpaid commission${commissions.length === 1 ? '' : 's'} up to ${upTo}: ${formatNaira(unpaid.data.total)}`
          : 'Loading the unpaid commissions…'}
      </p>
      {commissions.length > 0 ? (
        <ul className="max-h-40 overflow-y-auto text-sm text-slate-600" data-testid="payout-unpaid-list">
          {commissions.map((each) => (
            <li key={each.saleId} className="flex justify-between gap-3 border-b border-slate-100 py-1">
              <span className="truncate">
                {each.affiliateName ?? 'Affiliate'} · {each.clientName}
              </span>
              <span className="tabular-nums">{formatNaira(each.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button
        className="self-start"
        disabled={creating || commissions.length === 0}
        onClick={() => setConfirming(true)}
        data-testid="payout-create-batch"
      >
        {creating ? 'Creating…' : 'Create payout batch'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void create();
        }}
        title="Create this payout batch?"
        facts={[
          { label: affiliates.length === 1 ? 'Affiliate' : `Affiliates (${affiliates.length})`, value: affiliates.join(', ') },
          { label: 'Commissions', value: `${commissions.length}, verified up to ${upTo}` },
          { label: 'Total to pay', value: formatNaira(unpaid.data?.total ?? 0) },
        ]}
        consequence="These commissions are gathered into one batch to pay, and no other batch can take them. This cannot be undone."
        confirmLabel="Yes, create the batch"
        testId="payout-confirm"
      />
    </div>
  );
}
