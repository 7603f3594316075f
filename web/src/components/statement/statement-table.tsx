import type { ReactNode } from 'react';
import { ScrollTable, type ScrollTableColumn } from '@/components/table/scroll-table';

export type StatementColumn<Sale> = ScrollTableColumn<Sale>;

/**
 * The columns every statement opens with: the day each sale was verified (as `formatDay`
 * words it) and its client; `cells` are the two body cells' classes.
 */
export function saleColumns<Sale extends { verifiedAt: string; clientName: string }>(
  formatDay: (iso: string) => string,
  cells: { verified: string; client: string },
): StatementColumn<Sale>[] {
  return [
    {
      header: 'Verified',
      headClassName: 'py-2 pr-2 font-medium',
      className: cells.verified,
      cell: (sale) => formatDay(sale.verifiedAt),
    },
    { header: 'Client', headClassName: 'px-2 py-2 font-medium', className: cells.client, cell: (sale) => sale.clientName },
  ];
}

export type StatementTableProps<Sale> = {
  /** 'statement' for the affiliate's own, 'admin-statement' for the admin's view of it. */
  testIdPrefix: string;
  /** The table's classes: its minimum width decides where a phone starts to scroll it. */
  tableClassName: string;
  sales: readonly Sale[];
  columns: readonly StatementColumn<Sale>[];
  /** The totals row's cells. */
  totals: ReactNode;
  totalsClassName: string;
};

/** A month's verified sales of an affiliate, one row each, with the month's totals. */
export function StatementTable<Sale extends { id: string }>({
  testIdPrefix,
  tableClassName,
  sales,
  columns,
  totals,
  totalsClassName,
}: StatementTableProps<Sale>) {
  return (
    <ScrollTable
      label="Statement table"
      tableClassName={tableClassName}
      testId={`${testIdPrefix}-table`}
      columns={columns}
      rows={sales}
      rowKey={(sale) => sale.id}
      rowClassName="border-b border-slate-100"
      rowTestId={`${testIdPrefix}-row`}
      footer={
        <tr className={totalsClassName} data-testid={`${testIdPrefix}-totals`}>
          {totals}
        </tr>
      }
    />
  );
}
