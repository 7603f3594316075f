import { describe, expect, it } from 'vitest';
import { adminSubscriptionsKey } from './applications-api';

describe('application SWR keys', () => {
  it('keeps subscription keys under the prefix the application wizard refreshes', () => {
    expect(adminSubscriptionsKey({ offset: 0 }).startsWith('/api/admin/subscriptions')).toBe(true);
  });
});
