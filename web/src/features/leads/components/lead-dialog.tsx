import { LEAD_FORM_DEFAULTS, type LeadForm, LeadFormSchema } from '@acres/contracts/lead';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useBusinessSettings } from '@/lib/business-settings';
import { useOffer } from '@/lib/use-offer';
import { describeLeadReserved } from '@/lib/delivery-copy';
import { createRandomId } from '@/lib/random-id';
import { getReferralCode } from '@/lib/referral';
import { submitLead } from '../api/submit-lead';
import { LeadFormFields } from './lead-form-fields';
import { LeadSuccessDialog } from './lead-success-dialog';
import { reportSubmitFailure } from '@/components/form/fields';
import { LEAD_DIALOG_PROMISE, packagePromise } from '@acres/contracts/package-promise-texts';

export type LeadDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Reserve Your Slot (SPEC section 2). Cannot be closed while the submit is pending. */
export function LeadDialog({ open, onOpenChange }: LeadDialogProps) {
  // Starts at the minimum allocation in force (SPEC's until the settings have loaded).
  const { minimumAcres, terms } = useOffer();
  const form = useSchemaForm(LeadFormSchema, { ...LEAD_FORM_DEFAULTS, intendedAcres: minimumAcres });

  const [pending, setPending] = useState(false);
  const settings = useBusinessSettings().data;
  const channels = settings?.channels;
  const intro = packagePromise(LEAD_DIALOG_PROMISE, settings?.packageReady ?? false);
  const [reservedAcres, setReservedAcres] = useState<number | null>(null);
  // One key per reservation attempt: a retry after a lost answer is not stored twice.
  const idempotencyKey = useRef(createRandomId());

  async function handleSubmit(values: LeadForm) {
    setPending(true);
    try {
      await submitLead({ values, referralCode: getReferralCode(), idempotencyKey: idempotencyKey.current, terms });
      idempotencyKey.current = createRandomId();
      form.reset();
      toast({
        variant: 'success',
        title: 'Success!',
        description: describeLeadReserved(channels),
      });
      onOpenChange(false);
      setReservedAcres(values.intendedAcres);
    } catch (error) {
      reportSubmitFailure(form, error, 'Submission failed', 'Please try again or contact us directly.');
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) onOpenChange(next);
        }}
      >
        <DialogContent preventClose={pending} className="max-w-2xl" data-testid="lead-dialog">
          <DialogHeader>
            <DialogTitle>Reserve Your Slot</DialogTitle>
            <DialogDescription>{intro}</DialogDescription>
          </DialogHeader>
          <SchemaForm form={form} onSubmit={handleSubmit} aria-label="Reserve Your Slot" data-testid="lead-form">
            <LeadFormFields disabled={pending} />
            <FormRootError className="mt-4" />
            <div className="mt-6 flex flex-col gap-3">
              <Button type="submit" size="lg" disabled={pending} data-testid="lead-submit">
                {pending ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                    Submitting…
                  </>
                ) : (
                  'Reserve My Slot'
                )}
              </Button>
              <p className="flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
                <ShieldCheck className="size-3.5 text-brand-600" aria-hidden="true" />
                No payment now. Funds are only ever paid into regulated escrow.
              </p>
            </div>
          </SchemaForm>
        </DialogContent>
      </Dialog>
      <LeadSuccessDialog
        acres={reservedAcres}
        onOpenChange={(next) => {
          if (!next) setReservedAcres(null);
        }}
      />
    </>
  );
}
