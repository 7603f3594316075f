import { COMMITMENT_LABELS, COMMITMENTS, ROLES } from '@acres/contracts/constants';
import { useOffer } from '@/lib/use-offer';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import { type LeadFormValues } from '@acres/contracts/lead';
import { CheckboxField, NumberField, PhoneField, SelectField, TextareaField } from '@/components/form/fields';
import { FormField } from '@/components/form/schema-form';

const roleOptions = ROLES.map((role) => ({ value: role, label: role }));
const commitmentOptions = COMMITMENTS.map((value) => ({ value, label: COMMITMENT_LABELS[value] }));

/** The fields of Reserve Your Slot, inside a <SchemaForm> built on LeadFormSchema. */
export function LeadFormFields({ disabled }: { disabled: boolean }) {
  // The minimum allocation and the project's size in force (the server checks the same).
  const { minimumAcres: min, projectAcres: max } = useOffer();
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
      <PhoneField<LeadFormValues> name="phone" label="Phone (WhatsApp)" required />
      <SelectField<LeadFormValues>
        name="role"
        label="I am a"
        required
        options={roleOptions}
        controlProps={{ placeholder: 'Select your role', disabled, 'data-testid': 'lead-role' }}
      />
      <NumberField<LeadFormValues>
        name="intendedAcres"
        label="Intended acres"
        required
        hint={`Minimum ${min} ${min === 1 ? 'acre' : 'acres'} required`}
        controlProps={{ min, max, step: 1, fallback: min }}
      />
      <SelectField<LeadFormValues>
        name="commitment"
        label="Commitment timeline"
        required
        className="sm:col-span-2"
        options={commitmentOptions}
        controlProps={{ placeholder: 'When can you commit?', disabled, 'data-testid': 'lead-commitment' }}
      />
      <TextareaField<LeadFormValues>
        name="notes"
        label="Notes (optional)"
        className="sm:col-span-2"
        controlProps={{ rows: 3, placeholder: 'Anything we should know? Preferred contact time, questions…' }}
      />
      <CheckboxField<LeadFormValues>
        name="consent"
        className="sm:col-span-2"
        label={LEAD_CONSENT_TEXT.text}
        required
        controlProps={{ 'data-testid': 'lead-consent' }}
      />
    </fieldset>
  );
}
