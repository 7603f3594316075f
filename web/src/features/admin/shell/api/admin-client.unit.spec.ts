import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_COUNTERS_KEY,
  adminLeadsKey,
  adminObjectUrl,
  adminPaymentHistoryKey,
  adminPaymentsKey,
  adminSubscriptionsKey,
  isAdminKey,
  fetchers,
  isPaymentDecisionKey,
  STALE_READ_HEADER,
} from './admin-client';

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

describe('payment SWR keys', () => {
  it('asks for every status when the filter is All', () => {
    expect(adminPaymentsKey({ offset: 0, status: 'all' })).toBe('/api/admin/payments?limit=50&offset=0');
  });

  it('sends one status and the page', () => {
    expect(adminPaymentsKey({ offset: 50, status: 'pending' })).toBe('/api/admin/payments?limit=50&offset=50&status=pending');
  });

  it('refreshes lists, timelines, counters and allocation after a decision, and nothing else', () => {
    const id = '6f1c1f0e-8a43-4a57-9a38-4b0e4f2f8c11';
    expect(adminPaymentHistoryKey(id)).toBe(`/api/admin/payments/${id}/history`);
    for (const key of [adminPaymentsKey({ offset: 0, status: 'rejected' }), adminPaymentHistoryKey(id), '/api/admin/counters', '/api/admin/allocation']) {
      expect(isPaymentDecisionKey(key), key).toBe(true);
    }
    for (const key of [adminLeadsKey({ offset: 0, search: '' }), adminSubscriptionsKey({ offset: 0 }), '/api/payments', ['/api/admin/payments']]) {
      expect(isPaymentDecisionKey(key), String(key)).toBe(false);
    }
  });
});

describe('adminObjectUrl', () => {
  it('puts an uploaded object under /api', () => {
    expect(adminObjectUrl('/objects/uploads/3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10')).toBe(
      '/api/objects/uploads/3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10',
    );
  });

  it('refuses paths that could send the admin credentials somewhere else', () => {
    for (const path of [
      '/objects/../admin/leads/export.csv',
      '/objects/uploads/a?x=1',
      '//evil.example/objects/uploads/a',
      'https://evil.example/objects/uploads/a',
      'objects/uploads/a',
      '/objects/',
      '',
      null,
      undefined,
    ]) {
      expect(adminObjectUrl(path), String(path)).toBeNull();
    }
  });
});

describe('an admin read answered before the read model caught up', () => {
  const counters = (pending: number) => ({
    totalLeads: 0,
    totalApplications: 0,
    totalPayments: 2,
    pendingApprovals: pending,
    approvedPayments: 2 - pending,
  });
  const answer = (body: unknown, stale: boolean) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', ...(stale ? { [STALE_READ_HEADER]: 'true' } : {}) },
    });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is asked for again until a fresh answer comes', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(counters(2), true))
      .mockResolvedValueOnce(answer(counters(1), false));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchers.counters('Basic x')(ADMIN_COUNTERS_KEY)).resolves.toMatchObject({ pendingApprovals: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new Headers(fetch.mock.calls[0]![1].headers).get('authorization')).toBe('Basic x');
  });

  it('is used as it is after three stale answers', async () => {
    const fetch = vi.fn().mockImplementation(async () => answer(counters(2), true));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchers.counters('Basic x')(ADMIN_COUNTERS_KEY)).resolves.toMatchObject({ pendingApprovals: 2 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
