import { COMMITMENT_LABELS, COMMITMENTS, LEAD_ACRES, ROLES } from '@acres/contracts/constants';
import { type LeadFormValues } from '@acres/contracts/lead';
import { FormField } from '@/components/form/schema-form';
import { Checkbox } from '@/components/ui/checkbox';
import { NumberInput } from '@/components/ui/number-input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

const roleOptions = ROLES.map((role) => ({ value: role, label: role }));
const commitmentOptions = COMMITMENTS.map((value) => ({ value, label: COMMITMENT_LABELS[value] }));

/** The fields of Reserve Your Slot, inside a <SchemaForm> built on LeadFormSchema. */
export function LeadFormFields({ disabled }: { disabled: boolean }) {
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <FormField<LeadFormValues>
        name="fullName"
        label="Full name"
        required
        inputProps={{ autoComplete: 'name', placeholder: 'e.g. Adaeze Okafor' }}
      />
      <FormField<LeadFormValues>
        name="company"
        label="Company (optional)"
        inputProps={{ autoComplete: 'organization', placeholder: 'Company name' }}
      />
      <FormField<LeadFormValues>
        name="email"
        label="Email"
        required
        inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: 'you@example.com' }}
      />
      <FormField<LeadFormValues>
        name="phone"
        label="Phone (WhatsApp)"
        required
        render={({ value, onChange, ...control }) => (
          <PhoneInput
            {...control}
            value={typeof value === 'string' ? value : ''}
            onValueChange={onChange}
            placeholder="+234 803 123 4567"
          />
        )}
      />
      <FormField<LeadFormValues>
        name="role"
        label="I am a"
        required
        render={({ value, onChange, ref, id, ...control }) => (
          <Select
            ref={ref}
            id={id}
            name={control.name}
            options={roleOptions}
            value={typeof value === 'string' ? value : undefined}
            onValueChange={onChange}
            onBlur={control.onBlur}
            placeholder="Select your role"
            disabled={disabled}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
            data-testid="lead-role"
          />
        )}
      />
      <FormField<LeadFormValues>
        name="intendedAcres"
        label="Intended acres"
        required
        hint="Minimum 1 acre required"
        render={({ value, onChange, ...control }) => (
          <NumberInput
            {...control}
            min={LEAD_ACRES.min}
            max={LEAD_ACRES.max}
            step={1}
            value={typeof value === 'number' ? value : LEAD_ACRES.min}
            fallback={LEAD_ACRES.min}
            onValueChange={onChange}
          />
        )}
      />
      <FormField<LeadFormValues>
        name="commitment"
        label="Commitment timeline"
        required
        className="sm:col-span-2"
        render={({ value, onChange, ref, id, ...control }) => (
          <Select
            ref={ref}
            id={id}
            name={control.name}
            options={commitmentOptions}
            value={typeof value === 'string' ? value : undefined}
            onValueChange={onChange}
            onBlur={control.onBlur}
            placeholder="When can you commit?"
            disabled={disabled}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
            data-testid="lead-commitment"
          />
        )}
      />
      <FormField<LeadFormValues>
        name="notes"
        label="Notes (optional)"
        className="sm:col-span-2"
        render={({ value, onChange, ...control }) => (
          <Textarea
            {...control}
            rows={3}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
            placeholder="Anything we should know? Preferred contact time, questions…"
          />
        )}
      />
      <FormField<LeadFormValues>
        name="consent"
        layout="inline"
        className="sm:col-span-2"
        label="I agree to be contacted by phone, email, SMS and WhatsApp about this offer. I can opt out at any time by replying STOP."
        required
        render={({ value, onChange, ...control }) => (
          <Checkbox
            {...control}
            checked={value === true}
            onCheckedChange={(checked) => onChange(checked === true)}
            data-testid="lead-consent"
          />
        )}
      />
    </fieldset>
  );
}
