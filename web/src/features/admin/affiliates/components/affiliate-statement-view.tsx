import { type AdminAffiliate, formatNaira } from '@acres/contracts';
import type { AffiliateStatement } from '@acres/contracts/affiliate-reads';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { AsOfControl } from '@/components/as-of/as-of-control';
import type { AsOf } from '@/components/as-of/as-of-query';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { saleColumns, type StatementColumn, StatementTable } from '@/components/statement/statement-table';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { formatDate } from '@/features/admin/shell/lib/format-date';
import { describeError } from '@/lib/problem';
import { downloadAdminStatementCsv, useAdminAffiliateStatement } from '../api/accounts-api';
import { formatPercent } from '../lib/sale-review-model';
import { commissionStatusLabel, formatMonth, recentMonths } from '../lib/payout-format';

const COLUMNS: readonly StatementColumn<AffiliateStatement['sales'][number]>[] = [
  ...saleColumns<AffiliateStatement['sales'][number]>(formatDate, {
    verified: 'py-2 pr-2 whitespace-nowrap text-slate-600',
    client: 'max-w-40 truncate px-2 py-2',
  }),
  {
    header: 'Commission',
    headClassName: 'px-2 py-2 text-right font-medium',
    className: 'px-2 py-2 text-right whitespace-nowrap',
    cell: (sale) => (
      <>
        {formatNaira(sale.computedCommission)}{' '}
        <span className="text-xs text-slate-500">at {formatPercent(sale.commissionRate)}</span>
      </>
    ),
  },
  {
    header: 'Status',
    headClassName: 'py-2 pl-2 font-medium',
    className: 'py-2 pl-2 text-slate-700',
    cell: (sale) => (
      <>
        {commissionStatusLabel(sale.commissionStatus)}
        {sale.paidAt ? (
          <span className="block text-xs text-slate-500">
            {formatDate(sale.paidAt)} · {sale.transferReference}
          </span>
        ) : null}
      </>
    ),
  },
];

/** The affiliate's monthly statement as they see it, with each commission's payout state. */
export function AffiliateStatementView({ affiliate }: { affiliate: AdminAffiliate }) {
  const months = recentMonths(12);
  const [month, setMonth] = useState(months[0]!);
  const [asOf, setAsOf] = useState<AsOf>(null);
  const authorization = useAdminAuthorization();
  const { data, error } = useAdminAffiliateStatement(affiliate.userId, month, asOf);

  let body;
  if (error && !data) body = <p className="text-sm text-red-800">Could not load the statement: {describeError(error)}</p>;
  else if (!data) body = <p className="text-sm text-slate-500">Loading…</p>;
  else if (data.sales.length === 0)
    body = (
      <p className="text-sm text-slate-600" data-testid="admin-statement-empty">
        No verified sales in {formatMonth(month)}.
      </p>
    );
  else
    body = (
      <StatementTable
        testIdPrefix="admin-statement"
        tableClassName="w-full min-w-[32rem] text-left text-sm"
        sales={data.sales}
        columns={COLUMNS}
        totalsClassName="font-semibold"
        totals={
          <>
            <td className="py-2 pr-2" colSpan={2}>
              {data.totals.sales} sale{data.totals.sales === 1 ? '' : 's'}
            </td>
            <td className="px-2 py-2 text-right">{formatNaira(data.totals.commission)}</td>
            <td />
          </>
        }
      />
    );

  return (
    <DetailSection title="Monthly statement">
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="Statement month"
          data-testid="admin-statement-month"
          className="w-48"
          value={month}
          options={months.map((each) => ({ value: each, label: formatMonth(each) }))}
          onValueChange={setMonth}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={!authorization}
          onClick={() => {
            if (!authorization) return;
            downloadAdminStatementCsv(authorization, affiliate.userId, month, asOf).catch((failure: unknown) =>
              toast({ variant: 'destructive', title: 'Export failed', description: describeError(failure) }),
            );
          }}
        >
          <Download aria-hidden className="size-4" /> CSV
        </Button>
      </div>
      <AsOfControl value={asOf} onChange={setAsOf} subject="the statement" testId="admin-statement-as-of" />
      {body}
    </DetailSection>
  );
}
