import type { AdminCountersResponse as Counters } from '@acres/contracts';
import { CircleCheck, Clock, type LucideIcon, Receipt, Users } from 'lucide-react';
import { cn } from '@/lib/cn';

type CounterKey = 'totalLeads' | 'totalPayments' | 'pendingApprovals' | 'approvedPayments';

type CounterSpec = {
  key: CounterKey;
  label: string;
  icon: LucideIcon;
  tone: string;
};

const COUNTERS: readonly CounterSpec[] = [
  { key: 'totalLeads', label: 'Total Leads', icon: Users, tone: 'bg-brand-50 text-brand-700' },
  { key: 'totalPayments', label: 'Total Payments', icon: Receipt, tone: 'bg-sky-50 text-sky-700' },
  { key: 'pendingApprovals', label: 'Pending Approvals', icon: Clock, tone: 'bg-amber-50 text-amber-700' },
  { key: 'approvedPayments', label: 'Approved Payments', icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700' },
];

const plural = (count: number, one: string) => `${count.toLocaleString('en-NG')} ${one}${count === 1 ? '' : 's'}`;

/**
 * Pending Approvals is everything waiting for a decision: the applications the Applications
 * list shows under Pending and the payment proofs the Payments list shows under Pending.
 */
const valueOf = (counters: Counters | undefined, key: CounterKey) => {
  if (!counters) return undefined;
  return key === 'pendingApprovals' ? counters.pendingApprovals + counters.pendingApplications : counters[key];
};

/** The four counters of SPEC 2 (Admin), as one strip that leaves the first screen to the list below it. */
export function AdminCounters({ counters }: { counters: Counters | undefined }) {
  return (
    <ul aria-label="Counters" className="grid grid-cols-2 gap-2 lg:grid-cols-4 lg:gap-3">
      {COUNTERS.map(({ key, label, icon: Icon, tone }) => {
        const value = valueOf(counters, key);
        const attention = key === 'pendingApprovals' && (value ?? 0) > 0;
        return (
          <li
            key={key}
            data-testid={`counter-${key}`}
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-white px-3 py-2 shadow-sm',
              attention ? 'border-amber-300' : 'border-slate-200',
            )}
          >
            <span className={cn('hidden size-8 shrink-0 items-center justify-center rounded-full sm:flex', tone)}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-600">{label}</p>
              <p className="text-xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="counter-value">
                {value === undefined ? <span className="text-slate-500">—</span> : value.toLocaleString('en-NG')}
              </p>
              {key === 'pendingApprovals' && counters ? (
                <p className="text-xs text-slate-600" data-testid="counter-pending-parts">
                  {plural(counters.pendingApplications, 'application')} · {plural(counters.pendingApprovals, 'payment')}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
