import type { AffiliateStats } from '@acres/contracts/affiliate';
import { formatNaira } from '@acres/contracts/money';
import { CheckCircle2, FileText, LandPlot, TrendingUp, Users, Wallet } from 'lucide-react';
import { formatAcres } from '../lib/format';

const REFERRAL_COUNTS = [
  { Icon: Users, label: 'Referred leads', key: 'referredLeads', testId: 'stat-referred-leads' },
  { Icon: FileText, label: 'Referred applications', key: 'referredApplications', testId: 'stat-referred-applications' },
] as const;

/** The four stat cards (SPEC 2) and the referral counts, on the dashboard's dark band. */
export function StatCards({ stats }: { stats: AffiliateStats | undefined }) {
  const value = (read: (s: AffiliateStats) => string) => (stats ? read(stats) : '—');
  const cards = [
    {
      label: 'Total Sales',
      Icon: TrendingUp,
      value: value((s) => String(s.totalSales)),
      note: 'Reported by you',
      testId: 'stat-total-sales',
    },
    {
      label: 'Acres Sold',
      Icon: LandPlot,
      value: value((s) => formatAcres(s.totalAcresSold)),
      note: 'Across your sales',
      testId: 'stat-acres-sold',
    },
    {
      label: 'Verified Sales',
      Icon: CheckCircle2,
      value: value((s) => String(s.verifiedSales)),
      note: stats ? `${stats.pendingSales} pending` : 'Pending: —',
      testId: 'stat-verified-sales',
      noteTestId: 'stat-pending-sales',
    },
    {
      label: 'Total Commissions',
      Icon: Wallet,
      value: value((s) => formatNaira(s.totalCommissions)),
      note: 'On verified sales',
      testId: 'stat-total-commissions',
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, Icon, value: shown, note, testId, noteTestId }) => (
          <div
            key={label}
            className="rounded-xl border border-white/10 bg-white/10 px-3 py-3 sm:px-5 sm:py-4"
            data-testid={testId}
          >
            <dt className="flex items-center gap-1.5 text-[11px] font-medium tracking-wide text-brand-100 uppercase sm:text-xs">
              <Icon className="size-3.5 text-gold-300" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 truncate text-xl font-bold text-white sm:text-2xl" data-testid={`${testId}-value`}>
              {shown}
            </dd>
            <dd className="mt-0.5 text-xs text-brand-200" data-testid={noteTestId}>
              {note}
            </dd>
          </div>
        ))}
      </dl>
      <p className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-brand-100" data-testid="referral-counts">
        {REFERRAL_COUNTS.map(({ Icon, label, key, testId }) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <Icon className="size-4 text-gold-300" aria-hidden="true" />
            {label}:{' '}
            <strong className="text-white" data-testid={testId}>
              {stats ? stats[key] : '—'}
            </strong>
          </span>
        ))}
      </p>
    </div>
  );
}
