import type { Lead } from '@acres/contracts';
import { LoaderCircle, Search, SearchX, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { ADMIN_PAGE_SIZE } from '@/features/admin/shell/api/admin-client';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useAdminLeads } from '../api/leads-api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LeadsTable } from './leads-table';

const SEARCH_DEBOUNCE_MS = 300;

export function LeadsPanel() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to a search: a new search starts again at the first page.
  const [paging, setPaging] = useState<{ search: string; offset: number; cursor?: string | undefined }>({
    search: '',
    offset: 0,
  });
  const offset = paging.search === search ? paging.offset : 0;
  const cursor = paging.search === search ? paging.cursor : undefined;
  const [selected, setSelected] = useState<Lead | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { data, error, isLoading, isValidating, mutate } = useAdminLeads({ offset, cursor, search });
  const searching = searchText.trim() !== search || (isValidating && Boolean(data));

  let body;
  if (error && !data) {
    body = <PanelError what="leads" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.leads.length === 0) {
    body = search ? (
      <EmptyState icon={SearchX} title="No matching leads" data-testid="leads-empty">
        Nothing matches “{search}”. Try a name, email, phone number or company.
      </EmptyState>
    ) : (
      <EmptyState icon={Users} title="No leads yet" data-testid="leads-empty">
        Reservations made on the landing page appear here, newest first.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <LeadsTable leads={data.leads} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Leads"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.leads.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(next, nextCursor) => {
            setPaging({ search, offset: next, cursor: nextCursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Leads" className="flex scroll-mt-20 flex-col gap-4">
      <div className="relative sm:max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="Name, email, phone or company"
          aria-label="Search leads"
          maxLength={200}
          className="pr-10 pl-9"
          data-testid="leads-search"
        />
        {searching ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-400"
            aria-hidden="true"
          />
        ) : null}
      </div>
      {body}
      <LeadDetailDialog lead={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
