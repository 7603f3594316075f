import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type PaginationProps = {
  offset: number;
  pageSize: number;
  total: number;
  shown: number;
  /**
   * The answer's keyset cursors: Next and Previous pass them on (null: no such page).
   * Without them the buttons page by offset, as before.
   */
  nextCursor?: string | null | undefined;
  prevCursor?: string | null | undefined;
  onOffsetChange: (offset: number, cursor?: string) => void;
  label: string;
  /** The server stopped counting: at least `total` rows (shown as '1000+'). */
  totalCapped?: boolean | undefined;
};

/** 'Showing 51–100 of 132' with Previous / Next. */
export function Pagination({
  offset,
  pageSize,
  total,
  shown,
  nextCursor,
  prevCursor,
  onOffsetChange,
  label,
  totalCapped,
}: PaginationProps) {
  if (total === 0) return null;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + shown, total);
  const hasPrevious = offset > 0;
  // A search's total is capped by the server, so the cursor, when given, says whether there is more.
  const hasNext = nextCursor === undefined ? offset + pageSize < total : nextCursor !== null;
  const previousOffset = Math.max(0, offset - pageSize);
  // Back to the first page without a cursor: it then shows what arrived meanwhile.
  const previousCursor = previousOffset > 0 ? (prevCursor ?? undefined) : undefined;
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-col items-center justify-between gap-3 pt-4 text-sm text-slate-600 sm:flex-row"
    >
      <p data-testid="pagination-summary" aria-live="polite">
        Showing <span className="font-semibold text-slate-900">{first}</span>–
        <span className="font-semibold text-slate-900">{last}</span> of{' '}
        <span className="font-semibold text-slate-900">
          {total}
          {totalCapped ? '+' : ''}
        </span>
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!hasPrevious}
            onClick={() => onOffsetChange(previousOffset, previousCursor)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasNext}
            onClick={() => onOffsetChange(offset + pageSize, nextCursor ?? undefined)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
