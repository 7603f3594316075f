import { type SaleReport, type SaleReportInput, SALE_REPORT_DEFAULTS, saleReportSchemaFor } from '@acres/contracts/affiliate';
import { SALE_ACRES_STEP, SALE_MIN_ACRES, SALE_MIN_AMOUNT } from '@acres/contracts/constants';
import { formatNaira } from '@acres/contracts/money';
import { LoaderCircle, Send } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { NumberField, PhoneField, SelectField, reportSubmitFailure } from '@/components/form/fields';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ProofUploadButton } from '@/components/uploader';
import { useBusinessSettings } from '@/lib/business-settings';
import { useOffer } from '@/lib/use-offer';
import { describeSaleReported } from '@/lib/delivery-copy';
import { createRandomId } from '@/lib/random-id';
import { refreshSalesData, reportSale } from '../api/affiliate-api';
import { todayIso } from '../lib/format';

type Values = SaleReportInput;

const planOptions = [
  { value: 'outright', label: 'Outright' },
  { value: 'installment', label: 'Installment' },
];

/** SPEC 5 defaults: 1 acre, ₦500,000, today, paid outright. */
function initialSaleReport(): Values {
  return { ...SALE_REPORT_DEFAULTS, transactionDate: todayIso() };
}

export type ReportSaleDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Report New Sale (SPEC 2, 5): cannot be closed while the report is being sent. */
export function ReportSaleDialog({ open, onOpenChange }: ReportSaleDialogProps) {
  // At most the project's acres in force (SPEC's 200 until the owner's terms load).
  const { terms } = useOffer();
  const schema = useMemo(() => saleReportSchemaFor(terms), [terms]);
  const form = useSchemaForm(schema, initialSaleReport());
  const channels = useBusinessSettings().data?.channels;
  const pending = form.formState.isSubmitting;
  const amount = form.watch('amountPaid');
  // One key per report: a retry after a lost answer does not report the sale twice.
  const idempotencyKey = useRef(createRandomId());

  async function handleSubmit(values: SaleReport) {
    try {
      await reportSale(values, idempotencyKey.current);
      idempotencyKey.current = createRandomId();
      toast({ variant: 'success', title: 'Sale Reported Successfully!', description: describeSaleReported(channels) });
      form.reset(initialSaleReport());
      onOpenChange(false);
      // The answer's position rides on these reads: the new sale is in them.
      await refreshSalesData();
    } catch (error) {
      reportSubmitFailure(form, error, 'Failed to Report Sale', 'Please try again.');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent preventClose={pending} className="max-w-xl" data-testid="report-sale-dialog">
        <DialogHeader>
          <DialogTitle>Report New Sale</DialogTitle>
          <DialogDescription>
            Tell us about a sale to a client you referred. We verify it against the escrow account.
          </DialogDescription>
        </DialogHeader>
        <SchemaForm form={form} onSubmit={handleSubmit} aria-label="Report New Sale" data-testid="report-sale-form">
          <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
            <FormField<Values>
              name="clientName"
              label="Client name"
              required
              inputProps={{ autoComplete: 'off', placeholder: 'e.g. Chinedu Eze' }}
            />
            <PhoneField<Values> name="clientPhone" label="Client phone" required controlProps={{ autoComplete: 'off' }} />
            <NumberField<Values>
              name="acres"
              label="Acres"
              required
              hint={`In steps of ${SALE_ACRES_STEP} acre`}
              controlProps={{
                decimal: true,
                min: SALE_MIN_ACRES,
                max: terms.projectAcres,
                step: SALE_ACRES_STEP,
                fallback: 0,
                'data-testid': 'sale-acres',
              }}
            />
            <NumberField<Values>
              name="amountPaid"
              label="Amount paid (₦)"
              required
              hint={Number.isFinite(amount) && amount > 0 ? formatNaira(amount) : `At least ${formatNaira(SALE_MIN_AMOUNT)}`}
              controlProps={{ min: SALE_MIN_AMOUNT, step: 1000, fallback: 0, 'data-testid': 'sale-amount' }}
            />
            <SelectField<Values>
              name="paymentPlan"
              label="Payment plan"
              required
              options={planOptions}
              controlProps={{ disabled: pending, 'data-testid': 'sale-plan' }}
            />
            <FormField<Values>
              name="transactionDate"
              label="Transaction date"
              required
              inputProps={{ type: 'date', max: todayIso() }}
            />
            <FormField<Values>
              name="proofImagePath"
              label="Proof of sale (optional)"
              hint="A photo or screenshot of the client's payment receipt."
              className="sm:col-span-2"
              render={(control) => (
                <ProofUploadButton
                  id={control.id}
                  value={(control.value as string | null | undefined) ?? ''}
                  onChange={(objectPath) => control.onChange(objectPath ?? null)}
                  disabled={pending}
                  aria-invalid={control['aria-invalid']}
                  aria-describedby={control['aria-describedby']}
                  label="Upload sale proof"
                  title="Upload sale proof"
                  description="Choose the photo or screenshot of the client's receipt, then press Upload."
                  data-testid="sale-proof-upload"
                />
              )}
            />
          </fieldset>
          <FormRootError className="mt-4" />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="report-sale-submit">
              {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              {pending ? 'Reporting…' : 'Report Sale'}
            </Button>
          </div>
        </SchemaForm>
      </DialogContent>
    </Dialog>
  );
}
