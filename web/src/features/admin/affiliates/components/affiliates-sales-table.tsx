import { type AdminAffiliateSale, type AdminAffiliateSalesResponse, formatNaira } from '@acres/contracts';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { RowCard, Stacked } from '@/features/admin/shell/components/row-parts';
import { StatusBadge } from '@/features/admin/shell/components/status-badge';
import { formatDate } from '@/features/admin/shell/lib/format-date';
import { formatNigerianPhone } from '@/features/admin/shell/lib/format-phone';
import { formatCalendarDate, formatPercent, paymentPlanLabel, saleAcresLabel } from '../lib/sale-review-model';

/** The affiliate as the read model knows them; words, never a piece of their id, while their profile lags behind. */
export function saleAffiliateName(sale: AdminAffiliateSale): string {
  return sale.affiliateName || 'An affiliate without a name';
}

function ReferralCode({ code }: { code: string | null }) {
  return code ? <span className="font-mono text-xs tracking-wide text-slate-500">{code}</span> : null;
}

/** The verified sale's commission and the rate fixed with it; a dash before that. */
export function SaleCommission({ sale, align = 'end' }: { sale: AdminAffiliateSale; align?: 'start' | 'end' }) {
  if (sale.status !== 'verified' || sale.computedCommission === null) return <span className="text-slate-500">—</span>;
  return (
    <span className={align === 'end' ? 'flex flex-col items-end' : 'flex flex-col'} data-testid="sale-commission">
      <span className="font-semibold text-emerald-800 tabular-nums">{formatNaira(sale.computedCommission)}</span>
      {sale.commissionRate == null ? null : (
        <span className="text-xs text-slate-500">at {formatPercent(sale.commissionRate)}</span>
      )}
    </span>
  );
}

const columns: readonly DataColumn<AdminAffiliateSale>[] = [
  {
    id: 'client',
    header: 'Client',
    cell: (s) => (
      <Stacked
        value={s.clientName}
        detail={formatNigerianPhone(s.clientPhone)}
        detailClassName="text-xs whitespace-nowrap text-slate-500 tabular-nums"
      />
    ),
  },
  {
    id: 'acres',
    header: 'Acres',
    align: 'right',
    cell: (s) => <span className="font-semibold tabular-nums">{s.acresPurchased.toLocaleString('en-NG')}</span>,
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (s) => (
      <Stacked
        value={formatNaira(s.amount)}
        detail={paymentPlanLabel(s.paymentPlan)}
        className="items-end"
        valueClassName="font-semibold whitespace-nowrap text-slate-900 tabular-nums"
      />
    ),
  },
  {
    id: 'sold',
    header: 'Sold on',
    className: 'whitespace-nowrap text-slate-600',
    cell: (s) => formatCalendarDate(s.transactionDate) ?? '—',
  },
  {
    id: 'affiliate',
    header: 'Affiliate',
    cell: (s) => (
      <span className="flex flex-col">
        <span className="text-slate-900">{saleAffiliateName(s)}</span>
        <ReferralCode code={s.referralCode} />
      </span>
    ),
  },
  {
    id: 'reported',
    header: 'Reported',
    className: 'whitespace-nowrap text-slate-600',
    cell: (s) => <time dateTime={s.reportedAt}>{formatDate(s.reportedAt)}</time>,
  },
  { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  { id: 'commission', header: 'Commission', align: 'right', cell: (s) => <SaleCommission sale={s} /> },
];

function SaleCard({ sale: s }: { sale: AdminAffiliateSale }) {
  const sold = formatCalendarDate(s.transactionDate);
  return (
    <RowCard
      title={s.clientName}
      lines={<span className="text-sm text-slate-500 tabular-nums">{formatNigerianPhone(s.clientPhone)}</span>}
      badge={<StatusBadge status={s.status} />}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-brand-800">
          {saleAcresLabel(s.acresPurchased)} · {formatNaira(s.amount)}
        </span>
        {s.paymentPlan ? <span className="text-slate-500">· {paymentPlanLabel(s.paymentPlan)}</span> : null}
      </span>
      <span className="flex flex-col gap-0.5 text-xs text-slate-600">
        <span className="flex flex-wrap items-center gap-x-2">
          <span>
            Via <span className="font-medium text-slate-800">{saleAffiliateName(s)}</span>
          </span>
          <ReferralCode code={s.referralCode} />
        </span>
        <span>
          {sold ? `Sold ${sold} · ` : ''}Reported {formatDate(s.reportedAt)}
        </span>
      </span>
      {s.status === 'verified' && s.computedCommission !== null ? (
        <span className="flex items-center justify-between rounded-lg bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900">
          <span>Commission</span>
          <SaleCommission sale={s} />
        </span>
      ) : null}
    </RowCard>
  );
}

export const SALES_LIST: AdminList<AdminAffiliateSale, AdminAffiliateSalesResponse> = {
  headingId: 'affiliate-sales-heading',
  label: 'Sales',
  rows: 'sales',
  skeletonRows: 3,
  stepBackWhenEmpty: true,
  rowLabel: (s) => `sale of ${saleAcresLabel(s.acresPurchased)} to ${s.clientName}`,
  caption: 'Sales reported by affiliates, newest first',
  columns,
  renderCard: (s) => <SaleCard sale={s} />,
  rowTestId: 'affiliate-sale-row',
};
