import { Activity, FileText, Handshake, Mail, Receipt, ScrollText, Settings, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminAffiliates } from './affiliates/api/affiliates-api';
import { AffiliatesPanel } from './affiliates/components/affiliates-panel';
import { ApplicationsPanel } from './applications/components/applications-panel';
import { AuditPanel } from './audit/components/audit-panel';
import { ExportLeadsButton } from './leads/components/export-leads-button';
import { LeadsPanel } from './leads/components/leads-panel';
import { OperationsPanel } from './operations/components/operations-panel';
import { OutboxPanel } from './outbox/components/outbox-panel';
import { AdminChartsSection } from './overview/components/admin-charts-section';
import { PaymentsPanel } from './payments/components/payments-panel';
import { EscrowBanner } from './settings/components/escrow-banner';
import { SettingsPanel } from './settings/components/settings-panel';
import { useAdminCounters } from './shell/api/use-admin-query';
import { AdminCounters } from './shell/components/admin-counters';
import { AdminHeader } from './shell/components/admin-header';
import { AdminToolbar } from './shell/components/admin-toolbar';

function TabLabel({ icon, label, count }: { icon: ReactNode; label: string; count: number | undefined }) {
  return (
    <>
      {icon}
      <span>{label}</span>
      {count === undefined ? null : (
        <span
          className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 tabular-nums group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-800"
          data-testid={`tab-count-${label.toLowerCase()}`}
        >
          {count.toLocaleString('en-NG')}
        </span>
      )}
    </>
  );
}

const ADMIN_TABS = ['leads', 'payments', 'applications', 'affiliates', 'operations', 'outbox', 'settings', 'audit'];

const askedTab = () => {
  const asked = new URLSearchParams(window.location.search).get('tab');
  return asked && ADMIN_TABS.includes(asked) ? asked : null;
};

const iconClass = 'hidden size-4 sm:block';
// Panels stay mounted while hidden so a search, a page or an open list survives a tab switch.
const PANEL_CLASS = 'data-[state=inactive]:hidden';

export function AdminDashboard() {
  const { data: counters } = useAdminCounters();
  const { data: affiliates } = useAdminAffiliates({ offset: 0 });
  // `/admin?tab=operations` opens on that tab, scrolled to it: the admin's email alerts link there.
  const [tab, setTab] = useState(() => askedTab() ?? 'leads');
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (askedTab()) tabsRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div className="min-h-dvh bg-stone-50">
      <AdminHeader />
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:gap-8 sm:px-8 sm:py-10">
        <AdminToolbar>
          <ExportLeadsButton />
        </AdminToolbar>
        <EscrowBanner onOpenSettings={() => setTab('settings')} />
        <AdminCounters counters={counters} />
        <AdminChartsSection />
        <Tabs ref={tabsRef} value={tab} onValueChange={setTab} className="flex scroll-mt-20 flex-col">
          <TabsList className="flex h-auto w-full flex-wrap sm:inline-flex sm:w-fit">
            <TabsTrigger
              value="leads"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-leads"
            >
              <TabLabel icon={<Users className={iconClass} aria-hidden="true" />} label="Leads" count={counters?.totalLeads} />
            </TabsTrigger>
            <TabsTrigger
              value="payments"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-payments"
            >
              <TabLabel
                icon={<Receipt className={iconClass} aria-hidden="true" />}
                label="Payments"
                count={counters?.totalPayments}
              />
            </TabsTrigger>
            <TabsTrigger
              value="applications"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-applications"
            >
              <TabLabel
                icon={<FileText className={iconClass} aria-hidden="true" />}
                label="Applications"
                count={counters?.totalApplications}
              />
            </TabsTrigger>
            <TabsTrigger
              value="affiliates"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-affiliates"
            >
              <TabLabel
                icon={<Handshake className={iconClass} aria-hidden="true" />}
                label="Affiliates"
                count={affiliates?.total}
              />
            </TabsTrigger>
            <TabsTrigger
              value="operations"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-operations"
            >
              <TabLabel icon={<Activity className={iconClass} aria-hidden="true" />} label="Operations" count={undefined} />
            </TabsTrigger>
            <TabsTrigger
              value="outbox"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-outbox"
            >
              <TabLabel icon={<Mail className={iconClass} aria-hidden="true" />} label="Outbox" count={undefined} />
            </TabsTrigger>
            <TabsTrigger
              value="settings"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-settings"
            >
              <TabLabel icon={<Settings className={iconClass} aria-hidden="true" />} label="Settings" count={undefined} />
            </TabsTrigger>
            <TabsTrigger
              value="audit"
              className="group flex-auto gap-1.5 px-2 sm:flex-none sm:gap-2 sm:px-4"
              data-testid="tab-audit"
            >
              <TabLabel icon={<ScrollText className={iconClass} aria-hidden="true" />} label="Audit log" count={undefined} />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="leads" forceMount className={PANEL_CLASS}>
            <LeadsPanel />
          </TabsContent>
          <TabsContent value="payments" forceMount className={PANEL_CLASS}>
            <PaymentsPanel />
          </TabsContent>
          <TabsContent value="applications" forceMount className={PANEL_CLASS}>
            <ApplicationsPanel />
          </TabsContent>
          {/* Mounted only while shown: the status is fetched fresh each time the tab opens. */}
          <TabsContent value="operations">
            <OperationsPanel />
          </TabsContent>
          <TabsContent value="affiliates" forceMount className={PANEL_CLASS}>
            <AffiliatesPanel />
          </TabsContent>
          {/* Mounted only while shown: the messages are fetched fresh each time the tab opens. */}
          <TabsContent value="outbox">
            <OutboxPanel />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsPanel />
          </TabsContent>
          {/* Mounted only while shown: each opening reads the log as it is now. */}
          <TabsContent value="audit">
            <AuditPanel onOpenTab={setTab} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
