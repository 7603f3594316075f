import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type DataColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  align?: 'left' | 'right';
};

export type DataTableProps<T> = {
  caption: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  /** Accessible name of the button that opens a row (e.g. the person's name). */
  rowLabel: (row: T) => string;
  onOpen: (row: T) => void;
  /** The phone layout: each row becomes a card. */
  renderCard: (row: T) => ReactNode;
  rowTestId?: string;
  busy?: boolean;
};

/**
 * The row buttons are named by their visible text after a hidden 'Open …:' (no aria-label,
 * which would hide the visible email from speech users: WCAG 2.5.3, label in name).
 *
 * A clickable list that is a table from 768 px up and a stack of cards below it.
 * The first cell holds the row's button, so keyboard users can open a row too.
 */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  rowLabel,
  onOpen,
  renderCard,
  rowTestId,
  busy = false,
}: DataTableProps<T>) {
  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn('px-4 py-3 whitespace-nowrap', column.align === 'right' && 'text-right', column.className)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-testid={rowTestId}
                onClick={() => onOpen(row)}
                className="cursor-pointer transition-colors hover:bg-brand-50/60"
              >
                {columns.map((column, index) => (
                  <td
                    key={column.id}
                    className={cn('px-4 py-3 align-middle', column.align === 'right' && 'text-right', column.className)}
                  >
                    {index === 0 ? (
                      <button
                        type="button"
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(row);
                        }}
                        className="text-left focus-visible:outline-2 focus-visible:outline-gold-500"
                      >
                        <span className="sr-only">Open {rowLabel(row)}: </span>
                        {column.cell(row)}
                      </button>
                    ) : (
                      column.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <button
              type="button"
              data-testid={rowTestId}
              onClick={() => onOpen(row)}
              className="w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-gold-500"
            >
              <span className="sr-only">Open {rowLabel(row)}: </span>
              {renderCard(row)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
