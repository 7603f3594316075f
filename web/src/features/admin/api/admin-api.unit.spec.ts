import { describe, expect, it } from 'vitest';
import { adminLeadsKey, adminSubscriptionsKey, isAdminKey } from './admin-api';

describe('admin SWR keys', () => {
  it('asks for 50 leads from the offset, without an empty search', () => {
    expect(adminLeadsKey({ offset: 100, search: '  ' })).toBe('/api/admin/leads?limit=50&offset=100');
  });

  it('encodes the trimmed search term', () => {
    expect(adminLeadsKey({ offset: 0, search: ' Ada & Co ' })).toBe('/api/admin/leads?limit=50&offset=0&search=Ada+%26+Co');
  });

  it('keeps subscription keys under the prefix the application wizard refreshes', () => {
    expect(adminSubscriptionsKey({ offset: 0 }).startsWith('/api/admin/subscriptions')).toBe(true);
  });

  it('recognises only admin keys', () => {
    expect(isAdminKey('/api/admin/counters')).toBe(true);
    expect(isAdminKey('/api/payments')).toBe(false);
    expect(isAdminKey(['/api/admin/leads'])).toBe(false);
  });
});
