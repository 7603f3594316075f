import type { AffiliateStatement } from '@acres/contracts/affiliate-reads';
import { formatNaira } from '@acres/contracts/money';
import { CircleAlert, Download, FileSpreadsheet } from 'lucide-react';
import { ListLoading } from '@/components/feedback/list-states';
import { useState } from 'react';
import { AsOfControl } from '@/components/as-of/as-of-control';
import type { AsOf } from '@/components/as-of/as-of-query';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { saleColumns, type StatementColumn, StatementTable } from '@/components/statement/statement-table';
import { describeError } from '@/lib/problem';
import { statementCsvUrl, useStatement } from '../api/affiliate-api';
import { describeCommissionStatus, formatAcres, formatDay, formatPercent } from '../lib/format';
import { currentMonth, formatMonth, statementMonths } from '../lib/statement-month';

const NUMBER_HEAD = 'px-2 py-2 text-right font-medium';
const NUMBER_CELL = 'px-2 py-2.5 text-right whitespace-nowrap';

const COLUMNS: readonly StatementColumn<AffiliateStatement['sales'][number]>[] = [
  ...saleColumns<AffiliateStatement['sales'][number]>(formatDay, {
    verified: 'py-2.5 pr-2 whitespace-nowrap text-slate-600',
    client: 'max-w-40 truncate px-2 py-2.5 font-medium text-slate-900',
  }),
  { header: 'Acres', headClassName: NUMBER_HEAD, className: NUMBER_CELL, cell: (sale) => formatAcres(sale.acres) },
  { header: 'Amount', headClassName: NUMBER_HEAD, className: NUMBER_CELL, cell: (sale) => formatNaira(sale.amount) },
  {
    header: 'Rate',
    headClassName: NUMBER_HEAD,
    className: NUMBER_CELL,
    cellTestId: 'statement-rate',
    cell: (sale) => formatPercent(sale.commissionRate),
  },
  {
    header: 'Commission',
    headClassName: 'py-2 pl-2 text-right font-medium',
    className: 'py-2.5 pl-2 text-right font-semibold whitespace-nowrap text-brand-800',
    cell: (sale) => (
      <>
        {formatNaira(sale.computedCommission)}
        <span className="block text-xs font-normal whitespace-normal text-slate-600" data-testid="statement-commission-status">
          {describeCommissionStatus(sale)}
        </span>
      </>
    ),
  },
];

function StatementBody({ statement }: { statement: AffiliateStatement }) {
  const { sales, totals } = statement;
  if (sales.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600"
        data-testid="statement-empty"
      >
        No verified sales in {formatMonth(statement.month)}.
      </p>
    );
  }
  // A phone scrolls the statement sideways; from 1280 px it fits its card, a ₦700,000,000 sale included.
  return (
    <StatementTable
      testIdPrefix="statement"
      tableClassName="w-full min-w-[36rem] text-left text-sm"
      sales={sales}
      columns={COLUMNS}
      totalsClassName="font-semibold text-slate-900"
      totals={
        <>
          <th scope="row" colSpan={2} className="pt-3 pr-2 text-left">
            Total · {totals.sales} {totals.sales === 1 ? 'sale' : 'sales'}
          </th>
          <td className="px-2 pt-3 text-right whitespace-nowrap">{formatAcres(totals.acres)}</td>
          <td className="px-2 pt-3 text-right whitespace-nowrap">{formatNaira(totals.amount)}</td>
          <td className="px-2 pt-3" />
          <td className="pt-3 pl-2 text-right whitespace-nowrap text-brand-800" data-testid="statement-total-commission">
            {formatNaira(totals.commission)}
          </td>
        </>
      }
    />
  );
}

/** The monthly commission statement: verified sales of a Lagos calendar month, totals and a CSV. */
export function StatementCard({ joinedAt, className }: { joinedAt: string; className?: string }) {
  const [month, setMonth] = useState(() => currentMonth());
  const [asOf, setAsOf] = useState<AsOf>(null);
  const months = statementMonths(joinedAt);
  const statement = useStatement(month, asOf);
  const shown = statement.data;

  return (
    <Card className={className} data-testid="statement-card">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-xl text-brand-950">
          <FileSpreadsheet className="size-5 text-brand-700" aria-hidden="true" />
          Monthly Statement
        </CardTitle>
        <CardDescription>Your verified sales of the month and the commission fixed on each.</CardDescription>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="statement-month" className="text-sm font-medium text-slate-700 sm:mr-1">
            Month
          </label>
          <Select
            id="statement-month"
            options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
            value={month}
            onValueChange={setMonth}
            className="sm:w-56"
            data-testid="statement-month"
          />
          <a
            href={statementCsvUrl(month, asOf)}
            download={`affiliate-statement-${month}.csv`}
            className={buttonVariants({ variant: 'outline', size: 'md', className: 'sm:ml-auto' })}
            data-testid="statement-csv"
          >
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </div>
        <AsOfControl value={asOf} onChange={setAsOf} subject="the statement" testId="statement-as-of" className="mt-2" />
      </CardHeader>
      <CardContent>
        {shown ? (
          <StatementBody statement={shown} />
        ) : statement.error ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
            <CircleAlert className="size-4" aria-hidden="true" />
            <span>Could not load the statement. {describeError(statement.error)}</span>
            <Button variant="outline" size="sm" onClick={() => void statement.mutate()}>
              Try again
            </Button>
          </div>
        ) : (
          <ListLoading>Loading the statement…</ListLoading>
        )}
      </CardContent>
    </Card>
  );
}
