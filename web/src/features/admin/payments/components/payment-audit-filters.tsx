import { UserRound, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LAGOS_ZONE_LABEL } from '@acres/contracts/lagos-time';
import { SearchInput } from '@/features/admin/shell/components/search-input';
import type { PaymentAuditFilter } from '../api/payments-api';
import { ExportPaymentsButton } from './export-payments-button';

type Props = {
  /** The filter as typed (the search before its debounce). */
  filter: PaymentAuditFilter;
  /** The filter the list and the export use. */
  applied: PaymentAuditFilter;
  onChange: (patch: Partial<PaymentAuditFilter>) => void;
  onClear: () => void;
  searching: boolean;
  rangeError: string | null;
};

export function hasAuditFilter(filter: PaymentAuditFilter): boolean {
  return filter.search.trim() !== '' || filter.from !== '' || filter.to !== '' || filter.investor !== null;
}

/** The payment audit's search, submission dates (Lagos days), investor and the export of what they select. */
export function PaymentAuditFilters({ filter, applied, onChange, onClear, searching, rangeError }: Props) {
  const id = useId();
  const errorId = `${id}-range-error`;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="payments-audit-filters"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <div className="relative">
            <SearchInput
              id={`${id}-search`}
              searching={searching}
              value={filter.search}
              onChange={(event) => onChange({ search: event.target.value })}
              placeholder="Investor name, email or payment ID"
              data-testid="payments-search"
            />
          </div>
        </div>
        <fieldset className="grid grid-cols-2 gap-3 lg:w-80">
          <legend className="sr-only">Submitted between, Lagos days</legend>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>Submitted from</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(event) => onChange({ from: event.target.value })}
              data-testid="payments-from"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>to ({LAGOS_ZONE_LABEL})</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              onChange={(event) => onChange({ to: event.target.value })}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? errorId : undefined}
              data-testid="payments-to"
            />
          </div>
        </fieldset>
        {/* An export is an explicit ask: it takes the search as typed, not waiting for the list's debounce. */}
        <ExportPaymentsButton filter={{ ...applied, search: filter.search.trim() }} disabled={rangeError !== null} />
      </div>
      {rangeError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {rangeError}
        </p>
      ) : null}
      {filter.investor || hasAuditFilter(filter) ? (
        <div className="flex flex-wrap items-center gap-2">
          {filter.investor ? (
            <span
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
              data-testid="payments-investor-filter"
            >
              <UserRound className="size-4" aria-hidden="true" />
              Investor: {filter.investor.label}
              <button
                type="button"
                onClick={() => onChange({ investor: null })}
                className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-gold-500"
                aria-label={`Show every investor, not only ${filter.investor.label}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClear} data-testid="payments-clear-filters">
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
