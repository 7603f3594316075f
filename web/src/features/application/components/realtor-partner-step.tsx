import type { ApplicationFormInput } from '@acres/contracts';
import type { WizardValues } from '../wizard-rules';
import { ApplicationSummary } from './application-summary';
import { FieldList, type FieldSpec } from '@/components/form/form-parts';

const realtorFields: readonly FieldSpec<ApplicationFormInput>[] = [
  { name: 'realtorName', label: 'Realtor name', inputProps: { autoComplete: 'off' } },
  { name: 'realtorMobile', label: 'Realtor mobile', inputProps: { type: 'tel', autoComplete: 'off' } },
  {
    name: 'realtorEmail',
    label: 'Realtor email',
    className: 'sm:col-span-2',
    inputProps: { type: 'email', autoComplete: 'off', inputMode: 'email', spellCheck: false },
  },
];

/** Step 5 (SPEC 2): the optional realtor/partner who referred the investor, and a review. */
export function RealtorPartnerStep({ values }: { values: WizardValues }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-slate-600 sm:col-span-2">
          Optional: if a realtor or partner introduced you to this project, tell us who.
        </p>
        <FieldList<ApplicationFormInput> fields={realtorFields} />
      </div>
      <ApplicationSummary values={values} />
    </div>
  );
}
