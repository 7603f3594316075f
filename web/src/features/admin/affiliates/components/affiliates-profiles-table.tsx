import { type AdminAffiliate, type AdminAffiliatesResponse, formatNaira } from '@acres/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/features/admin/shell/lib/format-date';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { RowCard, Stacked } from '@/features/admin/shell/components/row-parts';
import { formatNigerianPhone } from '@/features/admin/shell/lib/format-phone';
import { formatPercent } from '../lib/sale-review-model';

// SPEC 4: an active affiliate is shown with the default badge.
const STATUS_VARIANTS = { active: 'default', suspended: 'warning', inactive: 'secondary' } as const;

export function AffiliateStatusBadge({ status }: { status: AdminAffiliate['status'] }) {
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? 'secondary'} className="capitalize" data-testid="affiliate-status">
      {status}
    </Badge>
  );
}

/** '2 verified · 1 pending' (and rejected ones when there are any). */
export function salesBreakdown(a: AdminAffiliate): string {
  const parts = [`${a.verifiedSales} verified`, `${a.pendingSales} pending`];
  if (a.rejectedSales > 0) parts.push(`${a.rejectedSales} rejected`);
  return parts.join(' · ');
}

const columns: readonly DataColumn<AdminAffiliate>[] = [
  {
    id: 'name',
    header: 'Affiliate',
    cell: (a) => <Stacked value={a.fullName} detail={a.email} detailClassName="text-xs break-all text-slate-500" />,
  },
  {
    id: 'phone',
    header: 'Phone',
    className: 'whitespace-nowrap text-slate-700 tabular-nums',
    cell: (a) => formatNigerianPhone(a.phone),
  },
  {
    id: 'code',
    header: 'Code',
    cell: (a) => <span className="font-mono text-xs font-semibold tracking-wide text-brand-800">{a.referralCode}</span>,
  },
  {
    id: 'rate',
    header: 'Rate',
    align: 'right',
    cell: (a) => <span className="tabular-nums">{formatPercent(a.commissionRate)}</span>,
  },
  {
    id: 'sales',
    header: 'Sales',
    cell: (a) => (
      <span className="flex flex-col" data-testid="affiliate-sales-counts">
        <span className="font-semibold text-slate-900 tabular-nums">{a.totalSales}</span>
        <span className="text-xs whitespace-nowrap text-slate-500">{salesBreakdown(a)}</span>
      </span>
    ),
  },
  {
    id: 'commissions',
    header: 'Commissions',
    align: 'right',
    cell: (a) => (
      <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="affiliate-commissions">
        {formatNaira(a.totalCommissions)}
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (a) => <AffiliateStatusBadge status={a.status} /> },
  {
    id: 'joined',
    header: 'Joined',
    className: 'whitespace-nowrap text-slate-600',
    cell: (a) => <time dateTime={a.joinedAt}>{formatDate(a.joinedAt)}</time>,
  },
];

function AffiliateCard({ affiliate: a }: { affiliate: AdminAffiliate }) {
  return (
    <RowCard
      title={a.fullName}
      lines={
        <>
          <span className="truncate text-sm text-slate-500">{a.email}</span>
          <span className="text-sm text-slate-500 tabular-nums">{formatNigerianPhone(a.phone)}</span>
        </>
      }
      badge={<AffiliateStatusBadge status={a.status} />}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-mono text-xs font-semibold tracking-wide text-brand-800">{a.referralCode}</span>
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
        <span className="text-slate-700">{formatPercent(a.commissionRate)}</span>
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
        <span className="text-slate-600">Joined {formatDate(a.joinedAt)}</span>
      </span>
      <span className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
        <span className="text-slate-600" data-testid="affiliate-sales-counts">
          <span className="font-semibold text-slate-900">{a.totalSales}</span> sales · {salesBreakdown(a)}
        </span>
        <span className="font-semibold whitespace-nowrap text-emerald-800 tabular-nums" data-testid="affiliate-commissions">
          {formatNaira(a.totalCommissions)}
        </span>
      </span>
    </RowCard>
  );
}

export const AFFILIATES_LIST: AdminList<AdminAffiliate, AdminAffiliatesResponse> = {
  headingId: 'affiliate-profiles-heading',
  label: 'Affiliates',
  rows: 'affiliates',
  skeletonRows: 3,
  rowLabel: (a) => `affiliate ${a.fullName}`,
  caption: 'Affiliates',
  columns,
  renderCard: (a) => <AffiliateCard affiliate={a} />,
  rowTestId: 'affiliate-row',
};
