import { APPLICATION_STEP_TITLES, type ApplicationStep } from '@acres/contracts';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

type StepState = 'complete' | 'current' | 'upcoming';

const circleClass: Record<StepState, string> = {
  complete: 'border-brand-700 bg-brand-700 text-white',
  current: 'border-brand-700 bg-white text-brand-800 ring-4 ring-brand-100',
  upcoming: 'border-slate-300 bg-white text-slate-500',
};

/** The five numbered steps; titles show from the small-tablet width up (screen readers always get them). */
export function ApplicationStepper({ current }: { current: ApplicationStep }) {
  return (
    <nav aria-label="Application steps" data-testid="application-stepper">
      <ol className="flex items-start">
        {APPLICATION_STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const state: StepState = number < current ? 'complete' : number === current ? 'current' : 'upcoming';
          return (
            <li
              key={title}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center gap-1.5"
            >
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 right-1/2 -left-1/2 h-0.5 -translate-y-1/2',
                    number <= current ? 'bg-brand-700' : 'bg-slate-200',
                  )}
                />
              ) : null}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                  circleClass[state],
                )}
              >
                {state === 'complete' ? <Check className="size-4" strokeWidth={3} aria-hidden="true" /> : number}
                <span className="sr-only">{state === 'complete' ? ', completed' : ''}</span>
              </span>
              <span
                className={cn(
                  'sr-only text-center text-xs leading-tight sm:not-sr-only',
                  state === 'upcoming' ? 'text-slate-500' : 'font-medium text-brand-900',
                )}
              >
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
