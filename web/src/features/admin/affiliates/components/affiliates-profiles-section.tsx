import { Handshake } from 'lucide-react';
import { AdminListPanel, useSelectedRow } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { useAdminAffiliates } from '../api/affiliates-api';
import { AffiliatesDetailDialog } from './affiliates-detail-dialog';
import { AFFILIATES_LIST } from './affiliates-profiles-table';

/** Every affiliate profile with their sales in figures; a row opens the profile with bank details. */
export function AffiliatesProfilesSection() {
  const paging = useListPaging('');
  const query = useAdminAffiliates(paging.page);
  const [shown, setSelected] = useSelectedRow(query.data?.affiliates);
  return (
    <AdminListPanel
      list={AFFILIATES_LIST}
      state={{ query, paging, open: setSelected }}
      empty={
        <EmptyState icon={Handshake} title="No affiliates yet" data-testid="affiliates-empty">
          Signed-in users who register on /affiliate/onboarding appear here with their referral code.
        </EmptyState>
      }
      header={
        <div>
          <h2 id="affiliate-profiles-heading" className="text-lg font-semibold text-brand-950">
            Affiliates
          </h2>
          <p className="text-sm text-slate-600">Profiles, tiers and commissions. Open one for the bank details.</p>
        </div>
      }
    >
      <AffiliatesDetailDialog affiliate={shown} onClose={() => setSelected(null)} />
    </AdminListPanel>
  );
}
