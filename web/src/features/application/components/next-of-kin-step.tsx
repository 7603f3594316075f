import type { ApplicationFormInput } from '@acres/contracts';

import { FieldList, type FieldSpec } from '@/components/form/form-parts';

const kinFields: readonly FieldSpec<ApplicationFormInput>[] = [
  { name: 'kinName', label: 'Next of kin full name', required: true, inputProps: { autoComplete: 'off' } },
  {
    name: 'kinRelationship',
    label: 'Relationship',
    required: true,
    inputProps: { autoComplete: 'off', placeholder: 'e.g. Spouse, Sibling' },
  },
  {
    name: 'kinPhone',
    label: 'Next of kin phone',
    required: true,
    inputProps: { type: 'tel', autoComplete: 'off', placeholder: '+234 801 234 5678' },
  },
  {
    name: 'kinEmail',
    label: 'Next of kin email',
    required: true,
    inputProps: { type: 'email', autoComplete: 'off', inputMode: 'email', spellCheck: false },
  },
  {
    kind: 'textarea',
    name: 'kinAddress',
    label: 'Next of kin address',
    required: true,
    className: 'sm:col-span-2',
    controlProps: { rows: 2, autoComplete: 'off' },
  },
];

/** Step 2 (SPEC 3): all five next-of-kin fields are required. */
export function NextOfKinStep() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2">
        The person we should contact about your allocation if we cannot reach you.
      </p>
      <FieldList<ApplicationFormInput> fields={kinFields} />
    </div>
  );
}
