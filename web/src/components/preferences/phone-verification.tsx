import {
  ConfirmPhoneVerificationSchema,
  RequestPhoneVerificationSchema,
  type ConfirmPhoneVerification,
  type PendingPhoneVerification,
} from '@acres/contracts/phone-verification';
import { formatPhoneForTyping } from '@acres/contracts/phone';
import { CheckCircle2, LoaderCircle, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { PhoneField } from '@/components/form/fields';
import { FormField, FormRootError, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { problemFromError } from '@/lib/problem';
import { MY_PREFERENCES_KEY } from './preferences-api';
import { isGone, showPhoneError } from './phone-verification-errors';
import { confirmPhoneCode, requestPhoneCode, useMyPhones } from './phones-api';
import { formatClock } from '@acres/contracts/lagos-time';

function AskForCode({ onSent, notice }: { onSent: (pending: PendingPhoneVerification) => void; notice: string | null }) {
  const form = useSchemaForm(RequestPhoneVerificationSchema, { phoneNumber: '' });
  const pending = form.formState.isSubmitting;
  return (
    <SchemaForm
      form={form}
      onSubmit={async () => {
        try {
          // The typed text, not the parsed number: the server applies the same rule and names the field.
          onSent(await requestPhoneCode({ phoneNumber: form.getValues('phoneNumber') }));
        } catch (error) {
          showPhoneError(form, error);
        }
      }}
      aria-label="Confirm your phone number"
      data-testid="phone-verification-request"
      className="flex flex-col gap-3"
    >
      {notice ? (
        <p className="text-sm text-amber-800" role="status">
          {notice}
        </p>
      ) : null}
      <PhoneField
        name="phoneNumber"
        label="Mobile number"
        required
        hint="We text a 6-digit code to it. Only a number you confirm can receive our text messages."
        controlProps={{ disabled: pending, 'data-testid': 'phone-verification-number' }}
      />
      <FormRootError />
      <Button type="submit" disabled={pending} className="self-start" data-testid="phone-verification-send">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {pending ? 'Sending…' : 'Send code'}
      </Button>
    </SchemaForm>
  );
}

function EnterCode(props: { pending: PendingPhoneVerification; onDone: () => void; onGone: (message: string) => void }) {
  const form = useSchemaForm(ConfirmPhoneVerificationSchema, { code: '' });
  const submitting = form.formState.isSubmitting;
  const [attemptsLeft, setAttemptsLeft] = useState(props.pending.attemptsLeft);
  async function handleSubmit(values: ConfirmPhoneVerification) {
    try {
      await confirmPhoneCode(values);
      props.onDone();
    } catch (error) {
      if (isGone(error)) return props.onGone(describeGone(error));
      setAttemptsLeft((left) => Math.max(0, left - 1));
      showPhoneError(form, error);
    }
  }
  return (
    <SchemaForm
      form={form}
      onSubmit={handleSubmit}
      aria-label="Enter the code"
      data-testid="phone-verification-confirm"
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-slate-700" role="status">
        We texted a code to <span className="font-medium">{formatPhoneForTyping(props.pending.phoneE164)}</span>. It works until{' '}
        {formatClock(new Date(props.pending.expiresAt))} WAT; {attemptsLeft} {attemptsLeft === 1 ? 'attempt is' : 'attempts are'}{' '}
        left.
      </p>
      <FormField<ConfirmPhoneVerification>
        name="code"
        label="Code"
        required
        inputProps={{
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 7,
          disabled: submitting,
        }}
        data-testid="phone-verification-code"
      />
      <FormRootError />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting} data-testid="phone-verification-submit">
          {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {submitting ? 'Checking…' : 'Confirm'}
        </Button>
        <Button type="button" variant="outline" onClick={() => props.onGone('')} disabled={submitting}>
          Use another number
        </Button>
      </div>
    </SchemaForm>
  );
}

const describeGone = (error: unknown) => problemFromError(error)?.detail ?? 'Ask for a new code.';

/**
 * "Confirm your phone number": a number the person proves is theirs with a texted code. Text
 * messages and their preferences only ever use a confirmed number (issue 24, finding 3).
 */
export function PhoneVerification() {
  const { data, mutate } = useMyPhones();
  const { mutate: revalidate } = useSWRConfig();
  // The code just asked for; the server's own pending one after a reload.
  const [asked, setAsked] = useState<PendingPhoneVerification | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const pending = asked ?? (adding ? null : (data?.pending ?? null));
  const current = data?.currentPhoneE164 ?? null;
  const showForm = adding || current === null;

  const done = async () => {
    setAsked(null);
    setAdding(false);
    setNotice(null);
    await Promise.all([mutate(), revalidate(MY_PREFERENCES_KEY)]);
    toast({ variant: 'success', title: 'Phone number confirmed', description: 'Text messages now go to this number.' });
  };

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" data-testid="phone-verification">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <Smartphone className="size-4" aria-hidden="true" />
        {current ? 'Your phone numbers' : 'Confirm your phone number'}
      </h3>
      {data && data.phones.length > 0 ? (
        <ul className="flex flex-col gap-1" data-testid="phone-verification-verified">
          {data.phones.map((phone) => (
            <li key={phone.phoneE164} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
              <span className="font-medium">{formatPhoneForTyping(phone.phoneE164)}</span>
              <span className="text-xs text-slate-500">
                {phone.phoneE164 === current ? 'confirmed · texts go here' : 'confirmed earlier'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pending && showForm ? (
        <EnterCode
          key={pending.verificationId}
          pending={pending}
          onDone={done}
          onGone={(message) => {
            setAsked(null);
            setAdding(true);
            setNotice(message || null);
          }}
        />
      ) : showForm ? (
        <AskForCode
          notice={notice}
          onSent={(sent) => {
            setNotice(null);
            setAsked(sent);
          }}
        />
      ) : (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => setAdding(true)}
          data-testid="phone-verification-change"
        >
          Use a new number
        </Button>
      )}
    </section>
  );
}
