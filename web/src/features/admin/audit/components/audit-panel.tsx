import type { AuditEntry } from '@acres/contracts/audit-log';
import { ScrollText, SearchX } from 'lucide-react';
import { useState } from 'react';
import { AdminListPanel } from '@/features/admin/shell/components/admin-list-panel';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { useListPaging } from '@/features/admin/shell/lib/use-list-paging';
import { useDebouncedValue } from '@/features/admin/leads/lib/use-debounced-value';
import { type AuditFilterState, downloadAuditCsv, EMPTY_AUDIT_FILTERS, useAdminAuditLog } from '../api/audit-api';
import { SUBJECT_TABS } from '../lib/audit-labels';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilters } from './audit-filters';
import { AUDIT_LIST } from './audit-table';
import { IntegrityBanner } from './integrity-banner';

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
  const paging = useListPaging('');
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  // Typed filters wait for a pause; the dropdowns and dates apply at once.
  const actor = useDebouncedValue(filters.actor, 300);
  const subjectId = useDebouncedValue(filters.subjectId, 300);
  const applied = { ...filters, actor, subjectId };
  const query = useAdminAuditLog(applied, paging.page.cursor);
  const isFiltered = Object.values(applied).some((text) => text.trim() !== '');

  const changeFilters = (next: AuditFilterState) => {
    setFilters(next);
    paging.reset();
  };

  return (
    <AdminListPanel
      list={AUDIT_LIST}
      state={{ query, paging, open: setSelected }}
      empty={
        isFiltered ? (
          <EmptyState icon={SearchX} title="Nothing matches these filters" data-testid="audit-empty">
            Clear a filter or widen the dates.
          </EmptyState>
        ) : (
          <EmptyState icon={ScrollText} title="Nothing recorded yet" data-testid="audit-empty">
            Decisions on payments, applications and sales, settings changes and operations appear here as they happen.
          </EmptyState>
        )
      }
      header={
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 className="text-lg font-bold text-brand-950">Audit log</h2>
              <p className="text-sm text-slate-600">Who did what and when, from the event log. Times are Lagos time (WAT).</p>
            </div>
            <ExportAuditButton filters={applied} />
          </div>
          <IntegrityBanner />
          <AuditFilters value={filters} onChange={changeFilters} />
        </>
      }
    >
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
    </AdminListPanel>
  );
}
