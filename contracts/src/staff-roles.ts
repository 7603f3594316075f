// Who may do what in the admin area (issue 27, item 1): one table of role → areas, and one of
// admin route → area. Both guards (command and query API) enforce them on every admin route;
// the SPA shows only the tabs of the areas a role has. Pure data, shared by all three.

import { STAFF_ROLES, type StaffRole } from './events/staff-events.ts';

export { STAFF_ROLES, type StaffRole };

/** The parts of the admin area a role can be given. */
export const ADMIN_AREAS = [
  'overview',
  'leads',
  'applications',
  'documents',
  'payments',
  'reconciliation',
  'affiliates',
  'payouts',
  'projections',
  'outbox',
  'audit',
  'settings',
  'erasure',
  'staff',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  finance: 'Finance',
  sales: 'Sales',
  operations: 'Operations',
};

/** The permission table. The owner has everything; every other role what its work needs, and the overview. */
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly AdminArea[]>> = {
  owner: ADMIN_AREAS,
  finance: ['overview', 'payments', 'reconciliation', 'affiliates', 'payouts'],
  sales: ['overview', 'leads', 'applications', 'documents'],
  operations: ['overview', 'projections', 'outbox'],
};

export const mayUseArea = (role: StaffRole, area: AdminArea) => ROLE_AREAS[role].includes(area);

/** Routes every signed-in staff member may call whatever their role: who am I. */
export const SELF_AREA = 'self';

/**
 * Each admin route's area by the start of its pattern ('/api/admin/leads/:id'), whole segments
 * only, first match wins. A route may belong to several areas (an uploaded proof is seen by payments and
 * applications); a role with any of them may call it. A path named here by no rule has no
 * area, and only the owner may call it: a new admin route is closed until it is given one.
 */
export const ADMIN_ROUTE_AREAS: readonly (readonly [prefix: string, areas: readonly (AdminArea | typeof SELF_AREA)[]])[] = [
  ['/api/admin/me', [SELF_AREA]],
  ['/api/admin/counters', ['overview']],
  ['/api/admin/charts', ['overview']],
  ['/api/admin/leads', ['leads']],
  // The consent record of a lead, an application or a payment: ':kind' decides, any of the three may read.
  ['/api/admin/consent-history', ['leads', 'applications', 'payments']],
  ['/api/admin/consent', ['leads', 'applications']],
  ['/api/admin/subscriptions', ['applications']],
  ['/api/admin/users', ['applications']],
  ['/api/admin/payments', ['payments']],
  ['/api/admin/allocation', ['payments']],
  ['/api/admin/affiliate-sales', ['affiliates']],
  ['/api/admin/affiliates', ['affiliates']],
  ['/api/admin/payouts', ['payouts']],
  ['/api/admin/projections', ['projections']],
  ['/api/admin/outbox', ['outbox']],
  ['/api/admin/audit-log', ['audit']],
  ['/api/admin/settings', ['settings']],
  ['/api/admin/erasures', ['erasure']],
  ['/api/admin/data-export', ['erasure']],
  ['/api/admin/staff', ['staff']],
  // The due-diligence room: its documents, and the links sent to leads (a lead's own are under /leads).
  ['/api/admin/documents', ['documents']],
  ['/api/admin/materials', ['leads', 'documents']],
  // A staff member's upload URL and PUT: only due-diligence documents need staff credentials.
  ['/api/objects/upload', ['documents']],
  ['/api/objects/uploads', ['payments', 'applications', 'affiliates']],
  ['/metrics', ['projections']],
];

/** The areas of a route pattern (e.g. '/api/admin/leads/:id'), or null when it has none. */
export const areasOfAdminPath = (path: string): readonly (AdminArea | typeof SELF_AREA)[] | null =>
  ADMIN_ROUTE_AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;

/** Whether a role may call the route with this pattern: its areas, or the owner alone for a pattern without one. */
export const mayCallAdminPath = (role: StaffRole, path: string) => {
  const areas = areasOfAdminPath(path);
  if (areas === null) return role === 'owner';
  return areas.some((area) => area === SELF_AREA || mayUseArea(role, area));
};
