import { type AdminAffiliate, ReactivateAffiliateSchema, SuspendAffiliateSchema } from '@acres/contracts';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TextareaField } from '@/components/form/fields';
import { applyServerErrors, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { changeAffiliateAccount } from '../api/accounts-api';
import { useRefreshAfterSaleDecision } from '../api/affiliates-api';

type Outcome<TIn> = { empty: TIn; done: string; description: string; failed: string };

/**
 * Both account commands end the same way: a toast, an emptied form and fresh lists on success;
 * on refusal the field errors land on the form, anything else in a toast.
 */
function useAccountChange<TIn extends FieldValues, TOut>(
  affiliate: AdminAffiliate,
  form: UseFormReturn<TIn, unknown, TOut>,
  outcome: Outcome<TIn>,
) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAfterSaleDecision();
  return async (change: Parameters<typeof changeAffiliateAccount>[2]) => {
    if (!authorization) return;
    try {
      await changeAffiliateAccount(authorization, affiliate.userId, change);
      toast({ variant: 'success', title: outcome.done, description: outcome.description });
      form.reset(outcome.empty);
      await refresh();
    } catch (error) {
      if (applyServerErrors(form, error) === 0) {
        toast({ variant: 'destructive', title: outcome.failed, description: describeError(error) });
      }
    }
  };
}

function SuspendForm({ affiliate }: { affiliate: AdminAffiliate }) {
  const form = useSchemaForm(SuspendAffiliateSchema, { reason: '' });
  const send = useAccountChange(affiliate, form, {
    empty: { reason: '' },
    done: 'Affiliate suspended',
    description: `${affiliate.fullName} can no longer report sales.`,
    failed: 'Suspension failed',
  });
  return (
    <SchemaForm
      form={form}
      className="flex flex-col gap-3"
      data-testid="affiliate-suspend-form"
      onSubmit={(values) => send({ kind: 'suspend', ...values })}
    >
      <TextareaField
        name="reason"
        label="Reason for suspending"
        required
        hint="Kept in the audit trail with your username."
        controlProps={{ rows: 2, 'data-testid': 'affiliate-suspend-reason' }}
      />
      <FormRootError />
      <Button
        type="submit"
        variant="destructive"
        className="self-start"
        disabled={form.formState.isSubmitting}
        data-testid="affiliate-suspend"
      >
        {form.formState.isSubmitting ? 'Suspending…' : 'Suspend affiliate'}
      </Button>
    </SchemaForm>
  );
}

function ReactivateForm({ affiliate }: { affiliate: AdminAffiliate }) {
  const form = useSchemaForm(ReactivateAffiliateSchema, { notes: '' });
  const send = useAccountChange(affiliate, form, {
    empty: { notes: '' },
    done: 'Affiliate reactivated',
    description: `${affiliate.fullName} can report sales again.`,
    failed: 'Reactivation failed',
  });
  return (
    <SchemaForm
      form={form}
      className="flex flex-col gap-3"
      data-testid="affiliate-reactivate-form"
      onSubmit={(values) => send({ kind: 'reactivate', ...values })}
    >
      <TextareaField name="notes" label="Notes" controlProps={{ rows: 2, 'data-testid': 'affiliate-reactivate-notes' }} />
      <FormRootError />
      <Button type="submit" className="self-start" disabled={form.formState.isSubmitting} data-testid="affiliate-reactivate">
        {form.formState.isSubmitting ? 'Reactivating…' : 'Reactivate affiliate'}
      </Button>
    </SchemaForm>
  );
}

/** Suspend (no more sale reports) or reactivate the account: each an admin command in the event log. */
export function AffiliateAccountActions({ affiliate }: { affiliate: AdminAffiliate }) {
  return (
    <DetailSection title="Account">
      {/* Keyed by status: the other form starts empty once the list shows the change. */}
      {affiliate.status === 'suspended' ? (
        <ReactivateForm key="reactivate" affiliate={affiliate} />
      ) : (
        <SuspendForm key="suspend" affiliate={affiliate} />
      )}
    </DetailSection>
  );
}
