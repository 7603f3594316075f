import {
  BusinessSettingsFormSchema,
  toBusinessSettingsForm,
  type BusinessSettings,
  type BusinessSettingsForm,
} from '@acres/contracts/settings';
import { NIGERIAN_BANKS } from '@acres/contracts/constants';
import { useEffect } from 'react';
import { FieldList, FormSection, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatContactPhone } from '@/lib/business-settings';
import { reportSubmitFailure } from '@/components/form/fields';
import { ProjectFactFields, TermFields } from './project-settings-fields';

type Values = BusinessSettingsForm;

/** The form's starting values: phone numbers as the phone inputs show them. */
const toValues = (settings: BusinessSettings): Values => {
  const values = toBusinessSettingsForm(settings);
  return {
    ...values,
    contactPhone: values.contactPhone && formatContactPhone(values.contactPhone),
    contactWhatsapp: values.contactWhatsapp && formatContactPhone(values.contactWhatsapp),
  };
};

const MOBILE_HINT = 'A Nigerian mobile number';
const bankOptions = NIGERIAN_BANKS.map((bank) => ({ value: bank, label: bank }));

/** The Settings form: contracts' BusinessSettingsFormSchema; an empty field is "not set" (hidden on the site). */
export function SettingsForm({
  settings,
  onSave,
}: {
  settings: BusinessSettings;
  onSave: (values: BusinessSettingsForm) => Promise<unknown>;
}) {
  const form = useSchemaForm(BusinessSettingsFormSchema, toValues(settings));
  const pending = form.formState.isSubmitting;
  // A save (or another admin's) shows as the new starting point.
  useEffect(() => form.reset(toValues(settings)), [form, settings]);

  async function handleSubmit(values: BusinessSettingsForm) {
    try {
      await onSave(values);
      toast({ variant: 'success', title: 'Settings saved', description: 'The site shows the new details.' });
    } catch (error) {
      reportSubmitFailure(form, error, 'Settings not saved', 'Please try again.');
    }
  }

  const clearEscrow = () => {
    for (const name of ['escrowBankName', 'escrowAccountName', 'escrowAccountNumber'] as const)
      form.setValue(name, '', { shouldDirty: true });
  };

  return (
    <SchemaForm
      form={form}
      onSubmit={handleSubmit}
      aria-label="Business settings"
      data-testid="settings-form"
      className="flex flex-col gap-5"
    >
      <FormSection
        heading="h3"
        spacing="pt-5"
        title="Escrow account"
        description="Where investors transfer their payment. Until it is set, payment proofs are refused."
      >
        <FieldList<Values>
          fields={[
            {
              kind: 'select',
              name: 'escrowBankName',
              label: 'Bank',
              options: bankOptions,
              controlProps: { placeholder: 'Select the bank', 'data-testid': 'settings-bank' },
            },
            {
              name: 'escrowAccountNumber',
              label: 'Account number',
              hint: '10 digits (NUBAN)',
              inputProps: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
            },
            { name: 'escrowAccountName', label: 'Account name', className: 'sm:col-span-2', inputProps: { autoComplete: 'off' } },
          ]}
          disabled={pending}
        />
        <div className="sm:col-span-2">
          <Button type="button" variant="outline" size="sm" onClick={clearEscrow} disabled={pending}>
            Clear escrow account
          </Button>
        </div>
      </FormSection>
      <FormSection
        heading="h3"
        spacing="pt-5"
        title="Contact details"
        description="Shown in the footer, the privacy page and the dashboard. Leave a field empty to hide it."
      >
        <FieldList<Values>
          fields={[
            { kind: 'phone', name: 'contactPhone', label: 'Phone', hint: MOBILE_HINT },
            { kind: 'phone', name: 'contactWhatsapp', label: 'WhatsApp number', hint: MOBILE_HINT },
            { name: 'contactEmail', label: 'Email', inputProps: { type: 'email', autoComplete: 'off' } },
            { name: 'officeHours', label: 'Office hours', inputProps: { autoComplete: 'off' } },
            {
              kind: 'textarea',
              name: 'contactAddress',
              label: 'Office address',
              className: 'sm:col-span-2',
              controlProps: { rows: 2 },
            },
          ]}
          disabled={pending}
        />
      </FormSection>
      <ProjectFactFields disabled={pending} />
      <TermFields disabled={pending} />
      <FormRootError />
      <div>
        <SubmitButton
          pending={pending}
          size="md"
          label="Save settings"
          pendingLabel="Save settings"
          data-testid="settings-save"
        />
      </div>
    </SchemaForm>
  );
}
