import { type ApplicationFormInput, formatNaira, LEAD_ACRES, WHOLESALE_PRICE_PER_ACRE } from '@acres/contracts';
import { NumberField, SelectField } from '@/components/form/fields';
import { Input } from '@/components/ui/input';
import { MODE_OF_PAYMENT_LABELS, PAYMENT_OPTION_LABELS, toOptions } from '../application-labels';
import { ApplicationField } from './field-controls';

const paymentOptions = toOptions(PAYMENT_OPTION_LABELS);
const modeOfPaymentOptions = toOptions(MODE_OF_PAYMENT_LABELS);

/** Step 3 (SPEC 3, 4): acres, the value they cost at wholesale, and how the investor pays. */
export function InvestmentDetailsStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField<ApplicationFormInput>
        name="acresSubscribed"
        label="Number of acres"
        required
        hint={`Whole acres, at ${formatNaira(WHOLESALE_PRICE_PER_ACRE)} per acre.`}
        controlProps={{
          // A blank entry means "no acres yet", the form default, so Next stays disabled.
          fallback: 0,
          min: LEAD_ACRES.min,
          max: LEAD_ACRES.max,
          step: 1,
          onFocus: (e) => e.currentTarget.select(),
        }}
      />
      <ApplicationField
        name="subscriptionValue"
        label="Subscription value"
        hint="Calculated automatically: acres × wholesale price."
        render={(control) => (
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
        )}
      />
      <SelectField<ApplicationFormInput>
        name="paymentOption"
        label="Payment option"
        required
        options={paymentOptions}
        controlProps={{ placeholder: 'Select payment option' }}
      />
      <SelectField<ApplicationFormInput>
        name="modeOfPayment"
        label="Mode of payment"
        required
        options={modeOfPaymentOptions}
        controlProps={{ placeholder: 'Select mode of payment' }}
      />
    </div>
  );
}
