import type { ApplicationFormInput } from '@acres/contracts';
import { TextareaField } from '@/components/form/fields';
import { ApplicationField } from './field-controls';

/** Step 2 (SPEC 3): all five next-of-kin fields are required. */
export function NextOfKinStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2">
        The person we should contact about your allocation if we cannot reach you.
      </p>
      <ApplicationField name="kinName" label="Next of kin full name" required inputProps={{ autoComplete: 'off' }} />
      <ApplicationField
        name="kinRelationship"
        label="Relationship"
        required
        inputProps={{ autoComplete: 'off', placeholder: 'e.g. Spouse, Sibling' }}
      />
      <ApplicationField
        name="kinPhone"
        label="Next of kin phone"
        required
        inputProps={{ type: 'tel', autoComplete: 'off', placeholder: '+234 801 234 5678' }}
      />
      <ApplicationField
        name="kinEmail"
        label="Next of kin email"
        required
        inputProps={{ type: 'email', autoComplete: 'off', inputMode: 'email', spellCheck: false }}
      />
      <TextareaField<ApplicationFormInput>
        name="kinAddress"
        label="Next of kin address"
        required
        className="sm:col-span-2"
        controlProps={{ rows: 2, autoComplete: 'off' }}
      />
    </div>
  );
}
