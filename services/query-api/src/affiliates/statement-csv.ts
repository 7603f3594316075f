// The monthly statement as a spreadsheet download: one row per verified sale, then a
// total row. Small by nature (one affiliate, one month), so it is built in one piece.

import { type AffiliateStatement, type StatementSale } from '@acres/contracts/affiliate-reads';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';
import { COMMISSION_STATUS_LABELS } from '@acres/contracts/payout';
import { encodeCsvRow, UTF8_BOM, type CsvValue } from '../shared/csv.ts';

const COLUMNS: readonly [header: string, cell: (sale: StatementSale) => CsvValue][] = [
  ['Sale ID', (sale) => sale.id],
  ['Client Name', (sale) => sale.clientName],
  ['Acres', (sale) => sale.acres],
  ['Amount (NGN)', (sale) => sale.amount],
  ['Verified At (Lagos)', (sale) => formatSortableLagosTime(sale.verifiedAt)],
  ['Commission Rate (%)', (sale) => sale.commissionRate],
  ['Commission (NGN)', (sale) => sale.computedCommission],
  ['Commission Status', (sale) => COMMISSION_STATUS_LABELS[sale.commissionStatus]],
  ['Paid At (Lagos)', (sale) => (sale.paidAt ? formatSortableLagosTime(sale.paidAt) : '')],
  ['Transfer Reference', (sale) => sale.transferReference ?? ''],
];

export const STATEMENT_CSV_HEADER = COLUMNS.map(([header]) => header);

/** `affiliate-statement-2026-04-at-12345.csv`: the month and the log position it was taken at. */
export const statementCsvFileName = (month: string, position: string) => `affiliate-statement-${month}-at-${position}.csv`;

/**
 * The whole file: BOM, header, sales in statement order, and the totals. The header comes
 * first (a spreadsheet reads the first line as the column names); the position the file is
 * exactly as of is in its name. No "taken at" clock: the same position gives the same bytes.
 */
export const encodeStatementCsv = (statement: AffiliateStatement): string => {
  const { totals } = statement;
  return (
    UTF8_BOM +
    encodeCsvRow(STATEMENT_CSV_HEADER) +
    statement.sales.map((sale) => encodeCsvRow(COLUMNS.map(([, cell]) => cell(sale)))).join('') +
    encodeCsvRow([
      `Total (${totals.sales} ${totals.sales === 1 ? 'sale' : 'sales'})`,
      '',
      totals.acres,
      totals.amount,
      '',
      '',
      totals.commission,
      '',
      '',
      '',
    ])
  );
};
