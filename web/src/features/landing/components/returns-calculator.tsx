import { CALCULATOR_ACRES } from '@acres/contracts/constants';
import { computeReturns, formatMillions, formatNaira } from '@acres/contracts/money';
import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { NumberInput } from '@/components/ui/number-input';
import { cn } from '@/lib/cn';
import { PageSection } from '@/components/layout/page-section';
import { useOffer } from '@/lib/use-offer';

type AcresRange = { min: number; max: number };

/** From the minimum allocation to the project's size (SPEC 5: 20 to 200); the outputs never show a value outside it. */
export function clampCalculatorAcres(acres: number, range: AcresRange = CALCULATOR_ACRES): number {
  return Math.min(range.max, Math.max(range.min, Math.round(acres)));
}

type OutputProps = { id: string; label: string; caption: string; amount: number; testId: string; emphasis?: boolean };

function ReturnOutput({ id, label, caption, amount, testId, emphasis }: OutputProps) {
  return (
    <div className={cn('rounded-xl border p-4', emphasis ? 'border-gold-300 bg-gold-50' : 'border-slate-200 bg-white')}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-600">
        {label}
      </p>
      <output
        id={id}
        aria-labelledby={`${id}-label`}
        data-testid={testId}
        data-amount={amount}
        className={cn('mt-1 block text-2xl font-bold tabular-nums', emphasis ? 'text-gold-800' : 'text-brand-950')}
      >
        {formatMillions(amount)}
      </output>
      <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
        {formatNaira(amount)} · {caption}
      </p>
    </div>
  );
}

export function ReturnsCalculator() {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const { terms, wholesale, retail } = useOffer();
  const range = { min: terms.minimumAcres, max: terms.projectAcres };
  const fallback = clampCalculatorAcres(CALCULATOR_ACRES.default, range);
  const [acres, setAcres] = useState<number>(CALCULATOR_ACRES.default);
  const effectiveAcres = clampCalculatorAcres(acres, range);
  const returns = computeReturns(effectiveAcres, terms);
  const belowMinimum = acres < range.min;

  return (
    <PageSection
      id="calculator"
      headingId="calculator-title"
      className="bg-stone-50 py-16 sm:py-24"
      heading={{
        eyebrow: 'Returns calculator',
        title: 'See your equity spread',
        description: 'Enter the acreage you are considering to compare the wholesale price with the retail value.',
      }}
    >
      <div className="mx-auto mt-10 max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="grid gap-8 md:grid-cols-[0.8fr_1.2fr] md:items-start">
          <div>
            <div className="flex items-center gap-2 text-brand-800">
              <Calculator className="size-5" aria-hidden="true" />
              <span className="font-semibold">Your allocation</span>
            </div>
            <Label htmlFor={inputId} className="mt-5 block">
              Number of acres
            </Label>
            <NumberInput
              id={inputId}
              data-testid="calculator-acres"
              className="mt-1.5 h-14 text-2xl font-bold"
              min={range.min}
              max={range.max}
              step={1}
              value={acres}
              fallback={fallback}
              onValueChange={setAcres}
              onBlur={() => setAcres(effectiveAcres)}
              aria-describedby={hintId}
            />
            <p id={hintId} className={cn('mt-2 text-sm', belowMinimum ? 'font-medium text-gold-800' : 'text-slate-500')}>
              Minimum {range.min} {range.min === 1 ? 'acre' : 'acres'} required
            </p>
            <p className="mt-4 text-sm text-slate-600">
              Showing <strong data-testid="calculator-effective-acres">{effectiveAcres}</strong> acres at {wholesale} wholesale
              and {retail} retail per acre.
            </p>
          </div>
          <div className="grid gap-3" aria-live="polite">
            <ReturnOutput
              id={`${inputId}-wholesale`}
              testId="calculator-wholesale"
              label="Wholesale value (your investment)"
              caption={`${wholesale} per acre`}
              amount={returns.wholesaleValue}
            />
            <ReturnOutput
              id={`${inputId}-retail`}
              testId="calculator-retail"
              label="Retail value"
              caption={`${retail} per acre`}
              amount={returns.retailValue}
            />
            <ReturnOutput
              id={`${inputId}-spread`}
              testId="calculator-spread"
              label="Equity spread"
              caption="retail minus wholesale"
              amount={returns.equitySpread}
              emphasis
            />
          </div>
        </div>
      </div>
    </PageSection>
  );
}
