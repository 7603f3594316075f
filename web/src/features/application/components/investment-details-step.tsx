import { formatNaira, LEAD_ACRES, WHOLESALE_PRICE_PER_ACRE } from '@acres/contracts';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/ui/number-input';
import { MODE_OF_PAYMENT_LABELS, PAYMENT_OPTION_LABELS, toOptions } from '../application-labels';
import { ApplicationField, selectControl } from './field-controls';

const paymentOptionControl = selectControl(toOptions(PAYMENT_OPTION_LABELS), 'Select payment option');
const modeOfPaymentControl = selectControl(toOptions(MODE_OF_PAYMENT_LABELS), 'Select mode of payment');

/** Step 3 (SPEC 3, 4): acres, the value they cost at wholesale, and how the investor pays. */
export function InvestmentDetailsStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ApplicationField
        name="acresSubscribed"
        label="Number of acres"
        required
        hint={`Whole acres, at ${formatNaira(WHOLESALE_PRICE_PER_ACRE)} per acre.`}
        render={(control) => (
          <NumberInput
            id={control.id}
            name={control.name}
            ref={control.ref}
            value={typeof control.value === 'number' ? control.value : 0}
            onValueChange={control.onChange}
            onBlur={control.onBlur}
            // A blank entry means "no acres yet", the form default, so Next stays disabled.
            fallback={0}
            min={LEAD_ACRES.min}
            max={LEAD_ACRES.max}
            step={1}
            onFocus={(e) => e.currentTarget.select()}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
            aria-required={control['aria-required']}
          />
        )}
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
      <ApplicationField name="paymentOption" label="Payment option" required render={paymentOptionControl} />
      <ApplicationField name="modeOfPayment" label="Mode of payment" required render={modeOfPaymentControl} />
    </div>
  );
}
