import {
  BusinessSettingsFormSchema,
  toBusinessSettingsForm,
  type BusinessSettings,
  type BusinessSettingsForm,
} from '@acres/contracts/settings';
import { NIGERIAN_BANKS } from '@acres/contracts/constants';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { PhoneField, SelectField, TextareaField } from '@/components/form/fields';
import { applyServerErrors, FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatContactPhone } from '@/lib/business-settings';
import { describeError } from '@/lib/problem';

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

const bankOptions = NIGERIAN_BANKS.map((bank) => ({ value: bank, label: bank }));

function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <fieldset
      aria-labelledby={titleId}
      className="grid gap-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <h3 id={titleId} className="text-base font-semibold text-brand-950">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </fieldset>
  );
}

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
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: 'Settings not saved', description: describeError(error) || 'Please try again.' });
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
      <Group
        title="Escrow account"
        description="Where investors transfer their payment. Until it is set, payment proofs are refused."
      >
        <SelectField<Values>
          name="escrowBankName"
          label="Bank"
          options={bankOptions}
          controlProps={{ placeholder: 'Select the bank', disabled: pending, 'data-testid': 'settings-bank' }}
        />
        <FormField<Values>
          name="escrowAccountNumber"
          label="Account number"
          hint="10 digits (NUBAN)"
          inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 10, disabled: pending }}
        />
        <FormField<Values>
          name="escrowAccountName"
          label="Account name"
          className="sm:col-span-2"
          inputProps={{ autoComplete: 'off', disabled: pending }}
        />
        <div className="sm:col-span-2">
          <Button type="button" variant="outline" size="sm" onClick={clearEscrow} disabled={pending}>
            Clear escrow account
          </Button>
        </div>
      </Group>
      <Group
        title="Contact details"
        description="Shown in the footer, the privacy page and the dashboard. Leave a field empty to hide it."
      >
        <PhoneField<Values>
          name="contactPhone"
          label="Phone"
          hint="A Nigerian mobile number"
          controlProps={{ disabled: pending }}
        />
        <PhoneField<Values>
          name="contactWhatsapp"
          label="WhatsApp number"
          hint="A Nigerian mobile number"
          controlProps={{ disabled: pending }}
        />
        <FormField<Values>
          name="contactEmail"
          label="Email"
          inputProps={{ type: 'email', autoComplete: 'off', disabled: pending }}
        />
        <FormField<Values> name="officeHours" label="Office hours" inputProps={{ autoComplete: 'off', disabled: pending }} />
        <TextareaField<Values>
          name="contactAddress"
          label="Office address"
          className="sm:col-span-2"
          controlProps={{ rows: 2, disabled: pending }}
        />
      </Group>
      <FormRootError />
      <div>
        <Button type="submit" disabled={pending} data-testid="settings-save">
          {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Save settings
        </Button>
      </div>
    </SchemaForm>
  );
}
