import { describe, expect, it } from 'vitest';
import { areasOfAdminPath, mayCallAdminPath, ROLE_AREAS } from './staff-roles.ts';

describe('the permission table', () => {
  it('gives the owner every area and each other role only its work and the overview', () => {
    expect(ROLE_AREAS.owner).toContain('staff');
    expect(ROLE_AREAS.sales).toEqual(['overview', 'leads', 'applications', 'documents']);
    expect(ROLE_AREAS.finance).toEqual(['overview', 'payments', 'reconciliation', 'affiliates', 'payouts']);
    expect(ROLE_AREAS.operations).toEqual(['overview', 'projections', 'outbox']);
  });

  it('matches whole path segments, and closes a path with no area to all but the owner', () => {
    expect(areasOfAdminPath('/api/admin/consent-history/:kind/:id')).toEqual(['leads', 'applications', 'payments']);
    expect(areasOfAdminPath('/api/admin/consent/:kind/:id')).toEqual(['leads', 'applications']);
    expect(areasOfAdminPath('/api/admin/leadsx')).toBeNull();
    expect(mayCallAdminPath('sales', '/api/admin/leads/export.csv')).toBe(true);
    expect(mayCallAdminPath('sales', '/api/admin/payouts/:id/paid')).toBe(false);
    expect(mayCallAdminPath('sales', '/api/admin/something-new')).toBe(false);
    expect(mayCallAdminPath('owner', '/api/admin/something-new')).toBe(true);
    expect(mayCallAdminPath('operations', '/api/admin/me')).toBe(true);
  });
});
