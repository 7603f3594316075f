import type { AdminAffiliate } from '@acres/contracts';
import { Handshake } from 'lucide-react';
import { useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/features/admin/shell/api/admin-client';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useAdminAffiliates } from '../api/affiliates-api';
import { AffiliatesDetailDialog } from './affiliates-detail-dialog';
import { AffiliatesProfilesTable } from './affiliates-profiles-table';

/** Every affiliate profile with their sales in figures; a row opens the profile with bank details. */
export function AffiliatesProfilesSection() {
  const [{ offset, cursor }, setPage] = useState<AdminPage>({ offset: 0 });
  const [selected, setSelected] = useState<AdminAffiliate | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, mutate } = useAdminAffiliates({ offset, cursor });
  // The dialog follows the list: a decision made meanwhile shows in its figures.
  const shown = selected ? (data?.affiliates.find((a) => a.id === selected.id) ?? selected) : null;

  let body;
  if (error && !data) {
    body = <PanelError what="affiliates" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton rows={3} />;
  } else if (data.affiliates.length === 0) {
    body = (
      <EmptyState icon={Handshake} title="No affiliates yet" data-testid="affiliates-empty">
        Signed-in users who register on /affiliate/onboarding appear here with their referral code.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <AffiliatesProfilesTable affiliates={data.affiliates} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Affiliates"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.affiliates.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            setPage({ offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby="affiliate-profiles-heading" className="flex scroll-mt-20 flex-col gap-4">
      <div>
        <h2 id="affiliate-profiles-heading" className="text-lg font-semibold text-brand-950">
          Affiliates
        </h2>
        <p className="text-sm text-slate-600">Profiles, tiers and commissions. Open one for the bank details.</p>
      </div>
      {body}
      <AffiliatesDetailDialog affiliate={shown} onClose={() => setSelected(null)} />
    </section>
  );
}
