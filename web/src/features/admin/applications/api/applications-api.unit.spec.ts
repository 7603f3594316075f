import { describe, expect, it } from 'vitest';
import { adminSubscriptionsKey, isApplicationDecisionKey } from './applications-api';

describe('application SWR keys', () => {
  it('keeps subscription keys under the prefix the application wizard refreshes', () => {
    expect(adminSubscriptionsKey({ offset: 0 }).startsWith('/api/admin/subscriptions')).toBe(true);
  });

  it('sends the status filter, and no status for all', () => {
    expect(adminSubscriptionsKey({ offset: 0, status: 'approved' })).toBe(
      '/api/admin/subscriptions?limit=50&offset=0&status=approved',
    );
    expect(adminSubscriptionsKey({ offset: 0, status: 'all' })).toBe('/api/admin/subscriptions?limit=50&offset=0');
  });

  it('refreshes the lists and counters after a decision, not the other tabs', () => {
    expect(isApplicationDecisionKey('/api/admin/subscriptions?limit=50&offset=0&status=pending')).toBe(true);
    expect(isApplicationDecisionKey('/api/admin/counters')).toBe(true);
    expect(isApplicationDecisionKey('/api/admin/leads?limit=50&offset=0')).toBe(false);
  });
});
