import { type AdminAffiliate, ReactivateAffiliateSchema, SuspendAffiliateSchema } from '@acres/contracts';
import { TextareaField } from '@/components/form/fields';
import { applyServerErrors, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { changeAffiliateAccount } from '../api/accounts-api';
import { useRefreshAfterSaleDecision } from '../api/affiliates-api';

function SuspendForm({ affiliate }: { affiliate: AdminAffiliate }) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAfterSaleDecision();
  const form = useSchemaForm(SuspendAffiliateSchema, { reason: '' });
  return (
    <SchemaForm
      form={form}
      className="flex flex-col gap-3"
      data-testid="affiliate-suspend-form"
      onSubmit={async (values) => {
        if (!authorization) return;
        try {
          await changeAffiliateAccount(authorization, affiliate.userId, { kind: 'suspend', ...values });
          toast({
            variant: 'success',
            title: 'Affiliate suspended',
            description: `${affiliate.fullName} can no longer report sales.`,
          });
          form.reset({ reason: '' });
          await refresh();
        } catch (error) {
          if (applyServerErrors(form, error) === 0) {
            toast({ variant: 'destructive', title: 'Suspension failed', description: describeError(error) });
          }
        }
      }}
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
  const authorization = useAdminAuthorization();
  const refresh = useRefreshAfterSaleDecision();
  const form = useSchemaForm(ReactivateAffiliateSchema, { notes: '' });
  return (
    <SchemaForm
      form={form}
      className="flex flex-col gap-3"
      data-testid="affiliate-reactivate-form"
      onSubmit={async (values) => {
        if (!authorization) return;
        try {
          await changeAffiliateAccount(authorization, affiliate.userId, { kind: 'reactivate', ...values });
          toast({
            variant: 'success',
            title: 'Affiliate reactivated',
            description: `${affiliate.fullName} can report sales again.`,
          });
          form.reset({ notes: '' });
          await refresh();
        } catch (error) {
          if (applyServerErrors(form, error) === 0) {
            toast({ variant: 'destructive', title: 'Reactivation failed', description: describeError(error) });
          }
        }
      }}
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
