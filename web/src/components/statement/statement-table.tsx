import type { ReactNode } from 'react';
import { ScrollTable, type ScrollTableColumn } from '@/components/table/scroll-table';

export type StatementColumn<Sale> = ScrollTableColumn<Sale>;

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
