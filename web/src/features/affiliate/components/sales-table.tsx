import type { Sale } from '@acres/contracts/affiliate';
import { formatNaira } from '@acres/contracts/money';
import { formatPhoneForTyping } from '@acres/contracts/phone';
import { ClipboardList, Plus, RefreshCw } from 'lucide-react';
import { ScrollTable, type ScrollTableColumn } from '@/components/table/scroll-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { describeCommissionStatus, formatAcres, formatDay, formatPercent } from '../lib/format';
import { SaleStatusBadge } from './sale-status-badge';
import { ListEmpty, ListError, ListLoading } from '@/components/feedback/list-states';

export type SalesCardProps = {
  sales: Sale[] | undefined;
  error: unknown;
  isValidating: boolean;
  onRefresh: () => void;
  onReport: () => void;
  className?: string;
};

function Commission({ sale }: { sale: Sale }) {
  if (sale.status !== 'verified' || sale.computedCommission === null) return <span className="text-slate-500">—</span>;
  return (
    <span className="font-semibold text-brand-800">
      {formatNaira(sale.computedCommission)}
      {sale.commissionRate ? (
        <span className="block text-xs font-normal text-slate-500">({formatPercent(sale.commissionRate)})</span>
      ) : null}
      <span className="block text-xs font-normal whitespace-normal text-slate-600" data-testid="sale-commission-status">
        {describeCommissionStatus(sale)}
      </span>
    </span>
  );
}

const NUMBER_HEAD = 'px-2.5 py-2 text-right font-medium';
const NUMBER_CELL = 'px-2.5 py-3 text-right whitespace-nowrap';

const COLUMNS: readonly ScrollTableColumn<Sale>[] = [
  {
    header: 'Client · Phone',
    headClassName: 'py-2 pr-3 font-medium',
    className: 'max-w-44 py-3 pr-3',
    cell: (sale) => (
      <>
        <span className="block truncate font-medium text-slate-900" title={sale.clientName}>
          {sale.clientName}
        </span>
        <span className="block text-xs whitespace-nowrap text-slate-500">{formatPhoneForTyping(sale.clientPhone)}</span>
      </>
    ),
  },
  { header: 'Acres', headClassName: NUMBER_HEAD, className: NUMBER_CELL, cell: (sale) => formatAcres(sale.acresPurchased) },
  { header: 'Amount', headClassName: NUMBER_HEAD, className: NUMBER_CELL, cell: (sale) => formatNaira(sale.amount) },
  {
    header: 'Status · Reported',
    headClassName: 'px-2.5 py-2 font-medium',
    className: 'px-2.5 py-3',
    cell: (sale) => (
      <>
        <SaleStatusBadge status={sale.status} />
        <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">{formatDay(sale.reportedAt)}</span>
      </>
    ),
  },
  {
    header: 'Commission',
    headClassName: 'py-2 pl-3 text-right font-medium',
    className: 'py-3 pl-3 text-right whitespace-nowrap',
    cellTestId: 'sale-commission',
    cell: (sale) => <Commission sale={sale} />,
  },
];

function SalesBody({ sales, error, onRefresh, onReport }: SalesCardProps) {
  if (!sales && error) {
    return <ListError what="your sales" error={error} onRetry={onRefresh} />;
  }
  if (!sales) {
    return <ListLoading>Loading your sales…</ListLoading>;
  }
  if (sales.length === 0) {
    return (
      <ListEmpty icon={ClipboardList} title="No sales reported yet" testId="sales-empty">
        <p className="max-w-xs text-sm text-slate-600">
          When a client you referred pays, report the sale here. We verify it and fix your commission.
        </p>
        <Button size="sm" onClick={onReport}>
          <Plus aria-hidden="true" />
          Report New Sale
        </Button>
      </ListEmpty>
    );
  }
  return (
    <>
      {/* Phones: one card per sale; wider screens: the table. */}
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Your sales">
        {sales.map((sale) => (
          <li key={sale.id} className="rounded-xl border border-slate-200 p-4" data-testid="sale-item" data-sale-id={sale.id}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">{sale.clientName}</p>
                <p className="text-xs text-slate-500">{formatPhoneForTyping(sale.clientPhone)}</p>
              </div>
              <SaleStatusBadge status={sale.status} />
            </div>
            {/* Two columns: a ₦700,000,000 sale and its commission need the room on a 360 px phone. */}
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Acres</dt>
                <dd className="font-medium">{formatAcres(sale.acresPurchased)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Amount</dt>
                <dd className="font-medium">{formatNaira(sale.amount)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Commission</dt>
                <dd>
                  <Commission sale={sale} />
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-slate-500">Reported {formatDay(sale.reportedAt)}</p>
          </li>
        ))}
      </ul>
      {/* Fits its card at 1280 px (status and date share a column, the rate sits under the
          commission); between tablet widths it may scroll, so keyboards can reach it. */}
      <ScrollTable
        label="Your sales table"
        regionClassName="hidden overflow-x-auto md:block"
        tableClassName="w-full text-left text-sm"
        testId="sales-table"
        columns={COLUMNS}
        rows={sales}
        rowKey={(sale) => sale.id}
        rowClassName="border-b border-slate-100 last:border-0"
        rowTestId="sale-row"
        rowData={(sale) => ({ 'data-sale-id': sale.id })}
      />
    </>
  );
}

/** SPEC 2: the sales table with the Report New Sale action. */
export function SalesCard(props: SalesCardProps) {
  return (
    <Card className={props.className} data-testid="sales-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1.5">
          <CardTitle className="text-xl text-brand-950">Your Sales</CardTitle>
          <CardDescription>Every sale you reported, newest first, with its verification status.</CardDescription>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={props.onRefresh} disabled={props.isValidating} aria-label="Refresh sales">
            <RefreshCw className={cn(props.isValidating && 'animate-spin')} aria-hidden="true" />
          </Button>
          <Button size="sm" onClick={props.onReport} data-testid="report-sale-open">
            <Plus aria-hidden="true" />
            Report New Sale
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <SalesBody {...props} />
      </CardContent>
    </Card>
  );
}
