import type { ReactNode } from 'react';

export type ScrollTableColumn<T> = {
  header: ReactNode;
  /** The header cell's classes. */
  headClassName: string;
  /** Each body cell's classes. */
  className?: string;
  cell: (row: T) => ReactNode;
  cellTestId?: string;
};

export type ScrollTableProps<T> = {
  /** The scrolling region's name. */
  label: string;
  regionClassName?: string;
  tableClassName: string;
  testId: string;
  columns: readonly ScrollTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName: string;
  rowTestId: string;
  /** A row's data attributes (e.g. its record's id for a test). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** The totals row under the body. */
  footer?: ReactNode;
};

/**
 * A plain table in a region that scrolls sideways where the screen is narrower than the table;
 * the region takes focus so keyboards can scroll it too.
 */
export function ScrollTable<T>({
  label,
  regionClassName = 'overflow-x-auto',
  tableClassName,
  testId,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowTestId,
  rowData,
  footer,
}: ScrollTableProps<T>) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe scrollable-region-focusable)
    <div className={regionClassName} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClassName} data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.headClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName} data-testid={rowTestId} {...rowData?.(row)}>
              {columns.map((column, index) => (
                <td key={index} className={column.className} data-testid={column.cellTestId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
