import { formatMillions, formatNaira, PAYMENT_ACRES, type PaymentProofForm, PaymentProofFormSchema } from '@acres/contracts';
import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NumberInput } from '@/components/ui/number-input';
import { toast } from '@/components/ui/use-toast';
import { ProofUploadButton } from '@/components/uploader';
import { ApiError } from '@/lib/api-client';
import { useBusinessSettings } from '@/lib/business-settings';
import { describePaymentProofSubmitted } from '@/lib/delivery-copy';
import { scheduleLoginRedirect } from '@/lib/login-redirect';
import { PAYMENTS_KEY, submitPaymentProof } from '../api/payments-api';
import type { Holdings } from '../lib/holdings';
import { DEFAULT_BUSINESS_TERMS } from '@acres/contracts/business-terms';
import { amountForAcres, initialPaymentForm, parseAcresEntry, payableAmount, suggestedAcres } from '../lib/payment-form';
import { PaymentSettledNote } from './payment-settled-note';
import { PaymentInstructions } from './payment-instructions';
import { reportSubmitFailure } from '@/components/form/fields';

/** SPEC 2/4/5/8: acres, the computed amount, the escrow instructions and the proof upload. */
export function PaymentProofCard({ holdings }: { holdings: Holdings }) {
  const suggested = suggestedAcres(holdings);
  const settings = useBusinessSettings().data;
  const channels = settings?.channels;
  // The price per acre in force: the server records the difference from this very figure.
  const { pricePerAcre } = settings?.terms ?? DEFAULT_BUSINESS_TERMS;
  const form = useSchemaForm(PaymentProofFormSchema, initialPaymentForm(suggested));
  const [payingMore, setPayingMore] = useState(false);
  const settled = holdings.appliedAcres !== null && holdings.outstandingAcres === 0 && !payingMore;
  // The applied-for acres arrive after the form starts: follow them until the investor types.
  useEffect(() => {
    if (form.getFieldState('acres').isDirty || form.formState.isSubmitting) return;
    form.reset(initialPaymentForm(suggested, pricePerAcre));
  }, [form, suggested, pricePerAcre]);
  const { mutate } = useSWRConfig();
  const pending = form.formState.isSubmitting;
  const payable = payableAmount(form.watch('acres'), pricePerAcre);
  const amountError = form.formState.errors.amount?.message;

  async function handleSubmit(values: PaymentProofForm) {
    try {
      await submitPaymentProof(values);
      toast({
        variant: 'success',
        title: 'Payment submitted successfully',
        description: describePaymentProofSubmitted(channels),
      });
      form.reset(initialPaymentForm(suggested, pricePerAcre));
      setPayingMore(false);
      // The answer's position rides on this read: the new payment is in the list.
      await mutate(PAYMENTS_KEY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast({ variant: 'destructive', title: 'Session expired', description: 'Please log in again' });
        scheduleLoginRedirect('/dashboard');
        return;
      }
      reportSubmitFailure(form, error, 'Submission failed', 'Failed to submit payment proof');
    }
  }

  return (
    <Card className="overflow-hidden" data-testid="payment-proof-card">
      <CardHeader className="border-b border-slate-100 bg-gradient-to-br from-white to-brand-50/40 pb-4">
        <CardTitle className="text-xl text-brand-950">Submit Payment Proof</CardTitle>
        <CardDescription>Tell us how many acres you paid for and upload the transfer receipt.</CardDescription>
      </CardHeader>
      <CardContent className="pt-5">
        {settled ? (
          <PaymentSettledNote holdings={holdings} onPayMore={() => setPayingMore(true)} />
        ) : (
          <SchemaForm
            form={form}
            onSubmit={handleSubmit}
            aria-label="Submit Payment Proof"
            data-testid="payment-form"
            className="flex flex-col gap-5"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField<PaymentProofForm>
                name="acres"
                label="Acres"
                required
                hint="Minimum 1 acre, maximum 200 acres"
                render={(control) => (
                  <NumberInput
                    id={control.id}
                    name={control.name}
                    ref={control.ref}
                    onBlur={control.onBlur}
                    aria-invalid={control['aria-invalid']}
                    aria-describedby={control['aria-describedby']}
                    aria-required={control['aria-required']}
                    disabled={pending}
                    min={PAYMENT_ACRES.min}
                    max={PAYMENT_ACRES.max}
                    step={1}
                    fallback={PAYMENT_ACRES.default}
                    value={control.value as number}
                    onValueChange={(entered) => {
                      const acres = parseAcresEntry(entered);
                      control.onChange(acres);
                      form.setValue('amount', amountForAcres(acres, pricePerAcre), {
                        shouldValidate: form.formState.isSubmitted,
                      });
                      // Say at once when the number is out of range (and clear that as soon as it is not).
                      const outOfRange = acres < PAYMENT_ACRES.min || acres > PAYMENT_ACRES.max;
                      if (outOfRange || form.getFieldState('acres').invalid) void form.trigger('acres');
                    }}
                    data-testid="acres-input"
                  />
                )}
              />
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-slate-900" id="amount-label">
                  Amount to pay
                </span>
                <output
                  aria-labelledby="amount-label"
                  className="flex h-11 items-center rounded-lg bg-brand-900 px-3 text-xl font-bold text-white"
                  data-testid="payment-amount-display"
                >
                  {payable === null ? '—' : formatMillions(payable)}
                </output>
                <p className="text-xs text-slate-500">
                  {payable === null
                    ? `Enter ${PAYMENT_ACRES.min} to ${PAYMENT_ACRES.max} acres to see the amount`
                    : `${formatNaira(payable)} at ${formatMillions(pricePerAcre)} per acre`}
                </p>
                {amountError ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {amountError}
                  </p>
                ) : null}
              </div>
            </div>

            <PaymentInstructions amount={payable} />

            <FormField<PaymentProofForm>
              name="proofImagePath"
              label="Proof of payment"
              required
              hint="A photo or screenshot of the bank transfer receipt."
              render={(control) => (
                <ProofUploadButton
                  id={control.id}
                  value={control.value as string}
                  onChange={(objectPath) => {
                    control.onChange(objectPath ?? '');
                    if (form.formState.isSubmitted) void form.trigger('proofImagePath');
                  }}
                  disabled={pending}
                  aria-invalid={control['aria-invalid']}
                  aria-describedby={control['aria-describedby']}
                  label="Upload payment proof"
                  title="Upload payment proof"
                  description="Choose the photo or screenshot of your transfer receipt, then press Upload."
                  data-testid="proof-upload"
                />
              )}
            />

            <FormRootError />
            <Button type="submit" size="lg" disabled={pending} data-testid="payment-submit">
              {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              {pending ? 'Submitting…' : 'Submit Payment Proof'}
            </Button>
          </SchemaForm>
        )}
      </CardContent>
    </Card>
  );
}
