import { useCallback, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '../api/admin-client';

export type ListPaging = {
  /** The page shown, as the list's query asks for it. */
  page: AdminPage;
  /** Shows the page at `offset` (by `cursor` when the answer gave one). */
  goTo: (offset: number, cursor?: string) => void;
  /** Back to the first page. */
  reset: () => void;
  /** From the page at `offset`, left empty, to the last page of `total` rows. */
  stepBack: (offset: number, total: number) => void;
};

/** A list's filter with its page: choosing another filter starts again at the first page. */
export function useFilteredList<F extends string>(initial: F): { filter: F; setFilter: (next: F) => void; paging: ListPaging } {
  const [filter, setFilter] = useState(initial);
  const paging = useListPaging(filter);
  return {
    filter,
    setFilter: (next) => {
      setFilter(next);
      paging.reset();
    },
    paging,
  };
}

/** The page of a list belongs to its filter (`key`): another filter starts again at the first page. */
export function useListPaging(key: string): ListPaging {
  const [paging, setPaging] = useState<AdminPage & { key: string }>({ key, offset: 0 });
  const stepBack = useCallback(
    (offset: number, total: number) => {
      const last = total > 0 ? Math.floor((total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE : 0;
      setPaging((current) =>
        current.key === key && current.offset === offset
          ? // By offset: the cursor of a page left empty has no rows to step back from.
            { key, offset: Math.min(last, offset - ADMIN_PAGE_SIZE) }
          : current,
      );
    },
    [key],
  );
  return {
    page: paging.key === key ? { offset: paging.offset, cursor: paging.cursor } : { offset: 0 },
    goTo: (offset, cursor) => setPaging({ key, offset, cursor }),
    reset: () => setPaging({ key, offset: 0 }),
    stepBack,
  };
}
