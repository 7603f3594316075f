import type { AdminCountersResponse } from '@acres/contracts';
import type { AdminArea } from '@acres/contracts/staff-roles';
import {
  Activity,
  ChartColumn,
  FileText,
  FolderLock,
  Handshake,
  type LucideIcon,
  Mail,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { AffiliatesPanel } from './affiliates/components/affiliates-panel';
import { ApplicationsPanel } from './applications/components/applications-panel';
import { AuditPanel } from './audit/components/audit-panel';
import { AdminChartsSection } from './overview/components/admin-charts-section';
import { DocumentsPanel } from './documents/components/documents-panel';
import { LeadsPanel } from './leads/components/leads-panel';
import { OperationsPanel } from './operations/components/operations-panel';
import { OutboxPanel } from './outbox/components/outbox-panel';
import { PaymentsPanel } from './payments/components/payments-panel';
import { SettingsPanel } from './settings/components/settings-panel';
import { StaffPanel } from './staff/components/staff-panel';

/** What the tabs' counts read. */
export type AdminTabCounts = { counters: AdminCountersResponse | undefined; affiliatesTotal: number | undefined };

export type AdminTab = {
  id: string;
  label: string;
  /** The area of the permission table the tab shows: a role without it does not see the tab. */
  area: AdminArea;
  icon: LucideIcon;
  panel: ComponentType<{ onOpenTab: (tab: string) => void }>;
  /** The figure beside the label; none when absent. */
  count?: (counts: AdminTabCounts) => number | undefined;
  /**
   * Mounted while hidden, so a search, a page or an open list survives a tab switch; the
   * others mount only while shown, so each opening reads the data as it is now.
   */
  kept?: true;
};

export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'leads',
    label: 'Leads',
    area: 'leads',
    icon: Users,
    panel: LeadsPanel,
    kept: true,
    count: (c) => c.counters?.totalLeads,
  },
  {
    id: 'payments',
    label: 'Payments',
    area: 'payments',
    icon: Receipt,
    panel: PaymentsPanel,
    kept: true,
    count: (c) => c.counters?.totalPayments,
  },
  {
    id: 'applications',
    label: 'Applications',
    area: 'applications',
    icon: FileText,
    panel: ApplicationsPanel,
    kept: true,
    count: (c) => c.counters?.totalApplications,
  },
  {
    id: 'affiliates',
    label: 'Affiliates',
    area: 'affiliates',
    icon: Handshake,
    panel: AffiliatesPanel,
    kept: true,
    count: (c) => c.affiliatesTotal,
  },
  { id: 'documents', label: 'Documents', area: 'documents', icon: FolderLock, panel: DocumentsPanel },
  { id: 'operations', label: 'Operations', area: 'projections', icon: Activity, panel: OperationsPanel },
  { id: 'outbox', label: 'Outbox', area: 'outbox', icon: Mail, panel: OutboxPanel },
  { id: 'settings', label: 'Settings', area: 'settings', icon: Settings, panel: SettingsPanel },
  { id: 'audit', label: 'Audit log', area: 'audit', icon: ScrollText, panel: AuditPanel },
  { id: 'staff', label: 'Staff', area: 'staff', icon: ShieldCheck, panel: StaffPanel },
  // The charts have a tab of their own: the first screen of every other tab is its list.
  { id: 'overview', label: 'Overview', area: 'overview', icon: ChartColumn, panel: AdminChartsSection },
];
