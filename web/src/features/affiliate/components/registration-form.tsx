import {
  AFFILIATE_REGISTRATION_DEFAULTS,
  type AffiliateRegistration,
  type AffiliateRegistrationInput,
  AffiliateRegistrationSchema,
} from '@acres/contracts/affiliate';
import { MARKETING_EXPERIENCE, NIGERIAN_BANKS } from '@acres/contracts/constants';
import type { AuthUser } from '@acres/contracts/identity';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { CheckboxField, reportSubmitFailure } from '@/components/form/fields';
import { FieldList, FormSection, SubmitButton } from '@/components/form/form-parts';
import { FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { loginUrl } from '@/lib/login-redirect';
import { PROFILE_KEY, registerAffiliate } from '../api/affiliate-api';

type Values = AffiliateRegistrationInput;

const bankOptions = NIGERIAN_BANKS.map((bank) => ({ value: bank, label: bank }));
const EXPERIENCE_LABELS: Record<(typeof MARKETING_EXPERIENCE)[number], string> = {
  none: 'None: this is my first time',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  expert: 'Expert',
};
const PHONE_HINT = 'A Nigerian mobile number, e.g. 0803 123 4567';
const experienceOptions = MARKETING_EXPERIENCE.map((value) => ({ value, label: EXPERIENCE_LABELS[value] }));

/** The affiliate registration form (SPEC 5 rules and messages, contracts AffiliateRegistrationSchema). */
export function RegistrationForm({ user }: { user: AuthUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const form = useSchemaForm(AffiliateRegistrationSchema, { ...AFFILIATE_REGISTRATION_DEFAULTS, full_name: fullName });
  const pending = form.formState.isSubmitting;
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  async function handleSubmit(values: AffiliateRegistration) {
    try {
      await registerAffiliate(values);
      toast({ variant: 'success', title: 'Registration Successful!', description: 'Your referral link is ready to share.' });
      navigate('/affiliate/dashboard', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        window.location.assign(loginUrl('/affiliate/onboarding'));
        return;
      }
      reportSubmitFailure(form, error, 'Registration Failed', 'An error occurred during registration');
      // Already registered (409): reading the profile again sends the page on to the dashboard.
      if (error instanceof ApiError && error.status === 409) void mutate(PROFILE_KEY);
    }
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={handleSubmit}
      aria-label="Affiliate registration"
      data-testid="affiliate-registration-form"
      className="flex flex-col gap-6"
    >
      <FormSection title="About you" description="How we address you and reach you about your referrals.">
        <FieldList<Values>
          fields={[
            { name: 'full_name', label: 'Full name', required: true, inputProps: { autoComplete: 'name' } },
            {
              name: 'company_name',
              label: 'Company name (optional)',
              inputProps: { autoComplete: 'organization', placeholder: 'If you market through a company' },
            },
            { kind: 'phone', name: 'phone_number', label: 'Phone number', required: true, hint: PHONE_HINT },
          ]}
          disabled={pending}
        />
      </FormSection>

      <FormSection title="Commission payments" description="Verified commissions are paid into this account.">
        <FieldList<Values>
          fields={[
            {
              kind: 'select',
              name: 'bank_name',
              label: 'Bank',
              required: true,
              options: bankOptions,
              controlProps: { placeholder: 'Select your bank', 'data-testid': 'bank-select' },
            },
            {
              name: 'account_number',
              label: 'Account number',
              required: true,
              hint: '10 digits (NUBAN)',
              inputProps: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10, placeholder: '0123456789' },
            },
            {
              name: 'account_name',
              label: 'Account name',
              required: true,
              className: 'sm:col-span-2',
              inputProps: { autoComplete: 'off', placeholder: 'As shown by your bank' },
            },
          ]}
          disabled={pending}
        />
      </FormSection>

      <FormSection title="Your marketing" description="Helps us send you the right material for your audience.">
        <FieldList<Values>
          fields={[
            {
              kind: 'select',
              name: 'marketing_experience',
              label: 'Marketing experience',
              required: true,
              options: experienceOptions,
              controlProps: { 'data-testid': 'experience-select' },
            },
            {
              kind: 'textarea',
              name: 'marketing_channels',
              label: 'Marketing channels',
              required: true,
              className: 'sm:col-span-2',
              hint: 'Where and how you will share your link: WhatsApp groups, Instagram, your realtor network, events…',
              controlProps: { rows: 3, placeholder: 'e.g. I run two WhatsApp groups of Lagos developers and post on Instagram' },
            },
          ]}
          disabled={pending}
        />
      </FormSection>

      <CheckboxField<Values>
        name="agree_terms"
        required
        label={
          <>
            I agree to the affiliate terms: I will describe the offer accurately, and commissions are paid only on sales the
            company verifies. I have read the{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              privacy policy and terms
            </Link>
            .
          </>
        }
        controlProps={{ disabled: pending, 'data-testid': 'agree-terms' }}
      />

      <FormRootError />
      <SubmitButton
        pending={pending}
        label="Complete Registration"
        pendingLabel="Registering…"
        data-testid="affiliate-register-submit"
      />
    </SchemaForm>
  );
}
