import { describe, expect, it } from 'vitest';
import { adminPaymentHistoryKey, adminPaymentsKey, isPaymentDecisionKey } from './payments-api';

describe('payment SWR keys', () => {
  it.each([
    [
      'asks for every status when the filter is All',
      { offset: 0, status: 'all' as const },
      '/api/admin/payments?limit=50&offset=0',
    ],
    [
      'sends one status and the page',
      { offset: 50, status: 'pending' as const },
      '/api/admin/payments?limit=50&offset=50&status=pending',
    ],
  ])('%s', (_name, filter, key) => {
    expect(adminPaymentsKey(filter)).toBe(key);
  });

  it('sends the audit filters that narrow, and nothing for blanks', () => {
    const investor = { id: '0b5d2c55-0a65-4f7e-9f6c-1f1d6d1c2a33', label: 'Ada Obi' };
    expect(
      adminPaymentsKey({ offset: 0, status: 'approved', search: ' ada ', from: '2026-01-01', to: '2026-01-31', investor }),
    ).toBe(
      `/api/admin/payments?limit=50&offset=0&status=approved&search=ada&from=2026-01-01&to=2026-01-31&investor=${investor.id}`,
    );
    expect(adminPaymentsKey({ offset: 0, cursor: 'abc', status: 'all', search: '  ', from: '', to: '', investor: null })).toBe(
      '/api/admin/payments?limit=50&cursor=abc',
    );
  });

  it('refreshes lists, timelines, counters and allocation after a decision, and nothing else', () => {
    const id = '6f1c1f0e-8a43-4a57-9a38-4b0e4f2f8c11';
    expect(adminPaymentHistoryKey(id)).toBe(`/api/admin/payments/${id}/history`);
    for (const key of [
      adminPaymentsKey({ offset: 0, status: 'rejected' }),
      adminPaymentHistoryKey(id),
      '/api/admin/counters',
      '/api/admin/allocation',
    ]) {
      expect(isPaymentDecisionKey(key), key).toBe(true);
    }
    for (const key of [
      '/api/admin/leads?limit=50&offset=0',
      '/api/admin/subscriptions?limit=50&offset=0',
      '/api/payments',
      ['/api/admin/payments'],
    ]) {
      expect(isPaymentDecisionKey(key), String(key)).toBe(false);
    }
  });
});
