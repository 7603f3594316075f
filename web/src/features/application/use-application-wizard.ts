import {
  APPLICATION_FORM_DEFAULTS,
  type ApplicationAccepted,
  type ApplicationForm,
  type ApplicationFormInput,
  ApplicationFormSchema,
  type ApplicationStep,
  computeSubscriptionValue,
} from '@acres/contracts';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldErrors, useWatch } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { applyServerErrors, useSchemaForm } from '@/components/form/schema-form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useBusinessSettings } from '@/lib/business-settings';
import { describeApplicationReceived } from '@/lib/delivery-copy';
import { fieldErrorsFromError, problemFromError } from '@/lib/problem';
import { APPLICATION_TOASTS, describeSubmissionFailure, isSubscriptionsKey, submitApplication } from './submit-application';
import {
  FIRST_STEP,
  firstStepWithError,
  isStepFilled,
  LAST_STEP,
  nextStep,
  previousStep,
  STEP_FORM_FIELDS,
} from './wizard-rules';

// The schema's input type says acknowledgment is `true`; the form starts unticked
// (false), which the schema answers with its message.
const DEFAULTS = APPLICATION_FORM_DEFAULTS as DefaultValues<ApplicationFormInput>;

export type ApplicationWizard = ReturnType<typeof useApplicationWizard>;

/** What the applicant is shown once the server took the application. */
export type SubmittedApplication = { applicationNumber: string; acres: number; value: number };

/**
 * State of the five-step application: one react-hook-form instance validated by the
 * contracts schema (values survive moving between steps), the current step, the
 * submitting flag, and the accepted application (its number stays on screen until closed).
 */
export function useApplicationWizard() {
  const form = useSchemaForm(ApplicationFormSchema, DEFAULTS);
  const { control, getValues, setValue, getFieldState, trigger, watch } = form;
  const [step, setStep] = useState<ApplicationStep>(FIRST_STEP);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<SubmittedApplication | null>(null);
  // State updates land after a render; a fast double click must not send twice.
  const inFlight = useRef(false);
  const { mutate } = useSWRConfig();
  const settings = useBusinessSettings().data;
  const channels = settings?.channels;
  // The server prices the acres by the terms in force; the form shows the same price.
  const pricePerAcre = settings?.terms.pricePerAcre;

  const values = useWatch({ control });
  const canProceed = step === LAST_STEP || isStepFilled(step, values);

  // SPEC 4: the value follows the acres, always; the user never types it.
  const acres = useWatch({ control, name: 'acresSubscribed' });
  useEffect(() => {
    const value = computeSubscriptionValue(Number.isFinite(acres) && acres > 0 ? acres : 0, pricePerAcre);
    if (getValues('subscriptionValue') !== value) {
      setValue('subscriptionValue', value, { shouldValidate: getFieldState('subscriptionValue').invalid });
    }
  }, [acres, pricePerAcre, getValues, setValue, getFieldState]);

  // A message shown by Next (or by the server) goes away as soon as the field is fixed,
  // without re-validating untouched fields.
  useEffect(() => {
    const subscription = watch((_all, { name }) => {
      if (name && getFieldState(name).invalid) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

  const reset = useCallback(() => {
    form.reset(DEFAULTS);
    setStep(FIRST_STEP);
    setSubmitted(null);
  }, [form]);

  const goNext = useCallback(async () => {
    if (step === LAST_STEP || !isStepFilled(step, getValues())) return;
    const valid = await trigger([...STEP_FORM_FIELDS[step]], { shouldFocus: true });
    if (valid) setStep(nextStep(step));
  }, [step, getValues, trigger]);

  const goPrevious = useCallback(() => setStep((current) => previousStep(current)), []);

  const showFailure = useCallback(
    (error: unknown) => {
      form.clearErrors('root');
      const applied = applyServerErrors(form, error);
      const fieldStep = firstStepWithError(fieldErrorsFromError(error).map((e) => e.field));
      if (applied > 0 && fieldStep !== undefined) {
        setStep(fieldStep);
      } else if (error instanceof ApiError && error.status === 409) {
        // One application per email (DESIGN 4): the email is what the visitor must change.
        const detail = problemFromError(error)?.detail || describeSubmissionFailure(error);
        form.setError('email', { type: 'server', message: detail });
        setStep(FIRST_STEP);
      }
      toast({
        variant: 'destructive',
        title: APPLICATION_TOASTS.failureTitle,
        description: describeSubmissionFailure(error),
      });
    },
    [form],
  );

  const onValid = useCallback(
    async (submitted: ApplicationForm) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      form.clearErrors('root');
      let accepted: ApplicationAccepted;
      try {
        accepted = await submitApplication(submitted);
      } catch (error) {
        inFlight.current = false;
        setSubmitting(false);
        showFailure(error);
        return;
      }
      inFlight.current = false;
      setSubmitting(false);
      toast({
        variant: 'success',
        title: APPLICATION_TOASTS.successTitle,
        description: describeApplicationReceived(channels),
      });
      void mutate(isSubscriptionsKey);
      form.reset(DEFAULTS);
      setStep(FIRST_STEP);
      setSubmitted({
        applicationNumber: accepted.applicationNumber,
        acres: submitted.acresSubscribed,
        value: submitted.subscriptionValue,
      });
    },
    [channels, form, mutate, showFailure],
  );

  const onInvalid = useCallback((errors: FieldErrors) => {
    const errorStep = firstStepWithError(Object.keys(errors));
    if (errorStep !== undefined) setStep(errorStep);
  }, []);

  /** The form's submit: Submit on the last step; elsewhere (Enter in a field) it means Next. */
  const submit = useCallback(
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      if (inFlight.current) return;
      if (step !== LAST_STEP) {
        void goNext();
        return;
      }
      void form.handleSubmit(onValid, onInvalid)();
    },
    [step, goNext, form, onValid, onInvalid],
  );

  /**
   * Enter in a one-line field means Next, as on any single-page form (native implicit
   * submission would not fire: each step has several fields). On the last step Enter
   * keeps its native meaning, so the application is never sent by a stray key.
   */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLFormElement>) => {
      const target = event.target as HTMLElement;
      if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return;
      if (step === LAST_STEP || target.readOnly) return;
      event.preventDefault();
      void goNext();
    },
    [step, goNext],
  );

  return { form, step, values, canProceed, submitting, submitted, goNext, goPrevious, submit, reset, onKeyDown };
}
