import type { AdminCounters as Counters } from '@acres/contracts';
import { CircleCheck, Clock, type LucideIcon, Receipt, Users } from 'lucide-react';
import { cn } from '@/lib/cn';

type CounterSpec = {
  key: keyof Counters;
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

/** The four counters of SPEC 2 (Admin). */
export function AdminCounters({ counters }: { counters: Counters | undefined }) {
  return (
    <ul aria-label="Counters" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {COUNTERS.map(({ key, label, icon: Icon, tone }) => {
        const value = counters?.[key];
        const attention = key === 'pendingApprovals' && (value ?? 0) > 0;
        return (
          <li
            key={key}
            data-testid={`counter-${key}`}
            className={cn(
              'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5',
              attention ? 'border-amber-300' : 'border-slate-200',
            )}
          >
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <div className="flex items-end justify-between gap-2">
              <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid="counter-value">
                {value === undefined ? <span className="text-slate-500">—</span> : value.toLocaleString('en-NG')}
              </p>
              <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
