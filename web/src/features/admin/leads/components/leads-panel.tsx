import { SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import { AdminListPanel, useSelectedRow } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { SearchInput } from '@/features/admin/shell/components/search-input';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { LeadMetricsSection } from '@/features/admin/overview/components/lead-metrics-section';
import { useAdminLeads, useOverdueLeads } from '../api/leads-api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LeadFilters, type LeadFilterValues } from './lead-filters';
import { LEADS_LIST } from './leads-table';
import { ExportLeadsButton } from './export-leads-button';
import { OverdueLeads } from './overdue-leads';

const SEARCH_DEBOUNCE_MS = 300;

const NO_FILTERS: LeadFilterValues = { stage: 'all', owner: '', overdue: false };

export function LeadsPanel() {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<LeadFilterValues>(NO_FILTERS);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const owner = useDebouncedValue(filters.owner.trim(), SEARCH_DEBOUNCE_MS);
  const paging = useListPaging(`${search}|${filters.stage}|${owner}|${String(filters.overdue)}`);
  const query = useAdminLeads({ ...paging.page, search, stage: filters.stage, owner, overdue: filters.overdue });
  // The overdue strip stands above the list unless the list is the overdue leads already.
  const overdue = useOverdueLeads(!filters.overdue);
  const [selected, setSelected] = useSelectedRow([...(query.data?.leads ?? []), ...(overdue.data?.leads ?? [])]);
  const searching = searchText.trim() !== search || (query.isValidating && Boolean(query.data));
  const filtered = search || filters.stage !== 'all' || owner || filters.overdue;

  const empty = filtered ? (
    <EmptyState icon={SearchX} title="No matching leads" data-testid="leads-empty">
      {search ? `Nothing matches “${search}”. Try a name, email, phone number or company.` : 'No lead matches these filters.'}
    </EmptyState>
  ) : (
    <EmptyState icon={Users} title="No leads yet" data-testid="leads-empty">
      Reservations made on the landing page appear here, newest first.
    </EmptyState>
  );

  return (
    <div className="flex flex-col gap-6">
      <AdminListPanel
        list={LEADS_LIST}
        state={{ query, paging, open: setSelected }}
        empty={empty}
        header={
          <div className="flex flex-col gap-4">
            <OverdueLeads leads={overdue.data?.leads ?? []} total={overdue.data?.total ?? 0} onOpen={setSelected} />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="relative sm:w-full sm:max-w-md">
                <SearchInput
                  searching={searching}
                  value={searchText}
                  onChange={(event) => setSearchText(event.target.value)}
                  placeholder="Name, email, phone or company"
                  aria-label="Search leads"
                  data-testid="leads-search"
                />
              </div>
              <ExportLeadsButton search={search} />
            </div>
            <LeadFilters value={filters} onChange={setFilters} />
          </div>
        }
      >
        <LeadDetailDialog lead={selected} onClose={() => setSelected(null)} />
      </AdminListPanel>
      <LeadMetricsSection />
    </div>
  );
}
