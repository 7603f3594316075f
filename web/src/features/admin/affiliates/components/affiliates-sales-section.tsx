import type { AdminAffiliateSale } from '@acres/contracts';
import { ClipboardCheck, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Select } from '@/components/ui/select';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { type SaleFilter, useAdminAffiliateSales, useAdminAffiliates } from '../api/affiliates-api';
import { AffiliatesSaleFilter } from './affiliates-sale-filter';
import { AffiliatesSalesTable } from './affiliates-sales-table';
import { SaleReviewDialog } from './sale-review-dialog';

const ALL_AFFILIATES = 'all';

const EMPTY: Record<SaleFilter, { title: string; text: string }> = {
  pending: { title: 'Nothing to verify', text: 'Every reported sale has been decided. New reports from affiliates appear here.' },
  verified: { title: 'No verified sales', text: 'Sales you verify appear here with the commission fixed at verification.' },
  rejected: { title: 'No rejected sales', text: 'No reported sale has been rejected.' },
  all: {
    title: 'No sales reported yet',
    text: 'When affiliates report sales from their dashboard, they appear here for you to verify.',
  },
};

/** Reported sales to verify or reject, filtered by status (Pending first), with the review dialog. */
export function AffiliatesSalesSection() {
  // The page belongs to a filter: another filter starts again at the first page.
  const [paging, setPaging] = useState<AdminPage & { status: SaleFilter }>({ status: 'pending', offset: 0 });
  const { status, offset, cursor } = paging;
  // One affiliate's sales, or everyone's ('').
  const [affiliateId, setAffiliateId] = useState('');
  const [selected, setSelected] = useState<AdminAffiliateSale | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, mutate } = useAdminAffiliateSales({ offset, cursor, status, affiliateId });
  // The same key as the list while it shows the first Pending page, so usually no second request.
  const { data: pendingFirstPage } = useAdminAffiliateSales({ offset: 0, status: 'pending' });
  // The first page of profiles (the section below shows it) tells each affiliate's verified count.
  const { data: affiliates } = useAdminAffiliates({ offset: 0 });

  // Decisions move sales out of a status filter: a page left empty steps back to the last page that has rows.
  useEffect(() => {
    if (!data || data.sales.length > 0 || offset === 0) return;
    const last = data.total > 0 ? Math.floor((data.total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE : 0;
    setPaging((current) =>
      current.status === status && current.offset === offset
        ? // By offset: the cursor of a page left empty has no rows to step back from.
          { status, offset: Math.min(last, offset - ADMIN_PAGE_SIZE) }
        : current,
    );
  }, [data, offset, status]);

  // The dialog follows the list: after a refresh it shows the sale as it is now.
  const shown = selected ? (data?.sales.find((s) => s.id === selected.id) ?? selected) : null;
  const verifiedSoFar = shown ? affiliates?.affiliates.find((a) => a.id === shown.affiliateId)?.verifiedSales : undefined;

  let body;
  if (error && !data) {
    body = <PanelError what="sales" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton rows={3} />;
  } else if (data.sales.length === 0) {
    body = (
      <EmptyState
        icon={status === 'pending' || status === 'all' ? ClipboardCheck : SearchX}
        title={EMPTY[status].title}
        data-testid="sales-empty"
      >
        {EMPTY[status].text}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <AffiliatesSalesTable sales={data.sales} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Sales"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.sales.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            setPaging({ status, offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby="affiliate-sales-heading" className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="affiliate-sales-heading" className="text-lg font-semibold text-brand-950">
            Sales to verify
          </h2>
          <p className="text-sm text-slate-600">Verify a sale to fix its commission at the affiliate's tier, or reject it.</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <AffiliatesSaleFilter
            value={status}
            onChange={(next) => setPaging({ status: next, offset: 0 })}
            pendingCount={pendingFirstPage?.total}
          />
          <Select
            aria-label="Filter sales by affiliate"
            data-testid="sales-affiliate-filter"
            className="sm:w-64"
            value={affiliateId || ALL_AFFILIATES}
            options={[
              { value: ALL_AFFILIATES, label: 'All affiliates' },
              ...(affiliates?.affiliates ?? []).map((a) => ({ value: a.id, label: `${a.fullName} (${a.referralCode})` })),
            ]}
            onValueChange={(next) => {
              setAffiliateId(next === ALL_AFFILIATES ? '' : next);
              setPaging({ status, offset: 0 });
            }}
          />
        </div>
      </div>
      {body}
      <SaleReviewDialog sale={shown} verifiedSoFar={verifiedSoFar} onClose={() => setSelected(null)} />
    </section>
  );
}
