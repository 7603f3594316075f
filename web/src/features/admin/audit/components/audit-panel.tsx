import type { AuditEntry } from '@acres/contracts/audit-log';
import { ScrollText, SearchX } from 'lucide-react';
import { useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '@/features/admin/shell/api/admin-client';
import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { Pagination } from '@/features/admin/shell/components/pagination';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { useDebouncedValue } from '@/features/admin/leads/lib/use-debounced-value';
import { type AuditFilterState, downloadAuditCsv, EMPTY_AUDIT_FILTERS, useAdminAuditLog } from '../api/audit-api';
import { SUBJECT_TABS } from '../lib/audit-labels';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilters } from './audit-filters';
import { IntegrityBanner } from './integrity-banner';
import { AuditTable } from './audit-table';

function ExportAuditButton({ filters }: { filters: AuditFilterState }) {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        await downloadAuditCsv(authorization, filters);
      }}
      testId="audit-export"
    />
  );
}

/** Every admin action and state change, newest first, from the event log (issue 12). */
export function AuditPanel({ onOpenTab }: { onOpenTab: (tab: string) => void }) {
  const [filters, setFilters] = useState<AuditFilterState>(EMPTY_AUDIT_FILTERS);
  // The page belongs to the filters: new filters start again at the first page.
  const [paging, setPaging] = useState<{ offset: number; cursor?: string | undefined }>({ offset: 0 });
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // Typed filters wait for a pause; the dropdowns and dates apply at once.
  const actor = useDebouncedValue(filters.actor, 300);
  const subjectId = useDebouncedValue(filters.subjectId, 300);
  const applied = { ...filters, actor, subjectId };
  const { data, error, isLoading, mutate } = useAdminAuditLog(applied, paging.cursor);
  const isFiltered = Object.values(applied).some((text) => text.trim() !== '');

  const changeFilters = (next: AuditFilterState) => {
    setFilters(next);
    setPaging({ offset: 0 });
  };

  let body;
  if (error && !data) {
    body = <PanelError what="audit log" error={error} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.entries.length === 0) {
    body = isFiltered ? (
      <EmptyState icon={SearchX} title="Nothing matches these filters" data-testid="audit-empty">
        Clear a filter or widen the dates.
      </EmptyState>
    ) : (
      <EmptyState icon={ScrollText} title="Nothing recorded yet" data-testid="audit-empty">
        Decisions on payments, applications and sales, settings changes and operations appear here as they happen.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <AuditTable entries={data.entries} onOpen={setSelected} busy={isLoading} />
        <Pagination
          label="Audit log"
          offset={paging.offset}
          pageSize={ADMIN_PAGE_SIZE}
          total={data.total}
          shown={data.entries.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          onOffsetChange={(offset, cursor) => {
            setPaging({ offset, cursor });
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-label="Audit log" className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-bold text-brand-950">Audit log</h2>
          <p className="text-sm text-slate-600">Who did what and when, from the event log. Times are Lagos time (WAT).</p>
        </div>
        <ExportAuditButton filters={applied} />
      </div>
      <IntegrityBanner />
      <AuditFilters value={filters} onChange={changeFilters} />
      {body}
      <AuditEntryDialog
        entry={selected}
        onClose={() => setSelected(null)}
        onOpenSubjectTab={(entry) => {
          setSelected(null);
          const tab = SUBJECT_TABS[entry.subjectType];
          if (tab) onOpenTab(tab);
        }}
        onFilterSubject={(entry) => {
          setSelected(null);
          changeFilters({ ...EMPTY_AUDIT_FILTERS, subjectType: entry.subjectType, subjectId: entry.subjectId });
        }}
      />
    </section>
  );
}
