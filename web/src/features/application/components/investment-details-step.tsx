import { type ApplicationFormInput, formatNaira } from '@acres/contracts';
import type { BusinessTerms } from '@acres/contracts/business-terms';
import { useOffer } from '@/lib/use-offer';
import { Input } from '@/components/ui/input';
import { MODE_OF_PAYMENT_LABELS, PAYMENT_OPTION_LABELS, toOptions } from '../application-labels';
import { FieldList, type FieldSpec } from '@/components/form/form-parts';

const paymentOptions = toOptions(PAYMENT_OPTION_LABELS);
const modeOfPaymentOptions = toOptions(MODE_OF_PAYMENT_LABELS);

const investmentFieldsOf = (terms: BusinessTerms): readonly FieldSpec<ApplicationFormInput>[] => [
  {
    kind: 'number',
    name: 'acresSubscribed',
    label: 'Number of acres',
    required: true,
    hint: `Whole acres, at least ${terms.minimumAcres}, at ${formatNaira(terms.pricePerAcre)} per acre.`,
    controlProps: {
      // A blank entry means "no acres yet", the form default, so Next stays disabled.
      fallback: 0,
      min: terms.minimumAcres,
      max: terms.projectAcres,
      step: 1,
      onFocus: (e) => e.currentTarget.select(),
    },
  },
  {
    name: 'subscriptionValue',
    label: 'Subscription value',
    hint: 'Calculated automatically: acres × wholesale price.',
    render: (control) => (
      <Input
        id={control.id}
        name={control.name}
        readOnly
        value={formatNaira(typeof control.value === 'number' ? control.value : 0)}
        className="font-semibold text-brand-900"
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
        data-testid="subscription-value"
      />
    ),
  },
  {
    kind: 'select',
    name: 'paymentOption',
    label: 'Payment option',
    required: true,
    options: paymentOptions,
    controlProps: { placeholder: 'Select payment option' },
  },
  {
    kind: 'select',
    name: 'modeOfPayment',
    label: 'Mode of payment',
    required: true,
    options: modeOfPaymentOptions,
    controlProps: { placeholder: 'Select mode of payment' },
  },
];

/** Step 3 (SPEC 3, 4): acres, the value they cost at wholesale, and how the investor pays. */
export function InvestmentDetailsStep() {
  const { terms } = useOffer();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FieldList<ApplicationFormInput> fields={investmentFieldsOf(terms)} />
    </div>
  );
}
