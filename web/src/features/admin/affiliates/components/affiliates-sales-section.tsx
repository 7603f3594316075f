import { ClipboardCheck, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Select } from '@/components/ui/select';
import { AdminListPanel, useSelectedRow } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { type SaleFilter, useAdminAffiliateSales, useAdminAffiliates } from '../api/affiliates-api';
import { AffiliatesSaleFilter } from './affiliates-sale-filter';
import { SALES_LIST } from './affiliates-sales-table';
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
  const [status, setStatus] = useState<SaleFilter>('pending');
  // One affiliate's sales, or everyone's ('').
  const [affiliateId, setAffiliateId] = useState('');
  const paging = useListPaging(`${status} ${affiliateId}`);
  const query = useAdminAffiliateSales({ ...paging.page, status, affiliateId });
  // The same key as the list while it shows the first Pending page, so usually no second request.
  const { data: pendingFirstPage } = useAdminAffiliateSales({ offset: 0, status: 'pending' });
  // The first page of profiles (the section below shows it) tells each affiliate's verified count.
  const { data: affiliates } = useAdminAffiliates({ offset: 0 });

  const [shown, setSelected] = useSelectedRow(query.data?.sales);
  const verifiedSoFar = shown ? affiliates?.affiliates.find((a) => a.id === shown.affiliateId)?.verifiedSales : undefined;

  return (
    <AdminListPanel
      list={SALES_LIST}
      state={{ query, paging, open: setSelected }}
      empty={
        <EmptyState
          icon={status === 'pending' || status === 'all' ? ClipboardCheck : SearchX}
          title={EMPTY[status].title}
          data-testid="sales-empty"
        >
          {EMPTY[status].text}
        </EmptyState>
      }
      header={
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
              onChange={(next) => {
                setStatus(next);
                paging.reset();
              }}
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
                paging.reset();
              }}
            />
          </div>
        </div>
      }
    >
      <SaleReviewDialog sale={shown} verifiedSoFar={verifiedSoFar} onClose={() => setSelected(null)} />
    </AdminListPanel>
  );
}
