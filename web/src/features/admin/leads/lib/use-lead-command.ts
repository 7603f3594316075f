import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { reportSubmitFailure } from '@/components/form/fields';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization, useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';
import { isLeadsKey, sendLeadCommand, type LeadAction } from '../api/leads-api';

/**
 * Sends one of the lead's pipeline commands from its form: on success a toast, the form
 * emptied and every leads read fetched again (list, overdue strip, timeline, figures); on a
 * refusal the fields the server named show its words.
 */
export function useLeadCommand<TIn extends FieldValues, TOut>(options: {
  leadId: string;
  action: LeadAction;
  form: UseFormReturn<TIn, unknown, TOut>;
  done: string;
  failed: string;
}) {
  const authorization = useAdminAuthorization();
  const refresh = useRefreshMatching(isLeadsKey);
  return async (values: TOut) => {
    if (!authorization) return;
    try {
      await sendLeadCommand(authorization, options.leadId, options.action, values);
      toast({ variant: 'success', title: options.done });
      options.form.reset();
      await refresh();
    } catch (error) {
      reportSubmitFailure(options.form, error, options.failed, 'Please try again.');
    }
  };
}
