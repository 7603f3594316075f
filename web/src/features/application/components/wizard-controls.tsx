import { ChevronLeft, ChevronRight, LoaderCircle, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ApplicationWizard } from '../use-application-wizard';
import { FIRST_STEP, LAST_STEP } from '../wizard-rules';

type WizardControlsProps = { wizard: ApplicationWizard; onCancel: () => void };

/** Cancel, Previous and Next / Submit Application, pinned below the scrolling step. */
export function WizardControls({ wizard, onCancel }: WizardControlsProps) {
  const { step, canProceed, submitting, goNext, goPrevious } = wizard;
  return (
    <div className="flex items-center gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:px-6">
      <Button variant="ghost" onClick={onCancel} disabled={submitting} className="px-3 sm:px-5" data-testid="application-cancel">
        Cancel
      </Button>
      <div className="ml-auto flex items-center gap-2">
        <Button
          variant="outline"
          onClick={goPrevious}
          disabled={step === FIRST_STEP || submitting}
          className="px-3 sm:px-5"
          data-testid="application-previous"
        >
          <ChevronLeft aria-hidden="true" />
          {/* Icon-only on phones so Submit Application fits on one line; the name stays. */}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        {/* Distinct keys: Next must never become the Submit button mid-click. */}
        {step < LAST_STEP ? (
          <Button key="next" onClick={() => void goNext()} disabled={!canProceed} data-testid="application-next">
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        ) : (
          <Button
            key="submit"
            type="submit"
            disabled={submitting}
            aria-disabled={submitting || undefined}
            className="px-3 sm:px-5"
            data-testid="application-submit"
          >
            {/* No send icon on the narrowest phones (360 px): the three buttons must fit the row. */}
            {submitting ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Send className="max-[399px]:hidden" aria-hidden="true" />
            )}
            {submitting ? 'Submitting…' : 'Submit Application'}
          </Button>
        )}
      </div>
    </div>
  );
}
