import { APPLICATION_STEP_TITLES, APPLICATION_STEPS } from '@acres/contracts';
import { useCallback, useEffect, useId, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { FormRootError } from '@/components/form/schema-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useApplicationWizard } from '../use-application-wizard';
import { ApplicationStepper } from './application-stepper';
import { ApplicationSubmitted } from './application-submitted';
import { InvestmentDetailsStep } from './investment-details-step';
import { LegalAgreementStep } from './legal-agreement-step';
import { NextOfKinStep } from './next-of-kin-step';
import { PersonalInformationStep } from './personal-information-step';
import { RealtorPartnerStep } from './realtor-partner-step';
import { WizardControls } from './wizard-controls';

export type ApplicationDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The full subscription application (SPEC 2, 3, 4): five steps in one modal. Closing it
 * (Cancel, the corner button, Escape) discards what was typed; a click on the backdrop
 * is ignored so a stray tap cannot throw away a long form. Nothing closes it while a
 * submit is pending.
 */
export function ApplicationDialog({ open, onOpenChange }: ApplicationDialogProps) {
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const wizard = useApplicationWizard();
  const { form, step, values, submitting, submitted, reset } = wizard;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // A new step starts at its top, and keyboard and screen-reader users land on its title.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    bodyRef.current?.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const cancel = useCallback(() => {
    if (submitting) return;
    reset();
    close();
  }, [submitting, reset, close]);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : cancel())}>
      <DialogContent
        // One height for every step, so the controls stay put as the steps change.
        className={
          submitted
            ? 'max-w-lg gap-0 overflow-hidden p-0 sm:p-0'
            : 'h-[min(calc(100dvh-1.5rem),52rem)] max-w-3xl gap-0 overflow-hidden p-0 sm:p-0'
        }
        preventClose={submitting}
        closeLabel="Close application"
        onInteractOutside={(e) => e.preventDefault()}
        data-testid="application-dialog"
      >
        {submitted ? (
          <ApplicationSubmitted submitted={submitted} onDone={cancel} />
        ) : (
          <>
            <div className="border-b border-slate-200 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
              <DialogHeader className="mb-5">
                <DialogTitle className="text-lg sm:text-xl">Full Subscription Application</DialogTitle>
                <DialogDescription>
                  {APPLICATION_STEPS} short steps. Fields marked <span className="text-red-700">*</span> are required.
                </DialogDescription>
              </DialogHeader>
              <ApplicationStepper current={step} />
            </div>
            <FormProvider {...form}>
              {/* Enter moves to the next step instead of submitting the whole form early. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
              <form
                noValidate
                onSubmit={wizard.submit}
                onKeyDown={wizard.onKeyDown}
                aria-labelledby={headingId}
                className="flex min-h-0 flex-1 flex-col"
              >
                <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6">
                  <h3
                    id={headingId}
                    ref={headingRef}
                    tabIndex={-1}
                    className="mb-4 text-base font-semibold text-brand-950 focus:outline-none"
                    data-testid="application-step-title"
                  >
                    <span className="text-slate-500">
                      Step {step} of {APPLICATION_STEPS}:
                    </span>{' '}
                    {APPLICATION_STEP_TITLES[step - 1]}
                    {step === 5 ? <span className="font-normal text-slate-500"> (optional)</span> : null}
                  </h3>
                  <FormRootError className="mb-4" />
                  <fieldset disabled={submitting} className="min-w-0">
                    {step === 1 ? <PersonalInformationStep /> : null}
                    {step === 2 ? <NextOfKinStep /> : null}
                    {step === 3 ? <InvestmentDetailsStep /> : null}
                    {step === 4 ? <LegalAgreementStep /> : null}
                    {step === 5 ? <RealtorPartnerStep values={values} /> : null}
                  </fieldset>
                </div>
                <WizardControls wizard={wizard} onCancel={cancel} />
              </form>
            </FormProvider>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
