import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../api/admin-client';
import type { ListPaging } from '../lib/use-list-paging';
import { DataTable, type DataTableProps } from './data-table';
import { ListSkeleton } from './list-skeleton';
import { Pagination } from './pagination';
import { PanelError } from './panel-error';

export type AdminListAnswer = {
  total: number;
  totalCapped?: boolean | undefined;
  nextCursor?: string | null | undefined;
  prevCursor?: string | null | undefined;
};

/** The keys of an answer that hold its rows. */
type RowsKey<T, D> = { [K in keyof D]: D[K] extends readonly T[] ? K : never }[keyof D];

/** What a list is: its name, where an answer holds its rows, its table (the rows, who opens one and whether it is busy come from the panel). */
export type AdminList<T, D> = Omit<DataTableProps<T>, 'rows' | 'onOpen' | 'busy' | 'rowKey'> & {
  /** The pagination's name, the section's unless a heading names it, and in lower case what failed to load. */
  label: string;
  /** The id of the heading that names the section. */
  headingId?: string;
  rows: RowsKey<T, D>;
  /** A row's key: its id unless said otherwise. */
  rowKey?: (row: T) => string;
  skeletonRows?: number;
  /** Decisions move rows out of a status filter: a page they left empty steps back to the last page that has rows. */
  stepBackWhenEmpty?: boolean;
};

const idOf = (row: unknown) => (row as { id: string }).id;

/** The list's answer and page, and what opening a row does. */
export type AdminListState<T, D> = {
  query: { data?: D | undefined; error?: unknown; isLoading: boolean; mutate: () => unknown };
  paging: ListPaging;
  open: (row: T) => void;
};

export type AdminListPanelProps<T, D> = {
  list: AdminList<T, D>;
  state: AdminListState<T, D>;
  /** What an empty answer shows. */
  empty: ReactNode;
  /** The heading, search and filters above the list. */
  header?: ReactNode;
  /** The row's dialog, after the list. */
  children?: ReactNode;
};

/** The row a dialog shows, and the way to choose it; it follows the list: after a refresh it is the row as it is now. */
export function useSelectedRow<T extends { id: string }>(rows: readonly T[] | undefined): [T | null, (row: T | null) => void] {
  const [selected, setSelected] = useState<T | null>(null);
  return [selected ? (rows?.find((row) => row.id === selected.id) ?? selected) : null, setSelected];
}

/** One admin list: its section, the states of its answer (error, loading, empty), the table and the pagination. */
export function AdminListPanel<T, D extends AdminListAnswer>({
  list: { label, headingId, rows: rowsKey, rowKey = idOf, skeletonRows, stepBackWhenEmpty = false, ...table },
  state: { query, paging, open },
  empty,
  header,
  children,
}: AdminListPanelProps<T, D>) {
  const { data, error, isLoading, mutate } = query;
  const rows = data ? (data[rowsKey] as readonly T[]) : undefined;
  const sectionRef = useRef<HTMLElement>(null);
  const {
    page: { offset },
    stepBack,
  } = paging;
  const total = data?.total;
  const emptied = stepBackWhenEmpty && rows?.length === 0 && offset > 0;
  useEffect(() => {
    if (emptied && total !== undefined) stepBack(offset, total);
  }, [emptied, total, offset, stepBack]);

  let body;
  if (error && !data) {
    body = <PanelError what={label.toLowerCase()} error={error} onRetry={() => void mutate()} />;
  } else if (!data || !rows) {
    body = <ListSkeleton rows={skeletonRows} />;
  } else if (rows.length === 0) {
    body = empty;
  } else {
    body = (
      <>
        <DataTable {...table} rowKey={rowKey} rows={rows} onOpen={open} busy={isLoading} />
        <Pagination
          label={label}
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          totalCapped={data.totalCapped}
          shown={rows.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            paging.goTo(next, nextCursor);
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-label={headingId ? undefined : label}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-4"
    >
      {header}
      {body}
      {children}
    </section>
  );
}
