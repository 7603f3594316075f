import { type Allocation, PARTNER_SLOTS, PROJECT_ACRES } from '@acres/contracts';
import { LandPlot, type LucideIcon, UsersRound } from 'lucide-react';
import { cn } from '@/lib/cn';

type MeterProps = {
  label: string;
  icon: LucideIcon;
  used: number | undefined;
  max: number;
  unit: (n: number) => string;
  remainingLabel: (n: number) => string;
  testId: string;
};

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;
}

function Meter({ label, icon: Icon, used, max, unit, remainingLabel, testId }: MeterProps) {
  const known = used !== undefined;
  const value = Math.min(Math.max(used ?? 0, 0), max);
  const ratio = max > 0 ? value / max : 0;
  const remaining = Math.max(max - value, 0);
  // Amber from 80 % used, red when nothing is left: the admin sees a limit coming.
  const tone = remaining === 0 ? 'bg-red-600' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600';
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
          <Icon className="size-4 text-brand-700" aria-hidden="true" />
          {label}
        </p>
        <p className="text-sm text-slate-600 tabular-nums" data-testid={`${testId}-remaining`}>
          {known ? remainingLabel(remaining) : '—'}
        </p>
      </div>
      <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`${testId}-used`}>
        {known ? value.toLocaleString('en-NG') : <span className="text-slate-500">—</span>}
        <span className="text-base font-medium text-slate-500"> of {unit(max)}</span>
      </p>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={known ? `${value} of ${unit(max)} used, ${remainingLabel(remaining)}` : 'Loading'}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cn('h-full rounded-full transition-[width] duration-500', tone)} style={{ width: `${ratio * 100}%` }} />
      </div>
    </div>
  );
}

/** How much of the project is taken: approved acres of 200 and partners of 10 (SPEC 1, 9). */
export function AllocationGauge({ allocation }: { allocation: Allocation | undefined }) {
  const acresMax = allocation ? allocation.acresApproved + allocation.acresRemaining : PROJECT_ACRES;
  const partnersMax = allocation?.partnerSlots ?? PARTNER_SLOTS;
  return (
    <section
      aria-label="Project allocation"
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:gap-8 sm:p-5"
      data-testid="allocation-gauge"
    >
      <Meter
        label="Acres allocated"
        icon={LandPlot}
        used={allocation?.acresApproved}
        max={acresMax}
        unit={(n) => plural(n, 'acre', 'acres')}
        remainingLabel={(n) => `${plural(n, 'acre', 'acres')} remaining`}
        testId="allocation-acres"
      />
      <Meter
        label="Partners"
        icon={UsersRound}
        used={allocation?.partners}
        max={partnersMax}
        unit={(n) => plural(n, 'slot', 'slots')}
        remainingLabel={(n) => `${plural(n, 'slot', 'slots')} open`}
        testId="allocation-partners"
      />
    </section>
  );
}
