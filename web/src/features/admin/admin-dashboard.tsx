import { useEffect, useRef, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ADMIN_TABS, type AdminTab, type AdminTabCounts } from './admin-tabs';
import { useAdminAffiliates } from './affiliates/api/affiliates-api';
import { EscrowBanner } from './settings/components/escrow-banner';
import { useAdminCounters } from './shell/api/use-admin-query';
import { AdminCounters } from './shell/components/admin-counters';
import { AdminHeader } from './shell/components/admin-header';
import { AdminToolbar } from './shell/components/admin-toolbar';
import { useMayUse } from './shell/lib/admin-session';

function TabLabel({ tab, count }: { tab: AdminTab; count: number | undefined }) {
  const Icon = tab.icon;
  return (
    <>
      {/* Icons only where a row of every tab has room for them. */}
      <Icon className="hidden size-4 2xl:block" aria-hidden="true" />
      <span>{tab.label}</span>
      {count === undefined ? null : (
        <span
          className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 tabular-nums group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-800"
          data-testid={`tab-count-${tab.label.toLowerCase()}`}
        >
          {count.toLocaleString('en-NG')}
        </span>
      )}
    </>
  );
}

const askedTab = (tabs: readonly AdminTab[]) => {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return asked && tabs.some((tab) => tab.id === asked) ? asked : null;
};

// Kept panels stay mounted while hidden.
const KEPT_PANEL_CLASS = 'data-[state=inactive]:hidden';

export function AdminDashboard() {
  const mayUse = useMayUse();
  // Only the tabs of the areas the role has (issue 27); the server refuses the rest anyway.
  const tabs = ADMIN_TABS.filter((each) => mayUse(each.area));
  const { data: counters } = useAdminCounters();
  const { data: affiliates } = useAdminAffiliates({ offset: 0 }, { enabled: mayUse('affiliates') });
  // `/admin?tab=operations` opens on that tab, scrolled to it: the admin's email alerts link there.
  const [tab, setTab] = useState(() => askedTab(tabs) ?? tabs[0]?.id ?? 'leads');
  const tabsRef = useRef<HTMLDivElement>(null);
  const counts: AdminTabCounts = { counters, affiliatesTotal: affiliates?.total };
  useEffect(() => {
    if (askedTab(ADMIN_TABS)) tabsRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div className="min-h-dvh bg-stone-50">
      <AdminHeader />
      {/* The work first: the tabs right under the title, a strip of counters, then the tab's list. */}
      <main className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-8 sm:py-6">
        <AdminToolbar />
        <Tabs ref={tabsRef} value={tab} onValueChange={setTab} className="flex scroll-mt-20 flex-col gap-4">
          <TabsList className="flex h-auto w-full flex-wrap overflow-x-auto sm:w-fit sm:max-w-full sm:flex-nowrap">
            {tabs.map((each) => (
              <TabsTrigger
                key={each.id}
                value={each.id}
                className="group flex-auto gap-1.5 px-2 sm:flex-none sm:px-3"
                data-testid={`tab-${each.id}`}
              >
                <TabLabel tab={each} count={each.count?.(counts)} />
              </TabsTrigger>
            ))}
          </TabsList>
          {mayUse('settings') ? <EscrowBanner onOpenSettings={() => setTab('settings')} /> : null}
          <AdminCounters counters={counters} />
          {tabs.map((each) => (
            <TabsContent
              key={each.id}
              value={each.id}
              forceMount={each.kept}
              className={each.kept ? `mt-0 ${KEPT_PANEL_CLASS}` : 'mt-0'}
            >
              <each.panel onOpenTab={setTab} />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
