import type { Lead } from '@acres/contracts';
import { SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { AdminListPanel } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { SearchInput } from '@/features/admin/shell/components/search-input';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { useAdminLeads } from '../api/leads-api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LEADS_LIST } from './leads-table';

const SEARCH_DEBOUNCE_MS = 300;

export function LeadsPanel() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useListPaging(search);
  const [selected, setSelected] = useState<Lead | null>(null);
  const query = useAdminLeads({ ...paging.page, search });
  const searching = searchText.trim() !== search || (query.isValidating && Boolean(query.data));

  const empty = search ? (
    <EmptyState icon={SearchX} title="No matching leads" data-testid="leads-empty">
      Nothing matches “{search}”. Try a name, email, phone number or company.
    </EmptyState>
  ) : (
    <EmptyState icon={Users} title="No leads yet" data-testid="leads-empty">
      Reservations made on the landing page appear here, newest first.
    </EmptyState>
  );

  return (
    <AdminListPanel
      list={LEADS_LIST}
      state={{ query, paging, open: setSelected }}
      empty={empty}
      header={
        <div className="relative sm:max-w-md">
          <SearchInput
            searching={searching}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Name, email, phone or company"
            aria-label="Search leads"
            data-testid="leads-search"
          />
        </div>
      }
    >
      <LeadDetailDialog lead={selected} onClose={() => setSelected(null)} />
    </AdminListPanel>
  );
}
